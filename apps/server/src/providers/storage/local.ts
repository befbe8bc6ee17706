import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { legacyObjectPath, objectPath } from './layout.ts';
import { contentTypeOf, isSafeKey, type StoragePort, type StoredObject } from './port.ts';

function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under `root` (DATA_DIR/media), laid out as their public URLs (decision 0025: an image under
 * `pics/`), so a static server in front of the folder could serve them. Writes go to a temp file first,
 * so readers never see half a file. An image written before 0025 (at the root) is still read.
 */
export function createLocalStorage(root: string): StoragePort {
  const open = async (path: string, key: string): Promise<StoredObject | null> => {
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), size: info.size, contentType: contentTypeOf(key) };
    } catch {
      return null;
    }
  };
  return {
    adapter: 'local',
    offline: true,
    describe: () => `storage: local folder ${root} (set S3_BUCKET to share media between instances)`,
    async put(key, bytes) {
      const path = join(root, objectPath(checked(key)));
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const found = await open(join(root, objectPath(key)), key);
      const legacy = legacyObjectPath(key);
      return found ?? (legacy ? open(join(root, legacy), key) : null);
    },
    async delete(key) {
      await rm(join(root, objectPath(checked(key))), { force: true });
      const legacy = legacyObjectPath(key);
      if (legacy) await rm(join(root, legacy), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(join(root, checked(prefix)), { recursive: true, force: true });
    },
    async ensureFolder(prefix) {
      await mkdir(join(root, checked(prefix)), { recursive: true });
    },
    url: (key) => `/${objectPath(key)}`,
  };
}
