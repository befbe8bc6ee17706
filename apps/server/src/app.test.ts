import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Brand, configResponseSchema, SERVER_MESSAGES } from '@podruga/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { DRAINING_TEXT } from './modules/health/health.routes.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { useTestDatabase } from './test/db.ts';
import { bearer, expectError } from './test/http.ts';

const db = useTestDatabase();
let t: TestApp | undefined;

async function app(options: Parameters<typeof buildTestApp>[1] = {}) {
  t = await buildTestApp(db(), options);
  return t.app;
}
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

describe('API basics', () => {
  it('GET /api/health answers ok', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health answers 503 while the instance drains, so a balancer stops sending it work', async () => {
    const server = await app();
    await server.replies.drain(0);
    const res = await server.inject({ method: 'GET', url: '/api/health' });
    expectError(res, 503, 'service_unavailable', DRAINING_TEXT);
  });

  it('GET /api/config gives prompts, scenarios, providers and features', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = configResponseSchema.parse(res.json());
    expect(body.config.system_prompts.companion).toContain('вымышленная взрослая');
    expect(Object.keys(body.config.image_scenarios).length).toBeGreaterThan(1);
    expect(body.providers).toEqual({
      mail: { adapter: 'memory', offline: true },
      image: { adapter: 'offline', offline: true },
      storage: { adapter: 'local', offline: true },
      llm: { adapter: 'offline', offline: true },
      vision: { adapter: 'offline', offline: true },
      moderation: { adapter: 'rules-only', offline: true },
      video: { adapter: 'offline', offline: true },
      intent: { adapter: 'rules', offline: true },
      stt: { adapter: 'offline', offline: true },
      tts: { adapter: 'offline', offline: true },
      voiceCall: { adapter: 'pipeline', offline: true },
    });
    expect(body.features).toEqual({ debug_routes: false });
  });

  it('reports the offline mail outbox when no SMTP_URL is set', async () => {
    const res = await (await app({ deps: { mailer: undefined } })).inject({
      method: 'GET',
      url: '/api/config',
    });
    expect(res.json().providers.mail).toEqual({ adapter: 'outbox', offline: true });
  });

  it('POST /api/debug/access opens only with the configured secret', async () => {
    const closed = await app();
    const denied = await closed.inject({ method: 'POST', url: '/api/debug/access', payload: { token: '' } });
    expect(denied.json()).toEqual({ allowed: false });
    await closed.close();

    const open = await app({ env: { DEBUG_ROUTES_SECRET: 'open-sesame' } });
    const ask = (token: string) =>
      open.inject({ method: 'POST', url: '/api/debug/access', payload: { token } });
    expect((await ask('open-sesame')).json()).toEqual({ allowed: true });
    expect((await ask('open-sesam')).json()).toEqual({ allowed: false });
    expect((await open.inject({ method: 'GET', url: '/api/config' })).json().features).toEqual({
      debug_routes: true,
    });
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/nothing-here' });
    expectError(res, 404, 'not_found', SERVER_MESSAGES.notFound);
  });

  it('hides the internals of a server fault behind a fixed Russian text', async () => {
    const broken = await app({
      deps: {
        clock: {
          now: () => {
            throw new Error('connect ECONNREFUSED 10.1.2.3:5432 at /srv/app/secret.ts:42');
          },
        },
      },
    });
    const res = await broken.inject({ method: 'POST', url: '/api/auth/anonymous' });
    expectError(res, 500, 'internal', SERVER_MESSAGES.internal);
    expect(res.body).not.toMatch(/ECONNREFUSED|secret\.ts|stack|at /);
  });

  it('rejects a body that does not match the schema without echoing the schema', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
    expectError(res, 400, 'validation_failed', SERVER_MESSAGES.badRequest);
  });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"email":', 400, 'bad_request', 'badRequest'],
    [
      'an unknown content type',
      { 'content-type': 'application/xml' },
      '<email/>',
      415,
      'unsupported_media_type',
      'unsupportedMediaType',
    ],
    [
      'a body over 1 MB',
      {},
      { email: 'a'.repeat(BODY_LIMIT_BYTES) },
      413,
      'payload_too_large',
      'payloadTooLarge',
    ],
  ] as const)('rejects %s', async (_, headers, payload, status, code, message) => {
    const res = await (await app()).inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers,
      payload,
    });
    expectError(res, status, code, SERVER_MESSAGES[message]);
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await (await app()).inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('MAINTENANCE_MODE answers 503 on the API, except the health check', async () => {
    const a = await app({ env: { MAINTENANCE_MODE: 'true' } });
    expectError(
      await a.inject({ method: 'POST', url: '/api/auth/anonymous' }),
      503,
      'maintenance',
      SERVER_MESSAGES.maintenance,
    );
    expectError(await a.inject({ method: 'GET', url: '/api/config?x=1' }), 503, 'maintenance');
    expect((await a.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('session secret', () => {
  it('is generated once into DATA_DIR/keys/jwt.secret (mode 600) and survives a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'podruga-keys-'));
    const first = await app({ env: { DATA_DIR: dataDir, JWT_SECRET: '' } });
    const { access_token } = (await first.inject({ method: 'POST', url: '/api/auth/anonymous' })).json();
    await first.close();
    expect((await stat(join(dataDir, 'keys', 'jwt.secret'))).mode & 0o777).toBe(0o600);

    const second = await app({ env: { DATA_DIR: dataDir, JWT_SECRET: '' } });
    const res = await second.inject({
      method: 'GET',
      url: '/api/auth/validate',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts and with websockets to our own host', async () => {
    const res = await (await app()).inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'podruga.app' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws://podruga.app wss://podruga.app");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the media host serve images and video', async () => {
    const res = await (await app({ env: { MEDIA_BASE_URL: 'https://media.podruga.app/data' } })).inject({
      method: 'GET',
      url: '/api/health',
    });
    expect(String(res.headers['content-security-policy'])).toContain(
      "img-src 'self' data: blob: https://media.podruga.app",
    );
  });
});

describe('the web app', () => {
  let webDist: string;
  const brands: Brand[] = [
    {
      id: 'one',
      hosts: ['one.ru'],
      logoText: 'One',
      title: 'One — "лучшая" <подруга>',
      supportEmail: 'a@one.ru',
      supportTelegram: 'one_help',
    },
    { id: 'two', hosts: ['two.ru'], logoText: 'Two & Co', title: 'Two', supportEmail: 'b@two.ru' },
  ];

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'podruga-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Podruga</title><meta name="podruga-brand" content="" />' +
        '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  });

  const webApp = () => app({ env: { WEB_DIST_DIR: webDist, BRANDS: JSON.stringify(brands) } });

  it('serves index.html branded for the request host, on / and on client routes', async () => {
    const a = await webApp();
    for (const url of ['/', '/chat/123', '/profile?tab=1', '/index.html']) {
      const res = await a.inject({ method: 'GET', url, headers: { host: 'two.ru' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Two</title>');
      expect(res.body).toContain(
        '<meta name="podruga-brand" content="{&quot;id&quot;:&quot;two&quot;,&quot;logoText&quot;:&quot;Two &amp; Co&quot;,&quot;title&quot;:&quot;Two&quot;,&quot;supportEmail&quot;:&quot;b@two.ru&quot;}" />',
      );
    }
  });

  it('falls back to the first brand for unknown hosts, escaping its texts', async () => {
    const res = await (await webApp()).inject({
      method: 'GET',
      url: '/',
      headers: { host: 'unknown.example' },
    });
    expect(res.body).toContain('<title>One — &quot;лучшая&quot; &lt;подруга&gt;</title>');
    const meta = /<meta name="podruga-brand" content="([^"]*)" \/>/.exec(res.body)?.[1] ?? '';
    const decoded = meta
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({
      id: 'one',
      logoText: 'One',
      title: 'One — "лучшая" <подруга>',
      supportEmail: 'a@one.ru',
      supportTelegram: 'one_help',
    });
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const a = await webApp();
    const asset = await a.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await a.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers missing assets and API paths with a 404, never with the page', async () => {
    const a = await webApp();
    expectError(await a.inject({ method: 'GET', url: '/assets/gone-123.js' }), 404, 'not_found');
    expectError(await a.inject({ method: 'GET', url: '/api/unknown' }), 404, 'not_found');
    expectError(await a.inject({ method: 'POST', url: '/chat' }), 404, 'not_found');
  });
});
