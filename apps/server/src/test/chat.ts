import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type ClientToServerEvents,
  type Message,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@podruga/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect } from 'vitest';
import type { AppDeps } from '../app.ts';
import type { Database, Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { characters, chats, dailyUsage } from '../db/schema/index.ts';
import { createOpenAiLlm } from '../providers/llm/openai.ts';
import type { LlmPort } from '../providers/llm/port.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { bearer, guest } from './http.ts';
import { type LocalServer, listenLocal } from './http-server.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sse = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

export const WORDS = Array.from({ length: 30 }, (_, i) => `слово${i} `);

/** The upstream model over real HTTP: `mode` decides how the next replies go. */
export class FakeUpstream {
  mode: 'ok' | 'fail-midway' | 'slow' | 'down' = 'ok';
  words = [...WORDS];
  /** Stop after this many words and hold the stream open until `release()` (a model mid-reply). */
  stallAfter: number | null = null;
  requests = 0;
  /** Replies sent to the end ([DONE]); a cancelled call never gets there. */
  completed = 0;
  private server: LocalServer | undefined;
  private releases: Array<() => void> = [];
  baseUrl = '';

  async start(): Promise<void> {
    this.server = await listenLocal((req, res) => this.handle(req, res));
    this.baseUrl = `${this.server.origin}/v1`;
  }

  /** Back to a fresh state between tests. */
  reset(): void {
    this.mode = 'ok';
    this.words = [...WORDS];
    this.stallAfter = null;
    this.requests = 0;
    this.release();
  }

  /** Lets stalled streams go on. */
  release(): void {
    for (const go of this.releases.splice(0)) go();
  }

  /** The app's OpenAI-compatible adapter pointed at this fake. */
  llm(timeoutMs = 2000): LlmPort {
    return createOpenAiLlm({ baseUrl: this.baseUrl, apiKey: 'k', model: 'm', timeoutMs, retryDelayMs: 0 });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for await (const _ of req) {
      // drain
    }
    this.requests++;
    if (this.mode === 'down') return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const gap = this.mode === 'slow' ? 20 : 2;
    for (const [i, word] of this.words.entries()) {
      if (i === this.stallAfter) {
        // An SSE comment keeps the adapter's silence timer from firing while the model "thinks".
        const keepAlive = setInterval(() => res.write(': thinking\n\n'), 200);
        await new Promise<void>((resolve) => {
          this.releases.push(resolve);
          res.once('close', resolve);
        });
        clearInterval(keepAlive);
      }
      if (res.destroyed) return;
      // Cut off without [DONE]: an orderly close, so every word written reaches the client first (a reset
      // could drop words still in flight, and the test would depend on how fast they were read).
      if (this.mode === 'fail-midway' && i === 5) return void res.end();
      res.write(sse(word));
      await sleep(gap);
    }
    this.completed++;
    res.end('data: [DONE]\n\n');
  }

  async stop(): Promise<void> {
    this.release();
    await this.server?.close();
  }
}

export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A guest with a companion and a chat, straight into the database. */
export async function userWithChat(app: FastifyInstance, database: Database, address = '10.0.2.1') {
  const session = await guest(app, address);
  const [character] = await database.db
    .insert(characters)
    .values({ userId: session.user_id, name: 'Алиса', age: 23, personality: 'Sweet_Fool' })
    .returning();
  if (!character) throw new Error('no character');
  const [chat] = await database.db
    .insert(chats)
    .values({ userId: session.user_id, characterId: character.id, title: 'Chat with Алиса' })
    .returning();
  if (!chat) throw new Error('no chat');
  return { token: session.access_token, userId: session.user_id, chatId: chat.id, characterId: character.id };
}

/** A connected socket.io client with every received event recorded in order; `token` authenticates. */
export async function chatClient(url: string, token?: string, chatId?: string) {
  const socket: ChatClient = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    query: chatId ? { chat_id: chatId, frontend_chat_id: chatId, last_connected_at: '' } : {},
    forceNew: true,
    reconnection: false,
  });
  const events: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  let auth: unknown;
  if (token !== undefined) {
    auth = await new Promise((resolve) => {
      socket.once('authenticated', resolve);
      socket.emit('authenticate', { token, chat_id: chatId ?? null });
    });
  }
  // A ceiling for a loaded machine (two suites on two cores), not a measure.
  const waitFor = async (predicate: () => boolean, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > until)
        throw new Error(`timed out; events: ${JSON.stringify(events.map((e) => e[0]))}`);
      await sleep(10);
    }
  };
  const count = (name: string) => events.filter((e) => e[0] === name).length;
  const payloads = <T>(name: string) => events.filter((e) => e[0] === name).map((e) => e[1] as T);
  /** The text of every message_chunk so far. */
  const text = () =>
    payloads<{ chunk: string }>('message_chunk')
      .map((c) => c.chunk)
      .join('');
  return { socket, events, auth, waitFor, count, payloads, text };
}

/** GET /api/messages/{chat_id}, asserting 200. */
export async function history(app: FastifyInstance, token: string, chatId: string): Promise<Message[]> {
  const res = await app.inject({ url: `/api/messages/${chatId}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Message[]>();
}

const DRIVER_CALLS = new Set(['query', 'exec', 'transaction', 'connect']);

/**
 * The same database seen through a connection that can die: after `crash()` every statement fails
 * and nothing more is written, as when the process was killed (an in-process `kill -9`). The app
 * built on it is closed only after the test, and its late writes fail.
 */
export async function crashableDatabase(database: Database): Promise<{ database: Database; crash(): void }> {
  let crashed = false;
  const client = (database.db as Db & { $client: object }).$client;
  const gated = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (!DRIVER_CALLS.has(String(prop))) return value.bind(target);
      return (...args: unknown[]) =>
        crashed ? Promise.reject(new Error('crashed')) : value.apply(target, args);
    },
  });
  const db =
    database.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle({ client: gated as never, schema })
      : (await import('drizzle-orm/node-postgres')).drizzle({ client: gated as never, schema });
  return {
    database: { ...database, db: db as unknown as Db, close: async () => {} },
    crash: () => {
      crashed = true;
    },
  };
}

/**
 * The apps and sockets a test file starts against `upstream`, all closed after each test. `base` deps
 * apply to every app (e.g. no send throttle).
 */
export function useChatApps(upstream: FakeUpstream, base: AppDeps = {}) {
  const apps: TestApp[] = [];
  const sockets: ChatClient[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    upstream.release();
    await Promise.all(apps.splice(0).map((t) => t.app.close()));
  });
  return {
    /** An app on `database`, listening on a free port. */
    async start(database: Database, deps: AppDeps = {}, env: Record<string, string> = {}) {
      const t = await buildTestApp(database, { env, deps: { llm: upstream.llm(), ...base, ...deps } });
      apps.push(t);
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      return { t, url };
    },
    async connect(url: string, token: string, chatId: string) {
      const c = await chatClient(url, token, chatId);
      sockets.push(c.socket);
      return c;
    },
    /** Closes an app within the test (a shutdown under test), and no more after it. */
    async close(t: TestApp) {
      apps.splice(apps.indexOf(t), 1);
      await t.app.close();
    },
  };
}

/** The user's messages counted today (the daily allowance's row; 0 when there is none). */
export async function usedToday(database: Database, userId: string): Promise<number> {
  const [row] = await database.db
    .select({ count: dailyUsage.count })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.resource, 'messages')));
  return row?.count ?? 0;
}

/** Polls `predicate` until it holds (a ceiling for a loaded machine, not a measure). */
export async function waitUntil(predicate: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(20);
  }
}
