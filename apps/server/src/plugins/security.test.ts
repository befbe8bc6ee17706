import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { useTestDatabase } from '../test/db.ts';

const db = useTestDatabase();
let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

async function csp(env: Record<string, string> = {}): Promise<Map<string, string[]>> {
  t = await buildTestApp(db(), { env });
  const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'podruga.app' } });
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('CSP and the media host (MEDIA_BASE_URL, decision 0025)', () => {
  it('lets images, video and fetches reach the media host, by its origin only', async () => {
    const policy = await csp({ MEDIA_BASE_URL: 'https://cdn.podruga.app/media/' });
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.podruga.app']);
    expect(policy.get('media-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.podruga.app']);
    expect(policy.get('connect-src')).toContain('https://cdn.podruga.app');
    // Nothing but media: no scripts, styles or frames from it.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).not.toContain('https://cdn.podruga.app');
  });

  it('sends no Referer with media requests, so a name never leaves the page that shows it', async () => {
    t = await buildTestApp(db());
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('names no other host when media are served here', async () => {
    const policy = await csp();
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('keeps a port in the origin (a self-hosted bucket)', async () => {
    const policy = await csp({ MEDIA_BASE_URL: 'http://127.0.0.1:9000/podruga-media' });
    expect(policy.get('img-src')).toContain('http://127.0.0.1:9000');
  });
});
