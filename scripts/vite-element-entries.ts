/**
 * Vite plugins that shape what each element ships (see docs/architecture.md, "Loading").
 *
 * elementLoaders(): every element entry (`dist/elements/<tag>.js`) is a small loader with no static imports. When
 * it is evaluated it starts, in parallel, a dynamic import() of the element's module (`chunks/<tag>-[hash].js`),
 * of every chunk that module imports statically (its whole static closure, so the browser does not discover the
 * chunks level by level) and of the HTTP client (axios, which the first request needs), then re-exports the element
 * class with a top-level await: `import '/elements/pay-checkout.js'` still resolves once the element is defined.
 * Nothing is written to document.head (no modulepreload links). The preloaded chunks are evaluated as they arrive;
 * that is safe because the chunk graph has no cycles (the build fails if it ever has one).
 *
 * (The elements read only names and types at run time from elements/_runtime/<tag>.ts, which `npm run manifest`
 * generates; the documentation in elements/*.meta.ts never reaches a bundle.)
 */
import type { Plugin } from 'vite';

/** The lib entry name of an element's module: `chunks/<tag>` (emitted as chunks/<tag>-[hash].js). */
export const elementModuleName = (tag: string): string => `chunks/${tag}`;

type OutputChunk = {
  type: 'chunk';
  name: string;
  code: string;
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  isEntry: boolean;
};

/** V8's magic comment: compile every function of the file eagerly, off the main thread (Chrome 136+). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** Chunks shorter than this (in characters of minified code) are left to lazy compilation. */
const HINT_MIN_LENGTH = 8192;

/** Marks where a loader's first-request preloads start (npm run size does not count them as first paint). */
export const FIRST_REQUEST_MARK = '/*first-request*/';
/** Marks where the first render's preloads (the screen, React) start, after the first request's (first paint again). */
export const VIEW_MARK = '/*view*/';

/**
 * Emits `<tag>.js`, the loader, for every entry chunk named `chunks/<tag>`. The loaders are written after chunking,
 * so they do not change how modules are split into chunks. `firstRequest` lists, per tag ('*' for every element that
 * reaches them), the lazy modules its first data request needs (axios, the api resources it calls first): their
 * chunks are fetched with the element instead of when the request starts.
 */
export function elementLoaders(opts: {
  firstRequest: Record<string, RegExp[]>;
  views: ElementViews;
  /** Mark the chunks of every first paint and first request for eager compilation (see COMPILE_HINT). */
  compileHints?: boolean;
}): Plugin {
  return {
    name: 'element-loaders',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as OutputChunk[];
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      assertAcyclic(chunks, byName);
      /** Every chunk some element loads before its first paint or for its first request. */
      const eager = new Set<string>();
      for (const main of chunks) {
        const m = /^chunks\/([a-z][a-z0-9-]*)$/.exec(main.name);
        if (!main.isEntry || !m) continue;
        const tag = m[1] as string;
        // The element's own graph (no React: the element base, the api), then what its first render loads (the
        // screen and the React renderer: dynamic imports of the element file and of the element base).
        const own = staticClosure(main.fileName, byName);
        const views = opts.views.roots(this, tag);
        const viewChunks = chunks.filter((c) => c.moduleIds.some((id) => views.has(id))).map((c) => c.fileName);
        const viewClosure = new Set(viewChunks.flatMap((f) => staticClosure(f, byName)));
        const reachable = new Set([...own, ...viewClosure].flatMap((f) => byName.get(f)?.dynamicImports ?? []));
        const patterns = [...(opts.firstRequest['*'] ?? []), ...(opts.firstRequest[tag] ?? [])];
        const wanted = chunks.filter(
          (c) => reachable.has(c.fileName) && c.moduleIds.some((id) => patterns.some((p) => p.test(id))),
        );
        // What the first request needs beyond the element's graph (axios and what it imports, the api resources).
        const later = new Set<string>();
        for (const c of wanted) for (const f of staticClosure(c.fileName, byName)) if (!own.includes(f)) later.add(f);
        const view = [...viewClosure]
          .filter((f) => !own.includes(f) && !later.has(f))
          // The largest first: they take longest to arrive.
          .sort((x, y) => (byName.get(y)?.code.length ?? 0) - (byName.get(x)?.code.length ?? 0));
        const list = (files: Iterable<string>) =>
          [...files].map((f) => `import(${JSON.stringify(`./${f}`)})`).join(',');
        // Array items without holes: an empty list adds no comma (a hole would be `undefined.catch`).
        const items = (...parts: string[]) => parts.filter(Boolean).join(',');
        const marked = (mark: string, files: Iterable<string>) => {
          const l = list(files);
          return l && mark + l;
        };
        // The chunk that defines the element (the one holding elements/<tag>.ts) is imported first and awaited: it is
        // evaluated as part of its own graph, so `import '…/pay-checkout.js'` resolves in the same task that defines
        // the element, and a listener the page adds right after the import is there before the first render (and its
        // pay-ready). The order is the order the browser asks for them (six connections): that graph first, then what
        // the first requests need (axios, the api resources: evaluated as they arrive, they announce themselves,
        // src/api/lazy.ts), so the element is defined and its requests leave while React and the screen still load.
        // The screen's chunks are asked for in the task after the one that defines the element: starting a module
        // fetch costs the main thread (~2.5 ms each in a trace), and done at once it sat between the element's
        // connect and its first requests.
        const ownFile = new RegExp(`[\\\\/]elements[\\\\/]${tag}\\.ts$`);
        const defines = (f: string) => byName.get(f)?.moduleIds.some((id) => ownFile.test(id)) ?? false;
        // The element's module is often a facade that only re-exports the chunk defining it: the loader imports that
        // chunk directly, one level less for the browser to discover before it can fetch the element's code.
        const facade = /^export\s*\{\s*([\w$]+) as default\s*\}\s*from\s*"\.\/([^"]+)";?\s*$/.exec(main.code.trim());
        const target = facade && byName.has(`chunks/${facade[2]}`) ? `chunks/${facade[2]}` : main.fileName;
        const exported = facade && target !== main.fileName ? (facade[1] as string) : 'default';
        const skip = (f: string) => f === main.fileName || f === target || defines(f);
        const preload = (imports: string) => (imports ? `for(const p of[${imports}])p.catch(()=>{});` : '');
        const viewList = marked(
          VIEW_MARK,
          view.filter((f) => !skip(f)),
        );
        for (const f of [...own, ...later, ...view]) if (f !== main.fileName) eager.add(f);
        const boot = own.filter((f) => !skip(f));
        this.emitFile({
          type: 'asset',
          fileName: `${tag}.js`,
          source:
            `const e=import(${JSON.stringify(`./${target}`)});` +
            preload(items(list(boot), marked(FIRST_REQUEST_MARK, later))) +
            `const d=await e;` +
            (viewList ? `setTimeout(()=>{${preload(viewList)}});` : '') +
            `export default d${/^[A-Za-z_$][\w$]*$/.test(exported) ? `.${exported}` : `[${JSON.stringify(exported)}]`};\n`,
        });
      }
      // V8's explicit compile hint: most functions of these chunks run while the element first loads, and compiled one
      // by one on first call they cost the main thread about a fifth of a cold load (V8.CompileCode, ParseFunction in
      // a trace). With the hint V8 compiles the whole file while it streams in, on a background thread.
      // Not on the small ones: their compile work is little, and the comment's bytes count against the budgets.
      if (opts.compileHints)
        for (const f of eager) {
          const c = byName.get(f);
          if (c && c.code.length >= HINT_MIN_LENGTH) c.code = `${COMPILE_HINT}\n${c.code}`;
        }
    },
  };
}

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/**
 * What an element's first render loads besides the element's own module graph: the modules the element file and the
 * element base (src/ui/element.ts) import dynamically, i.e. the screen and the React renderer. The element file
 * imports nothing else dynamically (its other lazy code is behind the screen) except another element it embeds on
 * demand, which is left out, so these are exactly its views.
 */
export type ElementViews = { roots(graph: ModuleGraph, tag: string): Set<string> };

export function elementViews(opts: { elementsDir: string; base: string }): ElementViews {
  return {
    roots(graph, tag) {
      const file = graph.getModuleInfo(`${opts.elementsDir}/${tag}.ts`);
      // Only an element made with the base (not <pay-provider>, which renders nothing).
      if (!file?.importedIds.includes(opts.base)) return new Set();
      return new Set([
        // Another element the element embeds later (<pay-pricing-table>'s inline <pay-checkout>, loaded once a plan
        // is chosen) is not part of its first render.
        ...file.dynamicallyImportedIds.filter((id) => !id.startsWith(`${opts.elementsDir}/`)),
        ...(graph.getModuleInfo(opts.base)?.dynamicallyImportedIds ?? []),
      ]);
    },
  };
}

function moduleClosure(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * sharedChunks(): what the elements need before their first paint goes into a few shared chunks instead of a dozen
 * small ones per element (gzip compresses one file far better than the same code in many, and every file a page
 * starts to fetch costs main-thread time before the element can render):
 * - `boot`: the elements' own graphs, with no React (the element base, the api, query-core…), so that an
 *   element is defined and its first requests leave while React is still loading;
 * - then one chunk per entry of `shares`, in order: the modules of the first renders of all of its elements (`core`:
 *   React, goober and the provider stack for all four; `common`: forms, dialogs, money for the checkout, portal and
 *   store; …).
 * Which modules those are is read from the module graph once it is built; the settings provider's own small closure
 * stays out of all of them (it must not load React, nor the api).
 */
export function sharedChunks(opts: {
  elementsDir: string;
  views: ElementViews;
  /** `also`: modules to add to the chunk although not every element of `tags` paints with them. */
  shares: Array<{ name: string; tags: string[]; also?: RegExp }>;
  light: string[];
}) {
  const tags = [...new Set(opts.shares.flatMap((s) => s.tags))];
  const boot = new Map<string, Set<string>>();
  const paint = new Map<string, Set<string>>();
  const inAll = (closures: Map<string, Set<string>>, list: string[], id: string) =>
    list.every((t) => closures.get(t)?.has(id));
  const light = (id: string) => opts.light.some((t) => boot.get(t)?.has(id));
  // A module some element needs before React (its prefetch, the session store…) stays out of the chunks that hold
  // React or need it: the element's own chunk must not wait for them. Shared by two elements or more, it goes into
  // `boot` (a group takes its modules' dependencies along, so `core` would otherwise pull it in); used by one
  // element only (its messages, its prefetch), it stays in that element's chunk.
  const booting = (id: string) => tags.some((t) => boot.get(t)?.has(id));
  const shared = (id: string) => tags.filter((t) => paint.get(t)?.has(id)).length >= 2;
  const plugin: Plugin = {
    name: 'element-shared-chunks',
    buildEnd() {
      for (const tag of [...tags, ...opts.light]) {
        const own = moduleClosure(this, [`${opts.elementsDir}/${tag}.ts`]);
        boot.set(tag, own);
        paint.set(tag, new Set([...own, ...moduleClosure(this, opts.views.roots(this, tag))]));
      }
    },
  };
  const n = opts.shares.length;
  const groups = [
    // The provider's closure first, in its own chunk, so that the others' dependencies cannot pull it in.
    { name: 'provider', priority: n + 2, test: (id: string) => light(id) },
    { name: 'boot', priority: n + 1, test: (id: string) => booting(id) && shared(id) && !light(id) },
    ...opts.shares.map((share, i) => ({
      name: share.name,
      priority: n - i,
      test: (id: string) =>
        (inAll(paint, share.tags, id) || (share.also?.test(id) ?? false)) && !booting(id) && !light(id),
    })),
  ];
  return { plugin, groups };
}

function staticClosure(start: string, byName: Map<string, OutputChunk>): string[] {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const f = stack.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(byName.get(f)?.imports ?? []));
  }
  return [...seen];
}

function assertAcyclic(chunks: OutputChunk[], byName: Map<string, OutputChunk>): void {
  const state = new Map<string, 1 | 2>();
  const visit = (f: string, path: string[]): void => {
    state.set(f, 1);
    for (const d of byName.get(f)?.imports ?? []) {
      if (state.get(d) === 1)
        throw new Error(
          `chunk cycle ${[...path.slice(path.indexOf(d)), f, d].join(' → ')}: element loaders preload chunks in parallel and need an acyclic chunk graph`,
        );
      if (!state.has(d)) visit(d, [...path, f]);
    }
    state.set(f, 2);
  };
  for (const c of chunks) if (!state.has(c.fileName)) visit(c.fileName, []);
}
