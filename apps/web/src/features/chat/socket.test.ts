import { SOCKET, SOCKET_PATH } from '@podruga/shared';
import { describe, expect, it, type Mock, vi } from 'vitest';
import {
  ChatSocket,
  type ChatSocketListener,
  RECONNECT,
  reconnectDelay,
  type SocketConnect,
  type SocketOptionsAll,
  type TypedSocket,
} from './socket.ts';

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket: handlers, emits, a manager. */
class FakeSocket {
  connected = false;
  /** socket.connect() calls: the reconnect attempts. */
  connects = 0;
  handlers = new Map<string, Handler>();
  managerHandlers = new Map<string, Handler>();
  emitted: [string, unknown][] = [];
  io = {
    on: (event: string, handler: Handler) => this.managerHandlers.set(event, handler),
    removeAllListeners: () => this.managerHandlers.clear(),
  };
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  /** Acknowledgement callbacks of `timeout().emit`, by event: the server's answer is given by the test. */
  answers = new Map<string, (error: Error | null, answer?: unknown) => void>();
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, answer: (error: Error | null, a?: unknown) => void) => {
        this.emitted.push([event, payload]);
        this.answers.set(event, answer);
      },
    };
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
  }
  /** The server side of the handshake. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    this.handlers.get(event)?.(...args);
  }
  /** Connected and authenticated, as the server answers a good token. */
  up() {
    this.fire('connect');
    this.fire('authenticated', { success: true });
  }
}

function listener(): ChatSocketListener & { statuses: string[]; resync: Mock; resumed: Mock } {
  const statuses: string[] = [];
  return {
    statuses,
    resync: vi.fn(async () => {}),
    resuming: vi.fn(),
    resumed: vi.fn(),
    ack: vi.fn(),
    chunk: vi.fn(),
    streamingComplete: vi.fn(),
    message: vi.fn(),
    typing: vi.fn(),
    rateLimit: vi.fn(),
    videoReady: vi.fn(),
    premiumFeature: vi.fn(),
    guestMigrated: vi.fn(),
    error: vi.fn(),
    status: (s) => statuses.push(s),
  };
}

/**
 * A clock that only moves when the code under test sleeps; every sleep is recorded, so the reconnect
 * delays can be read back. The spread of the delays is off (random 0.5 = the middle). `sleep` replaces
 * that clock (delays that end only when the test says so); `connect` replaces the fake's opening.
 */
function setup(
  over: {
    token?: string | null;
    sleep?: (ms: number) => Promise<void>;
    connect?: (fake: FakeSocket) => SocketConnect;
  } = {},
) {
  const { token = 'tok' } = over;
  const fake = new FakeSocket();
  let options: SocketOptionsAll | null = null;
  let elapsed = 0;
  const sleeps: number[] = [];
  const l = listener();
  const chat = new ChatSocket({
    connect:
      over.connect?.(fake) ??
      ((o) => {
        options = o;
        return fake as unknown as TypedSocket;
      }),
    getToken: () => token,
    listener: l,
    sleep:
      over.sleep ??
      (async (ms) => {
        elapsed += ms;
        sleeps.push(ms);
      }),
    now: () => elapsed,
    random: () => 0.5,
  });
  return { fake, chat, l, options: () => options, elapsed: () => elapsed, sleeps };
}

/** Lets the retries scheduled by resolved sleeps run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const payload = { content: 'Привет', current_chat_id: 'c1', client_id: 't1' };

describe('ChatSocket', () => {
  it('connects with the spec options and authenticates on connect', async () => {
    const { fake, chat, l, options } = setup();
    await chat.open('c1');
    expect(options()).toMatchObject({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      // ChatSocket reconnects by itself (socket.io-client would not after a server disconnect).
      reconnection: false,
      timeout: SOCKET.connectTimeoutMs,
      query: { chat_id: 'c1', frontend_chat_id: 'c1' },
    });
    fake.fire('connect');
    expect(fake.emitted).toEqual([['authenticate', { token: 'tok', chat_id: 'c1' }]]);
    expect(chat.ready).toBe(false);
    fake.fire('authenticated', { success: true });
    expect(chat.ready).toBe(true);
    expect(l.statuses).toEqual(['connecting', 'authenticated']);
  });

  it('sends over the socket when ready', async () => {
    const { fake, chat, elapsed } = setup();
    await chat.open('c1');
    fake.fire('connect');
    fake.fire('authenticated', { success: true });
    await expect(chat.sendMessage(payload)).resolves.toBe(true);
    expect(fake.emitted.at(-1)).toEqual(['message', payload]);
    expect(elapsed()).toBe(0);
  });

  it('waits up to 10 s, then tells the caller to fall back to HTTP', async () => {
    const { fake, chat, elapsed } = setup();
    await chat.open('c1');
    fake.fire('connect'); // connected but never authenticated
    await expect(chat.sendMessage(payload)).resolves.toBe(false);
    expect(elapsed()).toBe(SOCKET.textSendWaitMs);
    expect(fake.emitted.some(([event]) => event === 'message')).toBe(false);
  });

  it('falls back after a rejected authentication or a disconnect', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.fire('connect');
    fake.fire('authenticated', { success: false, error: 'bad token' });
    await expect(chat.sendMessage(payload)).resolves.toBe(false);
    fake.fire('authenticated', { success: true });
    fake.fire('disconnect', 'transport close');
    fake.connected = false;
    await expect(chat.sendMessage(payload)).resolves.toBe(false);
    expect(l.statuses).toContain('reconnecting');
  });

  it('a socket that becomes ready while waiting still sends', async () => {
    const fake = new FakeSocket();
    let sleeps = 0;
    const chat = new ChatSocket({
      connect: () => fake as unknown as TypedSocket,
      getToken: () => 'tok',
      listener: listener(),
      sleep: async () => {
        sleeps += 1;
        if (sleeps === 3) {
          fake.fire('connect');
          fake.fire('authenticated', { success: true });
        }
      },
    });
    await chat.open('c1');
    await expect(chat.sendMessage(payload)).resolves.toBe(true);
    expect(sleeps).toBe(3);
  });

  it('waits 20 × 100 ms for a token, then connects anyway', async () => {
    const { chat, elapsed, options } = setup({ token: null });
    await chat.open('c1');
    expect(elapsed()).toBe(SOCKET.authWaitRetries * SOCKET.authWaitDelayMs);
    expect(options()).not.toBeNull();
  });

  it('relays typing only for its own chat', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.fire('typing_started', { chat_id: 'other' });
    fake.fire('typing_started', { chat_id: 'c1' });
    fake.fire('typing_stopped', { chat_id: 'c1' });
    expect(l.typing).toHaveBeenNthCalledWith(1, true);
    expect(l.typing).toHaveBeenNthCalledWith(2, false);
  });

  it('relays her video being ready and a premium feature asked for, only for its own chat', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.up();
    const ready = { chat_id: 'c1', message_id: 'm1', video_url: '/vids/m1.mp4' };
    fake.fire('video_ready', ready);
    fake.fire('video_ready', { ...ready, chat_id: 'c2' });
    fake.fire('premium_feature', { feature: 'video', chat_id: 'c1' });
    fake.fire('premium_feature', { feature: 'video', chat_id: 'c2' });
    expect(l.videoReady).toHaveBeenCalledExactlyOnceWith(ready);
    expect(l.premiumFeature).toHaveBeenCalledExactlyOnceWith({ feature: 'video', chat_id: 'c1' });
  });

  it('close stops everything and later sends fall back', async () => {
    const { fake, chat } = setup();
    await chat.open('c1');
    fake.fire('connect');
    fake.fire('authenticated', { success: true });
    chat.close();
    await expect(chat.sendMessage(payload)).resolves.toBe(false);
  });

  it('an image waits for its ack: true on the ack, false on an error or after 5 s', async () => {
    vi.useFakeTimers();
    try {
      const { fake, chat, l } = setup();
      await chat.open('c1');
      fake.fire('connect');
      fake.fire('authenticated', { success: true });
      const image = { content: '', image_data: 'data:image/png;base64,AA', current_chat_id: 'c1' };

      const acked = chat.sendImage({ ...image, client_id: 'a' });
      await Promise.resolve();
      expect(fake.emitted.at(-1)).toEqual(['image_message', { ...image, client_id: 'a' }]);
      fake.fire('ack', {
        message_id: 'm1',
        image_path: 'p.png',
        chat_id: 'c1',
        client_id: 'a',
        created_at: '',
      });
      await expect(acked).resolves.toBe(true);
      expect(l.ack).toHaveBeenCalledOnce();

      const refused = chat.sendImage({ ...image, client_id: 'b' });
      await Promise.resolve();
      fake.fire('error', { message: 'bad image', chat_id: 'c1' });
      await expect(refused).resolves.toBe(false);
      expect(l.error).not.toHaveBeenCalled();

      const silent = chat.sendImage({ ...image, client_id: 'c' });
      await vi.advanceTimersByTimeAsync(SOCKET.imageSendWaitMs);
      await expect(silent).resolves.toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ChatSocket resuming (issue 17)', () => {
  const state = { message_id: 'r1', chat_id: 'c1', content: 'Жила-', chunk_index: 2 };

  it('once authenticated, asks for the replies being generated and hands their state on', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.up();
    expect(l.resuming).toHaveBeenCalledOnce();
    expect(fake.emitted.at(-1)).toEqual(['resume', { chat_id: 'c1' }]);
    fake.answers.get('resume')?.(null, { ok: true, replies: [state] });
    expect(l.resumed).toHaveBeenCalledWith([state]);
  });

  it('no answer in time, or a refusal, is no reply being generated', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.up();
    fake.answers.get('resume')?.(new Error('operation has timed out'));
    expect(l.resumed).toHaveBeenLastCalledWith([]);
    fake.answers.get('resume')?.(null, { ok: false, replies: [state] });
    expect(l.resumed).toHaveBeenLastCalledWith([]);
  });

  it('after a reconnect it asks once the missed messages are in', async () => {
    const { fake, chat, l } = setup();
    let fetched: () => void = () => {};
    l.resync.mockImplementation(() => new Promise<void>((resolve) => (fetched = resolve)));
    await chat.open('c1');
    fake.up();
    fake.fire('disconnect', 'transport close');
    await settle();
    fake.up();
    const asked = () => fake.emitted.filter(([event]) => event === 'resume').length;
    expect(asked()).toBe(1);
    fetched();
    await settle();
    expect(asked()).toBe(2);
  });

  it('a connection the server recovered (a short drop) needs neither the history nor a resume', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.up();
    fake.fire('disconnect', 'transport close');
    await settle();
    (fake as unknown as { recovered: boolean }).recovered = true;
    fake.up();
    expect(l.resync).not.toHaveBeenCalled();
    expect(fake.emitted.filter(([event]) => event === 'resume')).toHaveLength(1);
    expect(chat.ready).toBe(true);
  });

  it('continue goes over the socket when it is ready', async () => {
    const { fake, chat } = setup();
    await chat.open('c1');
    fake.up();
    await expect(chat.continueReply('r1')).resolves.toBe(true);
    expect(fake.emitted.at(-1)).toEqual(['continue_reply', { chat_id: 'c1', message_id: 'r1' }]);
  });
});

describe('ChatSocket reconnecting', () => {
  it('a server disconnect (a deploy) reconnects, authenticates again and fetches what was missed', async () => {
    const { fake, chat, l, sleeps } = setup();
    await chat.open('c1');
    fake.up();
    expect(l.resync).not.toHaveBeenCalled();

    // socket.io-client never retries this one by itself.
    fake.fire('disconnect', 'io server disconnect');
    expect(chat.ready).toBe(false);
    expect(l.statuses.at(-1)).toBe('reconnecting');
    await settle();
    expect(sleeps).toEqual([RECONNECT.quickDelayMs]);
    expect(fake.connects).toBe(1);

    fake.fire('connect');
    expect(fake.emitted.filter(([event]) => event === 'authenticate')).toHaveLength(2);
    fake.fire('authenticated', { success: true });
    expect(l.statuses).toEqual(['connecting', 'authenticated', 'reconnecting', 'authenticated']);
    expect(l.resync).toHaveBeenCalledOnce();
  });

  it('a send waits for the missed messages before it goes out', async () => {
    const { fake, chat, l } = setup();
    let fetched: () => void = () => {};
    l.resync.mockImplementation(() => new Promise<void>((resolve) => (fetched = resolve)));
    await chat.open('c1');
    fake.up();
    fake.fire('disconnect', 'transport close');
    await settle();
    fake.up();
    // Back, but the history is still being fetched: not ready yet.
    expect(chat.ready).toBe(false);
    fetched();
    await settle();
    expect(chat.ready).toBe(true);
    await expect(chat.sendMessage(payload)).resolves.toBe(true);
  });

  it('the missed messages are asked for from when the connection was lost', async () => {
    const { fake, chat, l, elapsed } = setup();
    await chat.open('c1');
    fake.up();
    const lostAt = elapsed();
    fake.fire('disconnect', 'ping timeout');
    for (let i = 0; i < 3; i += 1) {
      await settle();
      fake.fire('connect_error', new Error('refused'));
    }
    await settle();
    fake.up();
    expect(l.resync).toHaveBeenCalledWith(lostAt);
  });

  it('a refused authentication is tried again on the same connection', async () => {
    const { fake, chat, l, sleeps } = setup();
    await chat.open('c1');
    fake.fire('connect');
    fake.fire('authenticated', { success: false, error: 'Authentication error' });
    expect(l.statuses.at(-1)).toBe('reconnecting');
    await settle();
    expect(sleeps).toEqual([RECONNECT.quickDelayMs]);
    expect(fake.connects).toBe(0);
    expect(fake.emitted.filter(([event]) => event === 'authenticate')).toHaveLength(2);
    fake.fire('authenticated', { success: true });
    expect(chat.ready).toBe(true);
    // Never authenticated before: nothing was missed.
    expect(l.resync).not.toHaveBeenCalled();
  });

  it('backs off: the spec’s 10 attempts 1 s apart, then doubling delays capped at 30 s, then gives up', async () => {
    const { fake, chat, l, sleeps } = setup();
    await chat.open('c1');
    fake.up();
    fake.fire('disconnect', 'transport close');
    const total = RECONNECT.quickAttempts + RECONNECT.slowAttempts;
    for (let i = 0; i < total; i += 1) {
      await settle();
      fake.fire('connect_error', new Error('ECONNREFUSED'));
    }
    await settle();
    expect(fake.connects).toBe(total);
    expect(sleeps.slice(0, SOCKET.reconnectAttempts)).toEqual(Array(10).fill(SOCKET.reconnectDelayMs));
    expect(sleeps.slice(10, 16)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect(Math.max(...sleeps)).toBe(RECONNECT.maxDelayMs);
    // Only now, for good: the chat asks for a refresh.
    expect(l.statuses.filter((s) => s === 'failed')).toHaveLength(1);
    expect(l.statuses.at(-1)).toBe('failed');
  });

  it('spreads each delay by up to ±50 %, never beyond the cap', () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 0.999_999)).toBe(1500);
    expect(reconnectDelay(11, () => 0.5)).toBe(2000);
    expect(reconnectDelay(25, () => 0.999_999)).toBe(RECONNECT.maxDelayMs);
    expect(reconnectDelay(RECONNECT.quickAttempts + RECONNECT.slowAttempts + 1)).toBeNull();
  });

  it('after giving up, a send (or the visitor coming back) starts the attempts over', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.up();
    fake.fire('disconnect', 'transport close');
    for (let i = 0; i < RECONNECT.quickAttempts + RECONNECT.slowAttempts; i += 1) {
      await settle();
      fake.fire('connect_error', new Error('ECONNREFUSED'));
    }
    await settle();
    const before = fake.connects;
    expect(l.statuses.at(-1)).toBe('failed');

    const sent = chat.sendMessage(payload);
    expect(fake.connects).toBe(before + 1);
    expect(l.statuses.at(-1)).toBe('reconnecting');
    fake.up();
    await expect(sent).resolves.toBe(true);
    expect(l.statuses.at(-1)).toBe('authenticated');
  });

  it('wake tries at once while waiting between attempts, and does nothing on a good connection', async () => {
    // The delays never end by themselves.
    const { fake, chat } = setup({ sleep: () => new Promise<void>(() => {}) });
    void chat.open('c1');
    await settle();
    fake.up();
    chat.wake();
    expect(fake.connects).toBe(0);
    fake.fire('disconnect', 'transport close');
    expect(fake.connects).toBe(0);
    chat.wake();
    expect(fake.connects).toBe(1);
  });

  it('socket.io-client that could not be fetched (the server is down) is fetched again', async () => {
    let calls = 0;
    const { fake, chat } = setup({
      connect: (socket) => async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return socket as unknown as TypedSocket;
      },
    });
    await chat.open('c1');
    await settle();
    expect(calls).toBe(2);
    fake.up();
    expect(chat.ready).toBe(true);
  });

  it('a socket closed on purpose (leaving the chat) never reconnects', async () => {
    let wakeUp: () => void = () => {};
    const { fake, chat, l } = setup({ sleep: () => new Promise<void>((resolve) => (wakeUp = resolve)) });
    void chat.open('c1');
    await settle();
    fake.up();
    fake.fire('disconnect', 'transport close'); // a retry is now waiting
    const handlers = new Map(fake.handlers);
    chat.close();
    wakeUp();
    await settle();
    // Late events of the old socket change nothing either.
    handlers.get('disconnect')?.('io server disconnect');
    handlers.get('connect_error')?.(new Error('late'));
    await settle();
    wakeUp();
    await settle();
    expect(fake.connects).toBe(0);
    expect(l.statuses.at(-1)).toBe('closed');
    chat.wake();
    expect(fake.connects).toBe(0);
  });
});
