import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The platform (the sandbox: `npm start` in the repository) that `npm run dev` forwards the elements' requests to.
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: './',
  plugins: [
    vue({
      // The tags are custom elements, not Vue components.
      template: {
        compilerOptions: {
          isCustomElement: (tag) => tag.startsWith('pay-') || tag === 'site-header' || tag === 'blocklet-store',
        },
      },
    }),
  ],
  server: { proxy: { '/payment': platform, '/api': platform, '/.well-known': platform, '/__blocklet__.js': platform } },
});
