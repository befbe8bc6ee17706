import {
  type AckPayload,
  type ClientImageMessagePayload,
  type ClientMessagePayload,
  type ClientToServerEvents,
  type ErrorPayload,
  type GuestMigratedPayload,
  type Message,
  type MessageChunkPayload,
  type RateLimitPayload,
  type ServerToClientEvents,
  SOCKET,
  SOCKET_PATH,
  type StreamingCompletePayload,
} from '@podruga/shared';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type TypedSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketOptionsAll = Partial<ManagerOptions & SocketOptions>;
/** Opens the socket (socket.io's `io` in the app, a fake in tests). */
export type SocketConnect = (options: SocketOptionsAll) => TypedSocket | Promise<TypedSocket>;

/**
 * The app's connection, same origin. socket.io-client (~12 KB gzip) is its own chunk, fetched when the
 * socket opens: after the visitor's first interaction (userActivation.ts), so a chat that is only read
 * never downloads it and the first paint never waits for it (DESIGN §8).
 */
export const connectSocketIo: SocketConnect = async (options) => {
  const { io } = await import('socket.io-client');
  return io(options);
};

/** Server → client event names (000 §7), checked against the shared event map. */
export const SERVER_EVENTS = {
  authenticated: 'authenticated',
  message: 'message',
  messageChunk: 'message_chunk',
  streamingComplete: 'streaming_complete',
  ack: 'ack',
  typingStarted: 'typing_started',
  typingStopped: 'typing_stopped',
  videoReady: 'video_ready',
  rateLimit: 'rate_limit',
  guestMigrated: 'guest_migrated',
  error: 'error',
} as const satisfies Record<string, keyof ServerToClientEvents>;

/** Client → server event names. */
export const CLIENT_EVENTS = {
  authenticate: 'authenticate',
  message: 'message',
  imageMessage: 'image_message',
} as const satisfies Record<string, keyof ClientToServerEvents>;

export type ConnectionStatus =
  | 'idle'
  | 'connecting'
  | 'authenticated'
  | 'unauthorized'
  | 'reconnecting'
  | 'failed'
  | 'closed';

/** What the chat does with each server event. */
export interface ChatSocketListener {
  ack(payload: AckPayload): void;
  chunk(payload: MessageChunkPayload): void;
  streamingComplete(payload: StreamingCompletePayload): void;
  message(message: Message): void;
  typing(on: boolean): void;
  rateLimit(payload: RateLimitPayload): void;
  guestMigrated(payload: GuestMigratedPayload): void;
  error(payload: ErrorPayload): void;
  status(status: ConnectionStatus): void;
}

export interface ChatSocketDeps {
  connect: SocketConnect;
  getToken: () => string | null;
  listener: ChatSocketListener;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Polling step while waiting for the socket before a send (000 §9: 50 checks of 100 ms for text). */
const READY_POLL_MS = 100;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * All of the chat's socket code (000 §4 "Socket connection", §7 "Realtime socket"): waits for the token,
 * connects at SOCKET_PATH, authenticates, relays typed server events to a listener, reconnects up to 10
 * times, and tells the caller when a send must fall back to HTTP.
 */
export class ChatSocket {
  private socket: TypedSocket | null = null;
  private authenticated = false;
  private closed = false;
  private lastConnectedAt = '';
  private chatId: string | null = null;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  /** Image sends waiting for their `ack`, by client_id: resolved true on ack (or a rate limit), false on error. */
  private readonly ackWaiters = new Map<string, (acked: boolean) => void>();

  constructor(private readonly deps: ChatSocketDeps) {
    this.sleep = deps.sleep ?? realSleep;
    this.now = deps.now ?? Date.now;
  }

  /** Connected and authenticated: a send goes over the socket. */
  get ready(): boolean {
    return !!this.socket?.connected && this.authenticated;
  }

  /** Waits for the session's token (20 × 100 ms, then goes on without), then connects to the chat. */
  async open(chatId: string): Promise<void> {
    this.chatId = chatId;
    this.closed = false;
    for (let i = 0; i < SOCKET.authWaitRetries && !this.deps.getToken(); i += 1) {
      await this.sleep(SOCKET.authWaitDelayMs);
      if (this.closed) return;
    }
    if (this.closed) return;
    this.deps.listener.status('connecting');
    const socket = await this.deps.connect({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: SOCKET.reconnectAttempts,
      reconnectionDelay: SOCKET.reconnectDelayMs,
      timeout: SOCKET.connectTimeoutMs,
      query: { chat_id: chatId, frontend_chat_id: chatId, last_connected_at: this.lastConnectedAt },
    });
    if (this.closed) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    this.bind(socket);
  }

  /** Sends the token again (after a sign-in the session changed under an open socket). */
  authenticate(): void {
    const token = this.deps.getToken();
    if (!this.socket?.connected || !token) return;
    this.socket.emit(CLIENT_EVENTS.authenticate, { token, chat_id: this.chatId });
  }

  /** Resolves true once ready, false after `timeoutMs` (checked every 100 ms). */
  async waitReady(timeoutMs: number): Promise<boolean> {
    for (let waited = 0; !this.ready; waited += READY_POLL_MS) {
      if (this.closed || waited >= timeoutMs) return false;
      await this.sleep(READY_POLL_MS);
    }
    return true;
  }

  /**
   * Emits a text message when the socket is ready within 10 s. False means "not sent": the caller
   * posts it over HTTP instead (000 §4).
   */
  async sendMessage(payload: ClientMessagePayload): Promise<boolean> {
    if (!(await this.waitReady(SOCKET.textSendWaitMs))) return false;
    const socket = this.socket;
    if (!socket) return false;
    socket.emit(CLIENT_EVENTS.message, payload);
    return true;
  }

  /**
   * Emits an image message when the socket is ready within 5 s, then waits up to 5 s for its `ack`
   * (000 §4, §9). False means "not taken": the caller uploads it over HTTP instead. A rate limit counts as
   * taken (the card is shown; an upload would only be refused again).
   */
  async sendImage(payload: ClientImageMessagePayload & { client_id: string }): Promise<boolean> {
    if (!(await this.waitReady(SOCKET.imageSendWaitMs))) return false;
    const socket = this.socket;
    if (!socket) return false;
    const clientId = payload.client_id;
    const acked = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), SOCKET.imageSendWaitMs);
      const settle = (value: boolean) => {
        clearTimeout(timer);
        if (this.ackWaiters.get(clientId) === settle) this.ackWaiters.delete(clientId);
        resolve(value);
      };
      this.ackWaiters.set(clientId, settle);
    });
    socket.emit(CLIENT_EVENTS.imageMessage, payload);
    return acked;
  }

  private settleWaiters(value: boolean, clientId?: string): void {
    if (clientId) {
      this.ackWaiters.get(clientId)?.(value);
      return;
    }
    for (const settle of [...this.ackWaiters.values()]) settle(value);
  }

  close(): void {
    this.settleWaiters(false);
    this.closed = true;
    this.authenticated = false;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.removeAllListeners();
    socket.io.removeAllListeners?.();
    socket.disconnect();
    this.deps.listener.status('closed');
  }

  private bind(socket: TypedSocket): void {
    const { listener } = this.deps;
    socket.on('connect', () => {
      this.lastConnectedAt = new Date(this.now()).toISOString();
      this.authenticated = false;
      this.authenticate();
    });
    socket.on('disconnect', (reason) => {
      this.authenticated = false;
      if (this.closed || reason === 'io client disconnect') return;
      listener.status('reconnecting');
    });
    socket.io.on('reconnect_failed', () => {
      if (!this.closed) listener.status('failed');
    });
    socket.on(SERVER_EVENTS.authenticated, (p) => {
      this.authenticated = p.success;
      listener.status(p.success ? 'authenticated' : 'unauthorized');
    });
    socket.on(SERVER_EVENTS.ack, (p) => {
      listener.ack(p);
      if (p.client_id) this.settleWaiters(true, p.client_id);
    });
    socket.on(SERVER_EVENTS.messageChunk, (p) => listener.chunk(p));
    socket.on(SERVER_EVENTS.streamingComplete, (p) => listener.streamingComplete(p));
    socket.on(SERVER_EVENTS.message, (p) => listener.message(p));
    socket.on(SERVER_EVENTS.typingStarted, (p) => {
      if (p.chat_id === this.chatId) listener.typing(true);
    });
    socket.on(SERVER_EVENTS.typingStopped, (p) => {
      if (p.chat_id === this.chatId) listener.typing(false);
    });
    socket.on(SERVER_EVENTS.rateLimit, (p) => {
      listener.rateLimit(p);
      this.settleWaiters(true);
    });
    socket.on(SERVER_EVENTS.guestMigrated, (p) => listener.guestMigrated(p));
    socket.on(SERVER_EVENTS.error, (p) => {
      // An error before the ack (an unreadable image): the upload is tried instead, and its error shown.
      if (this.ackWaiters.size > 0 && (!p.chat_id || p.chat_id === this.chatId)) {
        this.settleWaiters(false);
        return;
      }
      listener.error(p);
    });
  }
}
