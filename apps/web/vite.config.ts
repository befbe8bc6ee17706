import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { WEB_APP_MANIFEST } from './build/manifest.ts';
import { pwaIcons } from './build/pwaIcons.ts';

/** The API (apps/server) in development; production serves this build from the same origin. */
const API = process.env.PODRUGA_API ?? 'http://localhost:8080';

const proxy = {
  '/api': { target: API, changeOrigin: false },
  '/socket.io': { target: API, ws: true },
};

/**
 * `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every text asset of the build, for the server to
 * send as they are (@fastify/static `preCompressed`, apps/server/src/plugins/web-app.ts): best compression,
 * no CPU per request. Originals stay (for clients that accept neither); a variant that is not smaller is
 * not written. index.html is left alone: the server renders it per brand and compresses it itself.
 */
const precompress = compression({
  include: /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|map)$/,
  exclude: /(?:^|[\\/])index\.html$/,
  // Below this the headers outweigh the saving.
  threshold: 512,
  algorithms: [
    defineAlgorithm('brotliCompress', {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  deleteOriginalAssets: false,
  skipIfLargerOrEqual: true,
});

/**
 * The installable app (issue 12): our own service worker `src/sw.ts` (injectManifest) at `/sw.js`, the
 * manifest template (build/manifest.ts) and the icons drawn from the favicon. The page registers the
 * worker itself after load (src/app/serviceWorker.ts): nothing is injected into index.html but the
 * manifest link.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: WEB_APP_MANIFEST,
  includeManifestIcons: false,
  injectManifest: {
    // The app shell: scripts, styles, icons and the offline page. index.html is left out: the server
    // renders it per brand, and navigations go to the network first (src/sw.ts).
    globPatterns: ['**/*.{js,css,svg,png,woff2,html}'],
    globIgnores: ['index.html', '**/*.br', '**/*.gz', 'sw.js', 'assets/elevenlabs-*.js'],
    buildPlugins: { vite: [] },
  },
});

export default defineConfig({
  plugins: [
    react(),
    precompress,
    pwaIcons(fileURLToPath(new URL('public/favicon.svg', import.meta.url))),
    pwa,
  ],
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
      output: {
        codeSplitting: {
          // What the first page needs in one file: without the group the bundler splits the shared
          // pieces of the entry (jsx-runtime, Mantine's button, React's store hook…) into six more
          // files, each one more request before the first render (DESIGN §8).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // ElevenLabs' client (livekit inside, ~150 KB gzip): one named chunk, fetched only by a call
            // the server carries through ElevenLabs, and left out of the service worker's precache.
            // (Its worklets' `?url` modules stay with the dialog: they are only their URLs.)
            { name: 'elevenlabs', test: /node_modules[\\/](@elevenlabs|livekit-client)[\\/][^?]*$/ },
          ],
        },
      },
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
