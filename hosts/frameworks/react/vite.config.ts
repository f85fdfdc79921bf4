import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The platform (the sandbox: `npm start` in the repository) that `npm run dev` forwards the elements' requests to.
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: './',
  plugins: [react()],
  server: { proxy: { '/payment': platform, '/api': platform, '/.well-known': platform, '/__blocklet__.js': platform } },
});
