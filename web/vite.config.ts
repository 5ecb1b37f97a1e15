import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Built with `vite build --config web/vite.config.ts` from the repository root; `npm start`
// serves web/dist. No React plugin: esbuild's automatic JSX runtime is all the app needs.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // TanStack Query marks its modules "use client" for React Server Components; meaningless
      // in a browser bundle, and rollup says so once per module.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/dashboard/api': 'http://127.0.0.1:3000',
    },
  },
});
