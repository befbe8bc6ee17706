import { join } from 'node:path';
import { createLocalStorage } from './local.ts';
import type { StoragePort } from './port.ts';

/** The local folder DATA_DIR/media. An S3-compatible adapter (S3_* env) is a later issue. */
export function createStoragePort(config: { dataDir: string }): StoragePort {
  return createLocalStorage(join(config.dataDir, 'media'));
}
