import type { Redis } from 'ioredis';

/**
 * A Redis client for REDIS_URL. ioredis is loaded only when Redis is configured: a single instance
 * without it keeps ~20 MB less resident (docs/PERFORMANCE.md).
 */
export async function connectRedis(url: string, options: { autoPipelining?: boolean } = {}): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: options.autoPipelining ?? false });
}
