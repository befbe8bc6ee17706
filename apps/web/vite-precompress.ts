import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every text asset of the build, for the
 * server to send as they are (@fastify/static `preCompressed`): best compression, no CPU per request.
 * index.html is left alone: the server renders it per brand and compresses it itself.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'podruga:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      let count = 0;
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || relative(outDir, file) === 'index.html') continue;
        if (statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = gzipSync(body, { level: 9 });
        // A variant that is not smaller is not worth a file: the server then sends the original.
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        count += 1;
      }
      this.info(`precompressed ${count} files (.br, .gz)`);
    },
  };
}
