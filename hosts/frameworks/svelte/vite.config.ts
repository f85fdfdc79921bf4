import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// The platform (the sandbox: `npm start` in the repository) that `npm run dev` forwards the elements' requests to.
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: './',
  plugins: [svelte()],
  server: { proxy: { '/payment': platform, '/api': platform, '/.well-known': platform, '/__blocklet__.js': platform } },
});
