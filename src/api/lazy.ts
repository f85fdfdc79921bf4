/**
 * `lazyResource(name, load)`: a resource (an object of async calls, possibly nested, as `checkout.crossSell.get`)
 * whose module loads on its first call, so an element that never calls it does not carry it in its first paint.
 * Every call returns a promise; the module is loaded once (a failed load is retried by the next call).
 *
 * The element loaders (scripts/vite-element-entries.ts) fetch the resources an element's first request needs with
 * the element; such a module announces itself when it is evaluated (`provideResource`), and a call then proceeds
 * without an import() — which would wait behind the element's first render task — so the first request starts at
 * connect.
 */
const provided = new Map<string, unknown>();

/** Per module not announced yet: a promise of it, settled by provideResource (see loadProvided). */
const announced = new Map<string, Promise<unknown>>();
const announce = new Map<string, (module: unknown) => void>();

/** Called at the top level of a lazily loaded resource module with its exports. */
export function provideResource(name: string, module: unknown): void {
  provided.set(name, module);
  announce.get(name)?.(module);
}

/**
 * The module `name`, from whichever comes first: its chunk announcing itself when evaluated (the element loaders
 * fetch it with the element) or `load()`. The announcement continues the waiting call in the same task; the
 * import() settles a task later, which may be after the element's first render.
 */
export function loadProvided<M>(name: string, load: () => Promise<M>): Promise<M> {
  if (provided.has(name)) return Promise.resolve(provided.get(name) as M);
  let a = announced.get(name);
  if (!a) announced.set(name, (a = new Promise((resolve) => announce.set(name, resolve))));
  return Promise.race([a as Promise<M>, load()]);
}

export function lazyResource<M, T extends object>(name: string, load: () => Promise<M>, make: (module: M) => T): T {
  let loading: Promise<T> | undefined;
  const resource = (): Promise<T> => {
    if (!loading) {
      loading = loadProvided(name, load).then(make, (err: unknown) => {
        loading = undefined;
        throw err;
      });
    }
    return loading;
  };
  const at = (path: readonly string[]): unknown =>
    new Proxy(function lazyCall() {}, {
      // `then` is never a call path: the proxy must not look like a promise.
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? at([...path, key]) : undefined),
      apply: (_target, _this, args: unknown[]) =>
        resource().then((r) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks a path typed by the proxied interface
          let owner: any = r;
          for (const k of path.slice(0, -1)) owner = owner[k];
          return owner[path[path.length - 1] as string](...args);
        }),
    });
  return at([]) as T;
}
