import {
  type Brand,
  brandForHost,
  type ClientToServerEvents,
  IMAGE_MAX_BYTES,
  type Message,
  type Notification,
  type ResumeAnswer,
  type ServerToClientEvents,
  SOCKET,
  SOCKET_PATH,
} from '@podruga/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { UserRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { SessionResolver } from '../modules/auth/auth.service.ts';
import { decodeBase64Image } from '../modules/messages/chat-images.ts';
import type { HerMediaLive } from '../modules/messages/her-media/her-media.service.ts';
import { presentMessage } from '../modules/messages/messages.presenter.ts';
import type { MessagesService } from '../modules/messages/messages.service.ts';
import { MESSAGE_TEXTS } from '../modules/messages/messages.texts.ts';
import type { SendOutcome } from '../modules/messages/send/outcome.ts';
import { type SocketAudience, SocketReply, socketRefusal } from '../modules/messages/send/present.ts';
import type { ReplyAway } from '../modules/notifications/notifications.service.ts';
import { FORM_OVERHEAD_BYTES } from '../plugins/multipart-form.ts';
import { batchWrites } from './write-batching.ts';

interface SocketData {
  token?: string;
  userId?: string;
}

type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeDeps {
  sessions: SessionResolver;
  messages: MessagesService;
  /**
   * With Redis, rooms span every instance: an emit on one reaches sockets connected to another. The
   * app's client: the adapter publishes on it, so a reply's chunk is in its resumable stream (an RPUSH
   * on the same connection, sent first) before any instance hears it.
   */
  redis?: Redis | undefined;
  /** REDIS_PREFIX: the adapter's channels are `<prefix>:socket.io#…`, apart from other deployments'. */
  redisPrefix: string;
  /** How long a dropped connection may come back as itself (connection-state recovery). */
  recoveryMs?: number;
  /** Events one connection may send per window before they are dropped (a flood, not a person). */
  eventCap?: SocketEventCap;
  /**
   * Her reply finished while no socket of the user was in the chat's room (she left the chat or closed
   * the tab), on any instance: the notifications service tells her (issue 12).
   */
  onReplyAway?: (reply: ReplyAway) => Promise<unknown>;
  /** The brands by host: whose crisis lines a message in crisis gets, where they differ by brand. */
  brands?: Brand[] | undefined;
}

/** The flood cap of one connection: `events` per `windowMs`; past `disconnectAfter` × that, cut off. */
export interface SocketEventCap {
  events: number;
  windowMs: number;
  disconnectAfter: number;
}

/** A drop shorter than this comes back as the same connection, with what it missed. */
const SOCKET_RECOVERY_MS = 15_000;

const SOCKET_EVENT_CAP: SocketEventCap = { events: 30, windowMs: 10_000, disconnectAfter: 3 };

export interface Realtime {
  io: ChatServer;
  /** 000 §4: the guest's open tabs are told to refresh after a login merged them into an account. */
  guestMigrated(guestUserId: string): void;
  /** A new notification to every socket of the user (issue 12). */
  notification(userId: string, notification: Notification): void;
  /** Her photo or video as it is now (issue 14), to the chat's room; `video_ready` when a video is. */
  herMedia: HerMediaLive;
  /** Whether the user has a socket connected here or, with Redis, on another instance. */
  connected(userId: string): Promise<boolean>;
  /** A chat entry as it is now (a voice call's, issue 15), to the chat's room as a `message` event. */
  chatMessage(chatId: string, message: Message): void;
}

export const GUEST_MIGRATED_TEXT = 'Your guest account was migrated. Please refresh the page.';
const NOT_AUTHENTICATED = 'Not authenticated';

const userRoom = (id: string) => `user:${id}`;
const chatRoom = (id: string) => `chat:${id}`;

/** `message` and `image_message`, as far as the client can be trusted: every field is checked. */
interface IncomingMessage {
  chatId: unknown;
  content: unknown;
  clientId: unknown;
  imagePath?: unknown;
  imageData?: unknown;
}

/**
 * socket.io on the app's own HTTP server at /socket.io (000 §7), typed by the shared event maps.
 * Works the same whether server.ts or a test calls `listen`; closed with the app.
 */
export async function attachRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<Realtime> {
  const io: ChatServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    pingTimeout: SOCKET.pingTimeoutMs,
    pingInterval: SOCKET.pingIntervalMs,
    serveClient: false,
    // image_message carries a photo of up to 10 MB as base64 (4/3 larger) plus the envelope.
    maxHttpBufferSize: Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + FORM_OVERHEAD_BYTES,
    // With Redis, a short drop (a tunnel, a network switch) comes back as the same socket, in its rooms,
    // with the events it missed, read back from the adapter's stream (issue 17). In memory socket.io
    // would keep every broadcast of the last seconds in the process (+39 MB at 100 streaming chats,
    // docs/PERFORMANCE.md): there a drop of any length resumes its replies instead (`resume`).
    ...(deps.redis
      ? {
          connectionStateRecovery: {
            maxDisconnectionDuration: deps.recoveryMs ?? SOCKET_RECOVERY_MS,
            skipMiddlewares: true,
          },
        }
      : {}),
  });
  const redis = deps.redis;
  if (redis) {
    // Redis streams, not PUB/SUB: a recovered connection's missed events are read back from the stream
    // on whichever instance it comes back to.
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    const prefix = deps.redisPrefix;
    io.adapter(
      createAdapter(redis, {
        streamName: `${prefix}:socket.io`,
        channelPrefix: `${prefix}:socket.io`,
        sessionKeyPrefix: `${prefix}:socket.io:session:`,
        blockTimeInMs: 1_000,
        // About 15 s of broadcasts at 500 streaming chats: what a recovered drop can read back.
        maxLen: 100_000,
      }),
    );
  }
  const inFlight = new Set<Promise<void>>();
  const roomSize = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;
  /** Whether a socket is in `room` here or, with Redis, on another instance. */
  const occupied = async (room: string) => {
    if (roomSize(room) > 0) return true;
    if (!redis) return false;
    return (await io.in(room).fetchSockets()).length > 0;
  };

  async function joinChatIfOwned(socket: ChatSocket, user: UserRow, chatId: unknown): Promise<boolean> {
    if (typeof chatId !== 'string' || !chatId) return false;
    try {
      const chat = await deps.messages.ownedChat(user, chatId);
      await socket.join(chatRoom(chat.id));
      return true;
    } catch {
      return false;
    }
  }

  const cap = deps.eventCap ?? SOCKET_EVENT_CAP;
  io.on('connection', (socket) => {
    const query = socket.handshake.query;
    // The events of one turn of the event loop leave in one write (issue 18).
    batchWrites(socket.conn);

    // Every event counts against the connection's window: a flood is dropped, a torrent cut off.
    let windowStart = 0;
    let events = 0;
    socket.use((_packet, next) => {
      const now = Date.now();
      if (now - windowStart >= cap.windowMs) {
        windowStart = now;
        events = 0;
      }
      events++;
      if (events <= cap.events) return next();
      if (events > cap.events * cap.disconnectAfter) socket.disconnect(true);
      else if (events === cap.events + 1) {
        socket.emit('error', { message: MESSAGE_TEXTS.throttled, code: 'send_throttled' });
      }
    });

    socket.on('authenticate', async (payload) => {
      try {
        const token = typeof payload?.token === 'string' ? payload.token : '';
        const user = await deps.sessions.resolveSession(token);
        socket.data.token = token;
        socket.data.userId = user.id;
        await socket.join(userRoom(user.id));
        await joinChatIfOwned(socket, user, payload?.chat_id ?? query.chat_id);
        socket.emit('authenticated', { success: true, user_id: user.id });
      } catch (error) {
        socket.emit('authenticated', {
          success: false,
          error: error instanceof AppError ? error.detail : 'Authentication error',
        });
      }
    });

    const track = (task: Promise<void>) => {
      const done = task.finally(() => inFlight.delete(done));
      inFlight.add(done);
    };
    socket.on('message', (payload) => {
      track(
        handleMessage(socket, {
          chatId: payload?.current_chat_id,
          content: payload?.content,
          clientId: payload?.client_id,
          imagePath: payload?.image_path,
        }),
      );
    });
    socket.on('image_message', (payload) => {
      track(
        handleMessage(socket, {
          chatId: payload?.current_chat_id,
          content: payload?.content,
          clientId: payload?.client_id,
          imageData: payload?.image_data ?? '',
        }),
      );
    });

    socket.on('resume', (payload, answer) => {
      if (typeof answer !== 'function') return;
      track(resume(socket, payload?.chat_id).then(answer));
    });
    socket.on('continue_reply', (payload) => {
      track(handleContinue(socket, payload?.chat_id, payload?.message_id));
    });
  });

  /**
   * Who hears a reply (send/present.ts): one broadcast operator for every event of it (io.to() builds a
   * new one per call). In memory, while the sender is alone in the chat's room — the usual case, one tab
   * — an event goes straight to its socket and the other tabs' copy is not even encoded (issue 18); a tab
   * that joins meanwhile is heard from its next event. With Redis every event is broadcast: other
   * instances may hold the room's other sockets, and a recovered connection reads them back.
   */
  function audienceOf(socket: ChatSocket, room: string): SocketAudience {
    const others = socket.to(room);
    const everyone = io.to(room);
    if (redis) return { sender: socket, others, room: everyone };
    const alone = () => {
      const members = io.of('/').adapter.rooms.get(room);
      return members?.size === 1 && members.has(socket.id);
    };
    return {
      sender: socket,
      others: { emit: (event, ...args) => (alone() ? false : others.emit(event, ...args)) },
      room: {
        emit: (event, ...args) => (alone() ? socket.emit(event, ...args) : everyone.emit(event, ...args)),
      },
    };
  }

  /** The user of an authenticated socket, checked again (a revoked or expired token stops here). */
  async function socketUser(socket: ChatSocket): Promise<UserRow> {
    const { token } = socket.data;
    if (!token) throw new AppError(401, 'unauthorized', NOT_AUTHENTICATED);
    return deps.sessions.resolveSession(token);
  }

  /**
   * `resume` (issue 17): the socket joins the chat's room first, then the replies being generated there
   * are read, so every chunk after the snapshot reaches it live (the client drops those it has).
   */
  async function resume(socket: ChatSocket, chatId: unknown): Promise<ResumeAnswer> {
    try {
      if (typeof chatId !== 'string' || !chatId) return { ok: false, replies: [] };
      const user = await socketUser(socket);
      const chat = await deps.messages.ownedChat(user, chatId);
      await socket.join(chatRoom(chat.id));
      const { live, recovered } = await deps.messages.liveReplies(chat.id);
      for (const row of recovered) io.to(chatRoom(chat.id)).emit('message', presentMessage(row));
      return {
        ok: true,
        replies: live.map((reply) => ({
          message_id: reply.id,
          chat_id: reply.chatId,
          content: reply.content,
          chunk_index: reply.chunkIndex,
        })),
      };
    } catch (error) {
      if (!(error instanceof AppError)) app.log.warn({ err: error }, 'socket resume failed');
      return { ok: false, replies: [] };
    }
  }

  /** `continue_reply` (issue 17): her cut reply streams on, told as a reply is. */
  async function handleContinue(socket: ChatSocket, chatId: unknown, messageId: unknown): Promise<void> {
    const chat = typeof chatId === 'string' ? chatId : '';
    try {
      const user = await socketUser(socket);
      const owned = await deps.messages.ownedChat(user, chat);
      const room = chatRoom(owned.id);
      await socket.join(room);
      const reply = new SocketReply(audienceOf(socket, room), owned.id, undefined);
      const outcome = await deps.messages.continueReply(
        user,
        owned.id,
        typeof messageId === 'string' ? messageId : '',
        reply,
      );
      reply.end(outcome);
      await tellIfAway(user.id, owned.id, await deps.messages.companion(owned), outcome);
    } catch (error) {
      if (!(error instanceof AppError)) app.log.error({ err: error, chatId: chat }, 'socket continue failed');
      socket.emit('error', socketRefusal(error, chat, undefined));
    }
  }

  /** Her reply finished with nobody of the user in the chat, on any instance: the bell tells her. */
  async function tellIfAway(
    userId: string,
    chatId: string,
    character: { id: string; name: string } | null | undefined,
    outcome: SendOutcome,
  ): Promise<void> {
    if (!deps.onReplyAway || !character || (outcome.kind !== 'replied' && outcome.kind !== 'cut')) return;
    if (await occupied(chatRoom(chatId))) return;
    await deps.onReplyAway({
      userId,
      chatId,
      characterId: character.id,
      characterName: character.name,
      text: outcome.reply.content,
    });
  }

  /** A `message` or `image_message`: the send pipeline, its events mapped by send/present.ts. */
  async function handleMessage(socket: ChatSocket, payload: IncomingMessage): Promise<void> {
    const chatId = typeof payload.chatId === 'string' ? payload.chatId : '';
    const clientId = typeof payload.clientId === 'string' ? payload.clientId : undefined;
    const { token } = socket.data;
    try {
      if (!token) throw new AppError(401, 'unauthorized', NOT_AUTHENTICATED);
      // The session is checked on every message: a revoked or expired token stops here.
      const content = typeof payload.content === 'string' ? payload.content : '';
      const imagePath = typeof payload.imagePath === 'string' ? payload.imagePath : null;
      const withPhoto = payload.imageData !== undefined || Boolean(imagePath);
      const { user, owned, safety, guard, context } = await deps.messages.sessionChat(
        await deps.sessions.claims(token),
        chatId,
        content,
        withPhoto ? 'upload_caption' : 'chat',
      );
      const chat = owned.chat;
      const room = chatRoom(chat.id);
      await socket.join(room);
      const reply = new SocketReply(audienceOf(socket, room), chat.id, clientId);
      // Her reply is generated whatever happens to this socket (issue 17): a client that comes back, to
      // any instance, resumes it; one that does not finds it stored, and the bell says she answered.
      const outcome = await deps.messages.send(
        user,
        {
          chatId: chat.id,
          content,
          safety,
          guard,
          context,
          brand: deps.brands?.length
            ? brandForHost(deps.brands, socket.handshake.headers.host).id
            : undefined,
          admitted: true,
          imagePath,
          image: payload.imageData === undefined ? undefined : decodeBase64Image(payload.imageData),
        },
        reply,
        undefined,
        owned,
      );
      reply.end(outcome);
      await tellIfAway(user.id, chat.id, owned.character, outcome);
    } catch (error) {
      // Nothing of the message was stored: the sender's bubble is marked as not sent.
      if (!(error instanceof AppError)) app.log.error({ err: error, chatId }, 'socket message failed');
      socket.emit('error', socketRefusal(error, chatId, clientId));
    }
  }

  // Runs after the messages service has drained (app.ts): the replies in flight are finished or stored
  // as interrupted by now, and the sockets heard them to the end.
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
    io.local.disconnectSockets(true);
    io.engine.close();
    // The Redis adapter's readers stop (the app's own client is closed with the app).
    for (const namespace of io._nsps.values()) await namespace.adapter.close();
  });

  return {
    io,
    guestMigrated(guestUserId) {
      io.to(userRoom(guestUserId)).emit('guest_migrated', { message: GUEST_MIGRATED_TEXT });
    },
    notification(userId, notification) {
      io.to(userRoom(userId)).emit('notification', notification);
    },
    herMedia: {
      message: (chatId, message) => io.to(chatRoom(chatId)).emit('message', message),
      videoReady: (payload) => io.to(chatRoom(payload.chat_id)).emit('video_ready', payload),
      watching: (chatId) => occupied(chatRoom(chatId)),
    },
    chatMessage(chatId, message) {
      io.to(chatRoom(chatId)).emit('message', message);
    },
    connected: (userId) => occupied(userRoom(userId)),
  };
}
