import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/** The API (apps/server) in development; production serves this build from the same origin. */
const API = process.env.PODRUGA_API ?? 'http://localhost:8080';

const proxy = {
  '/api': { target: API, changeOrigin: false },
  '/socket.io': { target: API, ws: true },
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts or data: module preloads (the CSP forbids inline code).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      // packages/shared is values only (constants, texts, zod schemas): nothing runs on import. Saying so
      // lets the bundler drop the schemas the page never uses instead of pulling ~25 KB gzip of zod in.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
        // Calls on a schema declared in shared (`messageSchema.nullable()` inside another schema) count as
        // impure unless named here: without it the chat chunk carries zod (+25 KB gzip).
        manualPureFunctions: ['z', 'messageSchema'],
      },
    },
  },
});
