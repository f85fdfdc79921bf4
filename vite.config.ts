import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { localeNamespaces } from './scripts/vite-locale-namespaces.ts';

// One ESM entry per custom element (elements/<tag>.ts) plus the reference host's page script.
// Everything the elements share lands in hashed shared chunks; dynamic imports stay lazy.
const root = import.meta.dirname;
const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'elements'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('.meta.') && !f.startsWith('_'))
    .map((f) => [f.replace(/\.ts$/, ''), resolve(root, 'elements', f)]),
);

// The package version, for the console message when two copies of the elements meet on one page (src/ui/define.ts).
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [localeNamespaces(root)],
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
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
  server: { hmr: false },
});
