/**
 * The load generator: many socket.io clients chatting at once, each timing its own replies. It speaks
 * the app's protocol (authenticate, message → ack, message_chunk…, streaming_complete) and the bare
 * relay's subset of it, and it can call the upstream directly for the baseline.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { io, type Socket } from 'socket.io-client';
import { request } from 'undici';
import { percentile } from '../lib/stats.ts';

export type TargetKind = 'app' | 'bare';

export interface Guest {
  token: string;
  chatId: string;
}

export interface Client {
  socket: Socket;
  chatId: string;
  pending: PendingReply | undefined;
}

export interface ReplyRecord {
  ok: boolean;
  error?: string;
  /** From sending to the first text, ms. */
  firstTokenMs: number;
  /** Between consecutive chunks of one reply, ms. */
  gaps: number[];
  /** From the first text to the end, ms. */
  streamMs: number;
  text: string;
}

interface PendingReply {
  sentAt: number;
  firstAt: number;
  lastAt: number;
  gaps: number[];
  text: string;
  done: (record: ReplyRecord) => void;
  timer: NodeJS.Timeout;
}

/** A Russian message of about `chars` characters that the safety check lets through. */
export function messageText(chars: number): string {
  const sentence = 'Расскажи мне что-нибудь хорошее про свой день и про то, что ты любишь. ';
  return sentence
    .repeat(Math.ceil(chars / sentence.length))
    .slice(0, chars)
    .trim();
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T, i);
    }
  });
  await Promise.all(workers);
  return results;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * New guests, each with a ready-made companion and a chat, made through the public API as a visitor
 * would (each from an address of its own: guest sessions are limited per address).
 */
export async function seedGuests(url: string, count: number, firstAddress: number): Promise<Guest[]> {
  const addresses = Array.from({ length: count }, (_, i) => firstAddress + i);
  let companionId: string | undefined;
  return mapLimit(addresses, 16, async (n) => {
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const guest = await json<{ access_token: string }>(
      await fetch(`${url}/api/auth/anonymous`, { method: 'POST', headers: { 'x-forwarded-for': ip } }),
    );
    const headers = { authorization: `Bearer ${guest.access_token}`, 'x-forwarded-for': ip };
    if (!companionId) {
      const catalogue = await json<{ items: Array<{ id: string }> }>(
        await fetch(`${url}/api/catalogue`, { headers }),
      );
      companionId = catalogue.items[0]?.id;
    }
    const adopted = await json<{ chat: { id: string } }>(
      await fetch(`${url}/api/catalogue/${companionId}/adopt`, { method: 'POST', headers }),
    );
    return { token: guest.access_token, chatId: adopted.chat.id };
  });
}

function settle(client: Client, ok: boolean, error?: string) {
  const pending = client.pending;
  if (!pending) return;
  client.pending = undefined;
  clearTimeout(pending.timer);
  pending.done({
    ok,
    ...(error ? { error } : {}),
    firstTokenMs: pending.firstAt ? pending.firstAt - pending.sentAt : Number.NaN,
    gaps: pending.gaps,
    streamMs: pending.firstAt ? pending.lastAt - pending.firstAt : 0,
    text: pending.text,
  });
}

/** Opens a websocket per guest (the app's sockets authenticate first; the bare relay's do not). */
export async function connectClients(kind: TargetKind, url: string, guests: Guest[]): Promise<Client[]> {
  return mapLimit(guests, 50, async (guest) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const client: Client = { socket, chatId: guest.chatId, pending: undefined };
    socket.on('message_chunk', (payload: { chunk: string; is_complete: boolean }) => {
      const pending = client.pending;
      if (!pending) return;
      const now = performance.now();
      if (payload.chunk) {
        if (pending.firstAt) pending.gaps.push(now - pending.lastAt);
        else pending.firstAt = now;
        pending.lastAt = now;
        pending.text += payload.chunk;
      }
    });
    socket.on('streaming_complete', () => settle(client, true));
    socket.on('error', (payload: { message?: string }) => settle(client, false, payload?.message ?? 'error'));
    socket.on('rate_limit', () => settle(client, false, 'rate_limit'));
    socket.on('disconnect', (reason) => settle(client, false, `disconnect: ${reason}`));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    if (kind === 'app') {
      await new Promise<void>((resolve, reject) => {
        socket.once('authenticated', (reply: { success: boolean; error?: string }) =>
          reply.success ? resolve() : reject(new Error(reply.error)),
        );
        socket.emit('authenticate', { token: guest.token, chat_id: guest.chatId });
      });
    }
    return client;
  });
}

export function disconnectAll(clients: Client[]) {
  for (const client of clients) client.socket.disconnect();
}

let clientIds = 0;

function sendOne(client: Client, content: string, timeoutMs = 120_000): Promise<ReplyRecord> {
  return new Promise((done) => {
    const timer = setTimeout(() => settle(client, false, 'timeout'), timeoutMs);
    client.pending = { sentAt: performance.now(), firstAt: 0, lastAt: 0, gaps: [], text: '', done, timer };
    // Every message is new text, as a person's are (the server remembers what it has read recently).
    const id = ++clientIds;
    client.socket.emit('message', {
      current_chat_id: client.chatId,
      content: `${content} (${id})`,
      client_id: `bench-${id}`,
    });
  });
}

export interface WaveResult {
  records: ReplyRecord[];
  wallMs: number;
  /** The load generator's own event-loop delay, p99 ms: high values mean it, not the server, lagged. */
  loadGenLagP99Ms: number;
}

/** Every client sends `replies` messages one after another, the first within `staggerMs` of the start. */
export async function runWave(
  clients: Client[],
  options: { replies: number; staggerMs: number; content: string },
): Promise<WaveResult> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = performance.now();
  const perClient = await Promise.all(
    clients.map(async (client) => {
      await new Promise((r) => setTimeout(r, Math.random() * options.staggerMs));
      const records: ReplyRecord[] = [];
      for (let i = 0; i < options.replies; i++) records.push(await sendOne(client, options.content));
      return records;
    }),
  );
  lag.disable();
  return {
    records: perClient.flat(),
    wallMs: performance.now() - started,
    loadGenLagP99Ms: lag.percentile(99) / 1e6,
  };
}

/** The baseline: the same number of concurrent requests straight to the upstream, timed the same way. */
export async function directWave(
  upstreamUrl: string,
  count: number,
  options: { staggerMs: number; body: string },
): Promise<WaveResult> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = performance.now();
  const records = await Promise.all(
    Array.from({ length: count }, async (): Promise<ReplyRecord> => {
      await new Promise((r) => setTimeout(r, Math.random() * options.staggerMs));
      const sentAt = performance.now();
      // undici's request(), as the app's adapter calls the model: the baseline is the same client.
      const res = await request(`${upstreamUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: options.body,
      });
      let firstAt = 0;
      let lastAt = 0;
      const gaps: number[] = [];
      let text = '';
      let buffer = '';
      const decoder = new StringDecoder('utf8');
      for await (const piece of res.body as AsyncIterable<Buffer>) {
        const now = performance.now();
        buffer += decoder.write(piece);
        let delta = '';
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const data = buffer.slice(6, end);
          buffer = buffer.slice(end + 2);
          if (data !== '[DONE]') delta += JSON.parse(data).choices?.[0]?.delta?.content ?? '';
        }
        if (!delta) continue;
        if (firstAt) gaps.push(now - lastAt);
        else firstAt = now;
        lastAt = now;
        text += delta;
      }
      return { ok: true, firstTokenMs: firstAt - sentAt, gaps, streamMs: lastAt - firstAt, text };
    }),
  );
  lag.disable();
  return { records, wallMs: performance.now() - started, loadGenLagP99Ms: lag.percentile(99) / 1e6 };
}

export interface ReplyFigures {
  replies: number;
  failed: number;
  /** Replies whose text differs from what the upstream sent. */
  wrongText: number;
  firstTokenP50: number;
  firstTokenP99: number;
  gapP99: number;
  streamP50: number;
  errors: string[];
}

export function replyFigures(records: ReplyRecord[], expectedText: string): ReplyFigures {
  const ok = records.filter((r) => r.ok);
  const errors = [...new Set(records.filter((r) => !r.ok).map((r) => r.error ?? '?'))].slice(0, 5);
  const firstTokens = ok.map((r) => r.firstTokenMs);
  return {
    replies: records.length,
    failed: records.length - ok.length,
    wrongText: ok.filter((r) => r.text !== expectedText).length,
    firstTokenP50: percentile(firstTokens, 50),
    firstTokenP99: percentile(firstTokens, 99),
    gapP99: percentile(
      ok.flatMap((r) => r.gaps),
      99,
    ),
    streamP50: percentile(
      ok.map((r) => r.streamMs),
      50,
    ),
    errors,
  };
}
