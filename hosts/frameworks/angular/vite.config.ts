import { defineConfig } from 'vite';

// The platform (the sandbox: `npm start` in the repository) that `npm run dev` forwards the elements' requests to.
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

// Angular in JIT mode: the components are compiled in the browser by @angular/compiler (imported first in main.ts),
// so Vite needs no Angular plugin; decorators are TypeScript's (experimentalDecorators in tsconfig.json).
export default defineConfig({
  base: './',
  // The JIT compiler makes the bundle larger than Vite's 500 kB hint (an AOT build with the Angular CLI drops it).
  build: { chunkSizeWarningLimit: 1200 },
  // blocklet-pay-elements/angular imports @angular/core: the app's copy (here the package is a link to the repository,
  // whose own node_modules have no Angular; an installed package finds the app's anyway).
  resolve: { dedupe: ['@angular/core'] },
  server: { proxy: { '/payment': platform, '/api': platform, '/.well-known': platform, '/__blocklet__.js': platform } },
});
