// Bundles the server into dist/server.js: our code and @podruga/shared (TypeScript source) are bundled,
// every runtime dependency stays an import from node_modules (native addons, wasm, worker files).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  // The offline video and speech ports work in worker threads: each worker is an entry of its own beside server.js.
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    'video-render-worker': new URL('./src/providers/video/render-worker.ts', import.meta.url).pathname,
    'tts-speech-worker': new URL('./src/providers/tts/espeak-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Workspace packages (@podruga/*) ship TypeScript source: bundle them, keep the rest external.
  external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@podruga/')),
  logLevel: 'info',
});
