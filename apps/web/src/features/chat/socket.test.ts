import { SOCKET, SOCKET_PATH } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { ChatSocket, type ChatSocketListener, type SocketOptionsAll, type TypedSocket } from './socket.ts';

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket: handlers, emits, a manager. */
class FakeSocket {
  connected = false;
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
  removeAllListeners() {
    this.handlers.clear();
  }
  disconnect() {
    this.connected = false;
  }
  /** The server side of the handshake. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    this.handlers.get(event)?.(...args);
  }
}

function listener(): ChatSocketListener & { statuses: string[] } {
  const statuses: string[] = [];
  return {
    statuses,
    ack: vi.fn(),
    chunk: vi.fn(),
    streamingComplete: vi.fn(),
    message: vi.fn(),
    typing: vi.fn(),
    rateLimit: vi.fn(),
    guestMigrated: vi.fn(),
    error: vi.fn(),
    status: (s) => statuses.push(s),
  };
}

/** A clock that only moves when the code under test sleeps. */
function setup(token: string | null = 'tok') {
  const fake = new FakeSocket();
  let options: SocketOptionsAll | null = null;
  let elapsed = 0;
  const l = listener();
  const chat = new ChatSocket({
    connect: (o) => {
      options = o;
      return fake as unknown as TypedSocket;
    },
    getToken: () => token,
    listener: l,
    sleep: async (ms) => {
      elapsed += ms;
    },
  });
  return { fake, chat, l, options: () => options, elapsed: () => elapsed };
}

const payload = { content: 'Привет', current_chat_id: 'c1', client_id: 't1' };

describe('ChatSocket', () => {
  it('connects with the spec options and authenticates on connect', async () => {
    const { fake, chat, l, options } = setup();
    await chat.open('c1');
    expect(options()).toMatchObject({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      reconnectionAttempts: 10,
      reconnectionDelay: 1000,
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
    const { chat, elapsed, options } = setup(null);
    await chat.open('c1');
    expect(elapsed()).toBe(SOCKET.authWaitRetries * SOCKET.authWaitDelayMs);
    expect(options()).not.toBeNull();
  });

  it('relays typing only for its own chat and reports a failed reconnect', async () => {
    const { fake, chat, l } = setup();
    await chat.open('c1');
    fake.fire('typing_started', { chat_id: 'other' });
    fake.fire('typing_started', { chat_id: 'c1' });
    fake.fire('typing_stopped', { chat_id: 'c1' });
    expect(l.typing).toHaveBeenNthCalledWith(1, true);
    expect(l.typing).toHaveBeenNthCalledWith(2, false);
    fake.managerHandlers.get('reconnect_failed')?.();
    expect(l.statuses.at(-1)).toBe('failed');
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
