// Builds every framework host in one process (one step of the test run), each with its own vite.config.ts.
import { resolve } from 'node:path';
import { build } from 'vite';

const apps = process.argv.length > 2 ? process.argv.slice(2) : ['vue', 'react', 'svelte', 'angular'];
const started = performance.now();
for (const app of apps) {
  const t = performance.now();
  const root = resolve(import.meta.dirname, app);
  await build({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`built ${app} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
console.log(`built ${apps.length} hosts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
