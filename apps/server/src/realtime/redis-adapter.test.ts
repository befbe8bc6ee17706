import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@podruga/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { useTestDatabase } from '../test/db.ts';
import { guest } from '../test/http.ts';
import { freshAddress, TEST_REDIS_URL, useRedis } from '../test/redis.ts';
import { GUEST_MIGRATED_TEXT } from './socket.ts';

const redisUp = useRedis('the multi-instance socket test');

const getDatabase = useTestDatabase();
const apps: TestApp[] = [];
const clients: Socket[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await Promise.all(apps.splice(0).map((t) => t.app.close()));
});

async function instance(): Promise<{ t: TestApp; url: string }> {
  // Two instances of the app, one database and one Redis: what a load balancer puts in front of.
  const t = await buildTestApp(getDatabase(), { env: { REDIS_URL: TEST_REDIS_URL } });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

describe('socket.io across instances (Redis adapter)', () => {
  it('delivers an event emitted on one instance to a socket connected to another', async (ctx) => {
    if (!redisUp()) ctx.skip();
    const a = await instance();
    const b = await instance();
    const { access_token: token, user_id } = await guest(a.t.app, freshAddress());

    const client: Socket<ServerToClientEvents, ClientToServerEvents> = connect(b.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
    });
    clients.push(client);
    const authenticated = await new Promise<{ success: boolean }>((resolve) => {
      client.on('connect', () => client.emit('authenticate', { token }));
      client.on('authenticated', resolve);
    });
    expect(authenticated.success).toBe(true);

    const received = new Promise<{ message: string }>((resolve) => client.on('guest_migrated', resolve));
    // The adapter subscribes to Redis asynchronously when an instance starts: on a busy machine the
    // first emit can come before the other instance listens. Emit until it arrives (an instance that has
    // just started may miss an event; one that has been up does not).
    a.t.app.realtime.guestMigrated(user_id);
    const again = setInterval(() => a.t.app.realtime.guestMigrated(user_id), 500);
    try {
      await expect(received).resolves.toEqual({ message: GUEST_MIGRATED_TEXT });
    } finally {
      clearInterval(again);
    }
  });
});
