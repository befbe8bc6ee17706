import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PUSH_MAX_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  type PushStatusResponse,
  type VapidKeyResponse,
} from '@podruga/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { bearer, expectError, guest } from '../../test/http.ts';
import { BrowserKeys, LocalPushService } from '../../test/push-service.ts';
import { loadVapidKeys } from './vapid.ts';

const env: Record<string, string> = {};
const delays: number[] = [];
const t = useTestApp({
  env,
  deps: {
    jobs: {
      schedule: (ms, retry) => {
        delays.push(ms);
        setImmediate(retry);
      },
    },
  },
});
let vapidKey = '';
const service = new LocalPushService(() => vapidKey);

beforeAll(async () => {
  await service.start();
  env.PUSH_EXTRA_HOSTS = service.host;
});
afterAll(() => service.stop());

const fcm = () => {
  const keys = new BrowserKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${keys.auth}`,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  };
};
const browserInfo = {
  browser: 'chrome',
  os: 'Android',
  device_type: 'mobile',
  user_agent: 'Mozilla/5.0',
  platform: 'Linux',
};

async function session() {
  const s = await guest(t.app, `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  return s.access_token;
}
async function subscribe(token: string, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/push/subscribe', headers: bearer(token), payload: body });
}
async function status(token: string) {
  const res = await t.app.inject({ url: '/api/push/status', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<PushStatusResponse>();
}
async function readVapidKey() {
  const res = await t.app.inject({ url: '/api/push/vapid-key' });
  expect(res.statusCode).toBe(200);
  vapidKey = res.json<VapidKeyResponse>().public_key;
  return res.json<VapidKeyResponse>();
}

describe('VAPID keys', () => {
  it('GET /api/push/vapid-key needs no session and gives an uncompressed P-256 key', async () => {
    const body = await readVapidKey();
    expect(body.supported).toBe(true);
    expect(body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(body.public_key, 'base64url')[0]).toBe(4);
  });

  it('are generated once into DATA_DIR/keys and read back on the next start', async () => {
    const config = testConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'podruga-vapid-')) });
    const first = await loadVapidKeys(config);
    const again = await loadVapidKeys(config);
    expect(again).toEqual(first);
    expect(first.subject).toBe('mailto:support@podruga.app');
  });

  it('come from the environment when set (both or neither)', async () => {
    const config = testConfig({
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
      VAPID_SUBJECT: 'https://podruga.app/contact',
    });
    expect(await loadVapidKeys(config)).toEqual({
      publicKey: `B${'A'.repeat(86)}`,
      privateKey: 'A'.repeat(43),
      subject: 'https://podruga.app/contact',
    });
    expect(() => testConfig({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(/both or neither/);
  });
});

describe('POST /api/push/subscribe', () => {
  it('accepts a browser push service endpoint with valid keys, and lists it in the status', async () => {
    const token = await session();
    const body = { ...fcm(), browser_info: browserInfo };
    const res = await subscribe(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const { success, subscription_id } = res.json<{ success: boolean; subscription_id: string }>();
    expect(success).toBe(true);
    const state = await status(token);
    expect(state).toMatchObject({ subscribed: true, subscription_count: 1 });
    expect(state.subscriptions[0]).toMatchObject({
      id: subscription_id,
      service: 'fcm.googleapis.com',
      browser_info: browserInfo,
      last_success_at: null,
    });
    // The endpoint is the browser's secret: never echoed.
    expect(JSON.stringify(state)).not.toContain(body.endpoint);
  });

  it.each([
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('accepts %s', async (endpoint) => {
    const res = await subscribe(await session(), { ...fcm(), endpoint });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['http on a push service', 'http://fcm.googleapis.com/fcm/send/x'],
    ['an internal address', 'https://127.0.0.1/push'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['a private host name', 'https://redis.internal/x'],
    ['another host', 'https://example.com/push'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.evil.example/x'],
    ['a look-alike prefix', 'https://evilfcm.googleapis.com/x'],
    ['another port', 'https://fcm.googleapis.com:8443/x'],
    ['http on the extra host when it is not loopback', 'http://localhost.example/x'],
  ])('refuses %s with a Russian 400', async (_case, endpoint) => {
    expectError(
      await subscribe(await session(), { ...fcm(), endpoint }),
      400,
      'validation_failed',
      PUSH_MESSAGES.endpointHost,
    );
  });

  it('refuses credentials in the URL', async () => {
    const endpoint = 'https://user:pw@fcm.googleapis.com/x';
    expectError(
      await subscribe(await session(), { ...fcm(), endpoint }),
      400,
      'validation_failed',
      PUSH_MESSAGES.endpointInvalid,
    );
  });

  it('refuses what is not a URL, and keys of the wrong size or off the curve', async () => {
    const token = await session();
    expectError(
      await subscribe(token, { ...fcm(), endpoint: 'not a url' }),
      400,
      'validation_failed',
      PUSH_MESSAGES.endpointInvalid,
    );
    const good = fcm();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    for (const keys of [
      { p256dh: good.keys.p256dh, auth: 'short' },
      { p256dh: good.keys.p256dh.slice(0, 60), auth: good.keys.auth },
      { p256dh: offCurve.toString('base64url'), auth: good.keys.auth },
      { p256dh: `${good.keys.p256dh.slice(0, 86)}+`, auth: good.keys.auth },
    ]) {
      expectError(
        await subscribe(token, { endpoint: good.endpoint, keys }),
        400,
        'validation_failed',
        PUSH_MESSAGES.keysInvalid,
      );
    }
    expectError(
      await subscribe(token, { endpoint: good.endpoint }),
      400,
      'validation_failed',
      PUSH_MESSAGES.keysInvalid,
    );
    expect((await status(token)).subscription_count).toBe(0);
  });

  it('the same endpoint again updates it (another user included): no duplicate', async () => {
    const [first, second] = [await session(), await session()];
    const body = fcm();
    const a = (await subscribe(first, body)).json<{ subscription_id: string }>();
    const b = (await subscribe(second, { ...body, keys: new BrowserKeys() })).json<{
      subscription_id: string;
    }>();
    expect(b.subscription_id).toBe(a.subscription_id);
    expect((await status(first)).subscription_count).toBe(0);
    expect((await status(second)).subscription_count).toBe(1);
  });

  it(`keeps the newest ${PUSH_MAX_SUBSCRIPTIONS} browsers of a user`, async () => {
    const token = await session();
    const ids: string[] = [];
    for (let i = 0; i <= PUSH_MAX_SUBSCRIPTIONS; i++) {
      ids.push((await subscribe(token, fcm())).json<{ subscription_id: string }>().subscription_id);
    }
    const state = await status(token);
    expect(state.subscription_count).toBe(PUSH_MAX_SUBSCRIPTIONS);
    expect(state.subscriptions.map((s) => s.id)).not.toContain(ids[0]);
    expect(state.subscriptions.map((s) => s.id)).toContain(ids.at(-1));
  });
});

describe('DELETE /api/push/unsubscribe', () => {
  it("removes the user's own subscription; another user's or an unknown endpoint is a 404", async () => {
    const [owner, intruder] = [await session(), await session()];
    const body = fcm();
    await subscribe(owner, body);
    const remove = (token: string, endpoint: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/push/unsubscribe',
        headers: bearer(token),
        payload: { endpoint },
      });
    expectError(await remove(intruder, body.endpoint), 404, 'not_found');
    expect((await status(owner)).subscription_count).toBe(1);
    const res = await remove(owner, body.endpoint);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await status(owner)).subscribed).toBe(false);
    expectError(await remove(owner, body.endpoint), 404, 'not_found');
  });
});

describe('sending, against a local push service', () => {
  const test = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/push/test', headers: bearer(token) });

  it('POST /api/push/test without a subscription says so', async () => {
    const res = await test(await session());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message: PUSH_MESSAGES.testNoSubscription });
  });

  it('a test push arrives signed (VAPID ES256, aud, exp, sub) and encrypted (aes128gcm)', async () => {
    await readVapidKey();
    const token = await session();
    const sub = service.subscription();
    expect((await subscribe(token, sub)).statusCode).toBe(200);
    const before = service.deliveries.length;
    const res = await test(token);
    expect(res.json()).toEqual({ success: true, message: PUSH_MESSAGES.testSent });
    const delivery = service.deliveries[before];
    expect(service.rejected).toEqual([]);
    expect(delivery?.claims.aud).toBe(service.origin);
    expect(delivery?.claims.sub).toBe('mailto:support@podruga.app');
    expect(delivery?.payload).toMatchObject({ type: 'test', url: '/profile', title: 'Проверка уведомлений' });
    expect(Number(delivery?.ttl)).toBeGreaterThan(0);
    expect((await status(token)).subscriptions[0]?.last_success_at).not.toBeNull();
  });

  it('a notification for a user with no socket is pushed: a new companion opens her chat', async () => {
    await readVapidKey();
    const token = await session();
    await subscribe(token, service.subscription());
    const before = service.deliveries.length;
    const character = await createCharacter(t.app, token, { name: 'Вика' });
    await t.app.jobs.idle();
    const delivery = service.deliveries[before];
    expect(delivery?.payload).toMatchObject({
      type: 'character_created',
      url: `/chat/${character.id}`,
      title: 'Вика уже ждёт тебя',
    });
    expect(delivery?.payload.notification_id).toEqual(expect.any(String));
  });

  it.each([404, 410])('a %i from the push service deletes the subscription', async (code) => {
    await readVapidKey();
    const token = await session();
    await subscribe(token, service.subscription());
    service.answers.push({ status: code });
    const res = await test(token);
    expect(res.json()).toEqual({ success: false, message: PUSH_MESSAGES.testFailed });
    expect((await status(token)).subscribed).toBe(false);
  });

  it('429 and 5xx are retried through the job runner with backoff, then delivered', async () => {
    await readVapidKey();
    const token = await session();
    await subscribe(token, service.subscription());
    service.answers.push({ status: 429, headers: { 'retry-after': '20' } }, { status: 503 });
    delays.length = 0;
    const before = service.deliveries.length;
    await createCharacter(t.app, token);
    await t.app.jobs.idle();
    expect(delays).toEqual([30_000, 60_000]);
    expect(service.deliveries.length).toBe(before + 1);
    expect((await status(token)).subscribed).toBe(true);
  });

  it('another 4xx is not retried and keeps the subscription', async () => {
    await readVapidKey();
    const token = await session();
    await subscribe(token, service.subscription());
    service.answers.push({ status: 400 });
    delays.length = 0;
    const requests = service.requests;
    await createCharacter(t.app, token);
    await t.app.jobs.idle();
    expect(delays).toEqual([]);
    expect(service.requests).toBe(requests + 1);
    expect((await status(token)).subscribed).toBe(true);
  });

  it('the local service is an extra host only: a loopback endpoint on another port is refused', async () => {
    const other = `http://127.0.0.1:1/push/x`;
    expectError(
      await subscribe(await session(), { ...fcm(), endpoint: other }),
      400,
      'validation_failed',
      PUSH_MESSAGES.endpointHost,
    );
  });
});
