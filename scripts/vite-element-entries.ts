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

/** Marks where a loader's first-request preloads start (npm run size counts what comes before as first paint). */
export const FIRST_REQUEST_MARK = '/*first-request*/';

/**
 * Emits `<tag>.js`, the loader, for every entry chunk named `chunks/<tag>`. The loaders are written after chunking,
 * so they do not change how modules are split into chunks. `firstRequest` lists, per tag ('*' for every element that
 * reaches them), the lazy modules its first data request needs (axios, the api resources it calls first): their
 * chunks are fetched with the element instead of when the request starts.
 */
export function elementLoaders(opts: { firstRequest: Record<string, RegExp[]> }): Plugin {
  return {
    name: 'element-loaders',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as OutputChunk[];
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      assertAcyclic(chunks, byName);
      for (const main of chunks) {
        const m = /^chunks\/([a-z][a-z0-9-]*)$/.exec(main.name);
        if (!main.isEntry || !m) continue;
        const tag = m[1] as string;
        const closure = staticClosure(main.fileName, byName);
        const reachable = new Set(closure.flatMap((f) => byName.get(f)?.dynamicImports ?? []));
        const patterns = [...(opts.firstRequest['*'] ?? []), ...(opts.firstRequest[tag] ?? [])];
        const wanted = chunks.filter(
          (c) => reachable.has(c.fileName) && c.moduleIds.some((id) => patterns.some((p) => p.test(id))),
        );
        const later = new Set<string>();
        for (const c of wanted)
          for (const f of staticClosure(c.fileName, byName)) if (!closure.includes(f)) later.add(f);
        const list = (files: Iterable<string>) =>
          [...files].map((f) => `import(${JSON.stringify(`./${f}`)})`).join(',');
        // Array items without holes: an empty list adds no comma (a hole would be `undefined.catch`).
        const items = (...parts: string[]) => parts.filter(Boolean).join(',');
        // The chunk that defines the element (the one holding elements/<tag>.ts) is not preloaded: it is evaluated as
        // part of the element module's own graph, so `import '…/pay-checkout.js'` resolves in the same task that
        // defines the element, and a listener the page adds right after the import is there before the first render
        // (and its pay-ready). The chunks before it, the first request's ones included (axios, api resources), are
        // evaluated as they arrive and announce themselves (src/api/lazy.ts), so the first requests leave at connect.
        const own = new RegExp(`[\\\\/]elements[\\\\/]${tag}\\.ts$`);
        const defines = (f: string) => byName.get(f)?.moduleIds.some((id) => own.test(id)) ?? false;
        // The element's module is often a facade that only re-exports the chunk defining it: the loader imports that
        // chunk directly, one level less for the browser to discover before it can fetch the element's code.
        const facade = /^export\s*\{\s*([\w$]+) as default\s*\}\s*from\s*"\.\/([^"]+)";?\s*$/.exec(main.code.trim());
        const target = facade && byName.has(`chunks/${facade[2]}`) ? `chunks/${facade[2]}` : main.fileName;
        const exported = facade && target !== main.fileName ? (facade[1] as string) : 'default';
        const shared = closure.filter((f) => f !== main.fileName && f !== target && !defines(f));
        this.emitFile({
          type: 'asset',
          fileName: `${tag}.js`,
          source:
            `for(const p of[${items(list(shared), FIRST_REQUEST_MARK + list(later))}])p.catch(()=>{});` +
            `export default(await import(${JSON.stringify(`./${target}`)}))${/^[A-Za-z_$][\w$]*$/.test(exported) ? `.${exported}` : `[${JSON.stringify(exported)}]`};\n`,
        });
      }
    },
  };
}

/**
 * sharedChunks(): the modules every element needs before its first paint go into one `core` chunk, and those that
 * the checkout, the portal and the store all need (forms, dialogs, money) into one `common` chunk, instead of a dozen
 * small chunks per element: gzip compresses one file far better than the same code in many (6 KB on the checkout).
 * Which modules those are is read from the module graph (each element's static closure) once it is built; the
 * settings provider's own small closure stays out of `core` (it must not load React).
 */
export function sharedChunks(opts: { elementsDir: string; core: string[]; common: string[]; light: string[] }) {
  const closures = new Map<string, Set<string>>();
  const inAll = (tags: string[], id: string) => tags.every((t) => closures.get(t)?.has(id));
  const inAny = (tags: string[], id: string) => tags.some((t) => closures.get(t)?.has(id));
  const plugin: Plugin = {
    name: 'element-shared-chunks',
    buildEnd() {
      for (const tag of [...opts.core, ...opts.light]) {
        const seen = new Set<string>();
        const stack = [`${opts.elementsDir}/${tag}.ts`];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        closures.set(tag, seen);
      }
    },
  };
  const groups = [
    // The provider's closure first, in its own chunk, so that core's dependencies cannot pull it in.
    { name: 'provider', priority: 3, test: (id: string) => inAny(opts.light, id) },
    { name: 'core', priority: 2, test: (id: string) => inAll(opts.core, id) && !inAny(opts.light, id) },
    { name: 'common', priority: 1, test: (id: string) => inAll(opts.common, id) && !inAny(opts.light, id) },
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
