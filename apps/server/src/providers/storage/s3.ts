import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { cacheControlOf, legacyObjectPath, objectPath, PUBLIC_PREFIXES } from './layout.ts';
import { contentTypeOf, isSafeKey, type StoragePort, type StoredObject } from './port.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Ceph, R2, a local fake); unset = AWS. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted ones). */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket (several apps, or tests, in one bucket). */
  prefix?: string;
}

function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}

type Sdk = typeof import('@aws-sdk/client-s3');

const missing = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.NoSuchKey ||
  (error instanceof sdk.S3ServiceException &&
    (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

/**
 * Media in an S3-compatible bucket (issue 17): the same layout as the local folder, so every instance
 * reads what any instance wrote. Objects are at the paths of their public URLs under the prefix
 * (decision 0025: `<prefix>pics/<name>`, `<prefix>vids/<name>`), with their Content-Type and, under the
 * public prefixes, the Cache-Control the app's routes send: a CDN or a public-read policy on `pics/` and
 * `vids/` can serve them as they are (MEDIA_BASE_URL = `<bucket URL>/<prefix>`). The app's own routes
 * (/pics, /vids, audio) keep reading with `get`, so a private bucket works too. An image written before
 * 0025 (a bare name at the prefix's root) is still read there.
 */
export function createS3Storage(options: S3StorageOptions): StoragePort & { close(): void } {
  // The SDK is loaded when a bucket is configured, not by every server (it is several MB of memory for
  // as long as the process lives; docs/PERFORMANCE.md, issue 18).
  const opened: Promise<{ sdk: Sdk; client: S3Client }> = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    }),
  }));
  opened.catch(() => {});
  const { bucket } = options;
  const base = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => `${base}${objectPath(checked(key))}`;
  const read = async (Key: string, key: string): Promise<StoredObject | null> => {
    const { sdk, client } = await opened;
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key }));
      if (!out.Body) return null;
      const body =
        out.Body instanceof Readable ? out.Body : Readable.from(out.Body as AsyncIterable<Uint8Array>);
      return {
        body,
        size: Number(out.ContentLength ?? 0),
        contentType: out.ContentType || contentTypeOf(key),
      };
    } catch (error) {
      if (missing(sdk, error)) return null;
      throw error;
    }
  };

  return {
    adapter: 's3',
    offline: false,
    describe: () =>
      `storage: S3 bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}${base ? ` under ${base}` : ''}`,
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      const exposed = PUBLIC_PREFIXES.some((prefix) => objectPath(key).startsWith(prefix));
      const { sdk, client } = await opened;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ...(exposed ? { CacheControl: cacheControlOf(key) } : {}),
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const found = await read(`${base}${objectPath(key)}`, key);
      const legacy = legacyObjectPath(key);
      return found ?? (legacy ? read(`${base}${legacy}`, key) : null);
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await opened;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key }));
      const legacy = legacyObjectPath(key);
      if (legacy) await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: `${base}${legacy}` }));
    },
    async deletePrefix(prefix) {
      const folder = `${base}${checked(prefix)}/`;
      const { sdk, client } = await opened;
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          await client.send(
            new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // Folders are implicit in a bucket.
    async ensureFolder(prefix) {
      checked(prefix);
    },
    url: (key) => `/${objectPath(key)}`,
    close: () => {
      void opened.then(({ client }) => client.destroy());
    },
  };
}
