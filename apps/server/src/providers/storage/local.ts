import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentTypeOf, isSafeKey, type StoragePort } from './port.ts';

function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root` (DATA_DIR/media). Writes go to a temp file first, so readers never see half a file. */
export function createLocalStorage(root: string): StoragePort {
  return {
    adapter: 'local',
    offline: true,
    describe: () => `storage: local folder ${root} (set S3_BUCKET to share media between instances)`,
    async put(key, bytes) {
      const path = join(root, checked(key));
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const path = join(root, key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), size: info.size, contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(join(root, checked(key)), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(join(root, checked(prefix)), { recursive: true, force: true });
    },
    async ensureFolder(prefix) {
      await mkdir(join(root, checked(prefix)), { recursive: true });
    },
    url: (key) => `/pics/${key}`,
  };
}
