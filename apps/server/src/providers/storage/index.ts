import { join } from 'node:path';
import { createLocalStorage } from './local.ts';
import type { StoragePort } from './port.ts';
import { createS3Storage, type S3StorageOptions } from './s3.ts';

/** An S3-compatible bucket when S3_BUCKET is set (several instances), else the local folder DATA_DIR/media. */
export function createStoragePort(config: {
  dataDir: string;
  s3?: Omit<S3StorageOptions, 'prefix'> | undefined;
}): StoragePort & { close?: () => void } {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(join(config.dataDir, 'media'));
}
