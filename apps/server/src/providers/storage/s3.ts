import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf, isSafeKey, type StoragePort } from './port.ts';

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

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

/**
 * Media in an S3-compatible bucket (issue 17): the same keys as the local folder, so every instance
 * reads what any instance wrote. Served through the app's own routes (/pics, /vids, audio), which read
 * with `get`; nothing in the bucket needs to be public.
 */
export function createS3Storage(options: S3StorageOptions): StoragePort & { close(): void } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const { bucket } = options;
  const base = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => `${base}${checked(key)}`;

  return {
    adapter: 's3',
    offline: false,
    describe: () =>
      `storage: S3 bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}${base ? ` under ${base}` : ''}`,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${base}${key}` }));
        if (!out.Body) return null;
        const body =
          out.Body instanceof Readable ? out.Body : Readable.from(out.Body as AsyncIterable<Uint8Array>);
        return {
          body,
          size: Number(out.ContentLength ?? 0),
          contentType: out.ContentType || contentTypeOf(key),
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      const folder = `${objectKey(prefix)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // Folders are implicit in a bucket.
    async ensureFolder(prefix) {
      checked(prefix);
    },
    url: (key) => `/pics/${key}`,
    close: () => client.destroy(),
  };
}
