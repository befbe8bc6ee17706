// Bundles the server into dist/server.js: our code and @podruga/shared (TypeScript source) are bundled,
// every runtime dependency stays an import from node_modules (native addons, wasm, worker files).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Workspace packages (@podruga/*) ship TypeScript source: bundle them, keep the rest external.
  external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@podruga/')),
  logLevel: 'info',
});
