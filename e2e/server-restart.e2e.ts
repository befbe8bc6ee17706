import {
  type ClientToServerEvents,
  type Message,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@podruga/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.ts';

/**
 * The built server as a process (no browser): killed with SIGKILL mid-reply, the reply the user had
 * seen is there after a restart, marked interrupted; stopped with SIGTERM mid-reply (a deploy), the
 * reply is finished before the process exits (docs/decisions/0007).
 */
const running: RunningApp[] = [];
const fakes: FakeLlm[] = [];
let dataDir = '';

afterAll(async () => {
  for (const app of running) await app.kill('SIGKILL');
  for (const fake of fakes) await fake.close();
  if (dataDir) (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true });
});

async function serve(llm: FakeLlm): Promise<RunningApp> {
  const env = { LLM_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'k', LLM_MODEL: 'fake' };
  // The first start is on an empty data folder: the one journey where the built server makes its
  // database itself (the others start on a copy of a migrated one, support/global-setup.ts).
  const app = await startApp(env, dataDir ? { dataDir } : { emptyDataDir: true });
  dataDir = app.dataDir;
  running.push(app);
  return app;
}

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/** A guest with a ready-made companion and its chat, through the public API. */
async function guestWithChat(url: string) {
  const guest = await json<{ access_token: string }>(
    await fetch(`${url}/api/auth/anonymous`, { method: 'POST', headers: { 'x-forwarded-for': '10.9.0.1' } }),
  );
  const headers = { authorization: `Bearer ${guest.access_token}` };
  const catalogue = await json<{ items: Array<{ id: string }> }>(
    await fetch(`${url}/api/catalogue`, { headers }),
  );
  const adopted = await json<{ chat: { id: string } }>(
    await fetch(`${url}/api/catalogue/${catalogue.items[0]?.id}/adopt`, { method: 'POST', headers }),
  );
  return { token: guest.access_token, chatId: adopted.chat.id, headers };
}

async function until(predicate: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function chatSocket(url: string, token: string, chatId: string) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
  });
  let text = '';
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  socket.on('message_chunk', (p) => {
    text += p.chunk;
  });
  await new Promise<void>((resolve) => {
    socket.once('authenticated', () => resolve());
    socket.emit('authenticate', { token, chat_id: chatId });
  });
  return { socket, events, text: () => text };
}

describe('the server process stopped mid-reply', () => {
  it('SIGKILL: after a restart the reply is there with the text the user saw, marked interrupted', async () => {
    const stalling = await startFakeLlm({ stallAfter: 3 });
    fakes.push(stalling);
    const app = await serve(stalling);
    const { token, chatId, headers } = await guestWithChat(app.url);
    const history = async (url: string) =>
      json<Message[]>(await fetch(`${url}/api/messages/${chatId}`, { headers }));
    const c = await chatSocket(app.url, token, chatId);
    c.socket.emit('message', { content: 'Расскажи о себе', current_chat_id: chatId });
    await until(() => c.text().split(' ').length >= 3);
    const seen = c.text();
    // The next checkpoint (every 3 s) writes what was sent; meanwhile the row shows as streaming.
    await until(async () => (await history(app.url)).some((m) => !m.is_user && m.content === seen));
    expect((await history(app.url)).find((m) => !m.is_user && m.content === seen)?.is_streaming).toBe(true);
    expect(await app.kill('SIGKILL')).toBeNull();
    c.socket.disconnect();

    const again = await serve(stalling);
    const after = await history(again.url);
    const mine = after.filter((m) => m.message_type === 'text');
    expect(mine.map((m) => [m.is_user, m.content, m.is_streaming])).toEqual([
      [true, 'Расскажи о себе', false],
      [false, seen, false],
    ]);
    expect(mine[1]?.metadata).toEqual({ interrupted: true });

    // SIGTERM (a deploy) while a reply streams: it is finished before the process exits.
    const fluent = await startFakeLlm();
    fakes.push(fluent);
    await again.kill('SIGKILL');
    const third = await serve(fluent);
    const d = await chatSocket(third.url, token, chatId);
    d.socket.emit('message', { content: 'Как дела?', current_chat_id: chatId });
    await until(() => d.events.includes('message_chunk'));
    expect(await third.kill('SIGTERM')).toBe(0);
    expect(d.events).toContain('streaming_complete');
    const fourth = await serve(fluent);
    const last = (await history(fourth.url)).at(-1);
    expect(last).toMatchObject({ is_user: false, is_streaming: false, metadata: null });
    expect(last?.content).toBe(d.text());
    expect(last?.content).toContain('Как дела?');
  });
});
