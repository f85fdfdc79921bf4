import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { elementLoaders, elementModuleName, elementViews, sharedChunks } from './scripts/vite-element-entries.ts';
import { localeNamespaces } from './scripts/vite-locale-namespaces.ts';
import { integrityManifest } from './scripts/vite-integrity.ts';

// One ESM entry per custom element (elements/<tag>.ts) plus the reference host's page script. An element's entry is
// a small loader that fetches the element's module, all of its static chunks and axios in parallel
// (scripts/vite-element-entries.ts). Everything the elements share lands in hashed shared chunks; dynamic imports
// stay lazy.
const root = import.meta.dirname;
const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'elements'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('.meta.') && !f.startsWith('_'))
    .map((f) => [elementModuleName(f.replace(/\.ts$/, '')), resolve(root, 'elements', f)]),
);

// The package version, for the console message when two copies of the elements meet on one page (src/ui/define.ts).
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

// The screen and the React renderer each element loads once it is defined (src/ui/element.ts).
const views = elementViews({ elementsDir: resolve(root, 'elements'), base: resolve(root, 'src/ui/element.ts') });
const shared = sharedChunks({
  elementsDir: resolve(root, 'elements'),
  views,
  shares: [
    // The bidi isolation of names (src/core/bidi.ts) goes with the core: a file of its own costs the header's first
    // paint more than its few bytes.
    {
      name: 'core',
      tags: ['pay-checkout', 'pay-portal', 'blocklet-store', 'site-header'],
      also: /[\\/]src[\\/]core[\\/]bidi\.ts$/,
    },
    { name: 'common', tags: ['pay-checkout', 'pay-portal', 'blocklet-store'] },
    // The checkout's form checks and wallet messages go with it: every chunk that imports them imports `pay` too, and
    // the checkout's screen is then 4 files instead of 6 (each costs main-thread time to fetch, and the browser asks
    // for a screen's later files only as connections free up).
    {
      name: 'pay',
      tags: ['pay-checkout', 'pay-portal'],
      also: /[\\/]src[\\/](core[\\/](validation|connect-errors)\.ts|ui[\\/]bidi\.tsx)$/,
    },
  ],
  light: ['pay-provider'],
});

export default defineConfig({
  plugins: [
    localeNamespaces(root),
    shared.plugin,
    elementLoaders({
      views,
      compileHints: process.env.PAY_COMPILE_HINTS !== '0',
      firstRequest: {
        '*': [/[\\/]node_modules[\\/]axios[\\/]/],
        'pay-checkout': [/[\\/]src[\\/]api[\\/]resources[\\/](checkout|customers)\.ts$/],
        'pay-portal': [/[\\/]src[\\/]api[\\/]resources[\\/]customers\.ts$/],
        'blocklet-store': [/[\\/]src[\\/]api[\\/]resources[\\/]store\.ts$/],
      },
    }),
    // dist/elements/integrity.json: sha384 of every entry and chunk, for CDN use (the host's own script is not one).
    integrityManifest({ version, exclude: ['host.js'] }),
  ],
  define: {
    'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV === 'development' ? 'development' : 'production'),
    __PAY_ELEMENTS_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: 'dist/elements',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: { ...elementEntries, host: resolve(root, 'hosts/pages/host.ts') },
      formats: ['es'],
      fileName: (_format, name) => (name.startsWith('chunks/') ? `${name}-[hash].js` : `${name}.js`),
    },
    rolldownOptions: {
      output: {
        // A locale's strings for one element are named by the locale (`chunks/ja-<hash>.js`), the list of them
        // `chunks/locales-<hash>.js` (scripts/vite-locale-namespaces.ts).
        chunkFileNames: (chunk) => {
          const facade = chunk.facadeModuleId ?? '';
          const locale = /^\0locale:([\w-]+)\//.exec(facade)?.[1];
          if (locale) return `chunks/${locale}-[hash].js`;
          return facade.startsWith('\0locale-index:') ? 'chunks/locales-[hash].js' : 'chunks/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            ...shared.groups,
            // The api resources of the checkout's and the portal's first requests, with their response schemas, in one
            // chunk: each file an element starts to fetch before its first request costs main-thread time.
            {
              name: 'pay-api',
              priority: 0,
              test: /[\\/]src[\\/]api[\\/](resources[\\/](checkout|customers)|schemas-checkout)\.ts$/,
            },
          ],
        },
        // Vite's library mode leaves es output unminified for whitespace and keeps comments (so that a consumer's
        // bundler can tree-shake it); these files ship to browsers as they are, so minify them fully.
        minify: { compress: { target: 'es2022' }, mangle: { toplevel: true }, codegen: { removeWhitespace: true } },
        comments: false,
      },
    },
  },
  server: { hmr: false },
});
