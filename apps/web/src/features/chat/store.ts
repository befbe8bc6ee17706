import {
  type AckPayload,
  DUPLICATE_WINDOW_MS,
  IMAGE_FALLBACK_TEXT,
  type LimitTier,
  type Message,
  type MessageChunkPayload,
  type MessageLimits,
  type RateLimitPayload,
  type ReplyStatePayload,
  type StreamingCompletePayload,
  TYPING_TIMEOUT_MS,
  type VideoReadyPayload,
} from '@podruga/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { mediaSrc } from '../../shared/media.ts';
import { type CrisisFields, crisisOf } from '../crisis/metadata.ts';
import {
  type ChatMessage,
  collapseRateLimitCards,
  fromRateLimit,
  fromServer,
  isMediaLimitCard,
  isRetryable,
  isStaleMediaUpdate,
  localAssistant,
  needsImageFallback,
  withRateLimitCard,
} from './messages.ts';
import { mergeHistory } from './resync.ts';
import type { UnsentMessage, UnsentStorage } from './unsent.ts';

/** What the chat knows of the user's daily message limit now: the tier it counts by, and room left. */
export interface LimitStatus {
  tier: LimitTier;
  /** Sending is possible again (after registering, upgrading, or a new day). */
  room: boolean;
}

export interface ChatState {
  chatId: string | null;
  messages: ChatMessage[];
  /** The three dots (000 §4): on after a send, off after 180 s, on an assistant message or typing_stopped. */
  typing: boolean;
  /** False after a rate-limit event; sending is still attempted so the server answers with the limit. */
  sendingAllowed: boolean;
  /**
   * The user's limit as last learned (a rate-limit event, or GET /api/user/message-limits): every card
   * shows it, so a card follows the tier the user has now, not the one it was written for. Null: unknown.
   */
  limit: LimitStatus | null;
  /** Counts rate-limit events: a limits answer asked for before the latest one is out of date. */
  limitSeq: number;
}

export interface ChatActions {
  /** Switches to a chat with its loaded history. */
  reset(chatId: string | null, history?: readonly Message[]): void;
  /** Adds the user's message with a temporary id and turns the typing indicator on; returns the id. */
  addOptimistic(text: string, imagePath?: string | null): string;
  /** Socket `ack`: the optimistic message gets its stored id (and image path). */
  ack(payload: AckPayload): void;
  /** Socket `message_chunk`: builds one streaming reply, ordered by chunk_index. */
  chunk(payload: MessageChunkPayload): void;
  /**
   * Socket `streaming_complete`: the streaming reply gets its stored id and time, and its stored text
   * when the server replaced what was streamed (her reply cut by the safety check, or her crisis reply:
   * `crisis`, `crisis_lines` beside it, issue 27).
   */
  streamingComplete(payload: StreamingCompletePayload & CrisisFields): void;
  /**
   * A full message (socket `message`, HTTP fallback, first message, a voice call's start and end). A known
   * id is replaced where it is (her photo's placeholder becomes the photo; a call's `active` entry its
   * final one), unless it would take her finished media back to pending.
   */
  receive(message: Message): void;
  /** Socket `video_ready` (000 §4): her video's message gets its URL and is ready. */
  videoReady(payload: VideoReadyPayload): void;
  /** HTTP fallback answer: the stored user message replaces the optimistic one, then the reply. */
  receiveHttpReply(tempId: string, userMessage: Message | null, reply: Message | null): void;
  /**
   * Socket `rate_limit` (or an HTTP 429): one card per limit window (upserted by id, replacing the
   * window's earlier card), the refused message marked as not sent, sending marked as not allowed.
   */
  rateLimit(payload: RateLimitPayload): void;
  /**
   * GET /api/user/message-limits answered; `seq` is `limitSeq` when it was asked. Ignored when a
   * rate-limit event came in meanwhile (the answer predates it).
   */
  setLimits(limits: MessageLimits, seq: number): void;
  /** Takes a message that was not sent off the list to send it again; returns its text. */
  retry(id: string): string | null;
  /** A local assistant text (first-message fallback). */
  addLocalAssistant(text: string): void;
  /** Drops an optimistic message whose send failed. */
  remove(id: string): void;
  /** Marks an optimistic message as not sent (kept on screen with its failed mark). */
  markFailed(id: string): void;
  /** The HTTP upload took the photo: the optimistic message is no longer pending. */
  confirm(id: string): void;
  setTyping(on: boolean): void;
  /** Clears the typing timer (page unmount). */
  dispose(): void;
  /**
   * The socket came back: the server's history merged with what only this page has (resync.ts). A
   * stream cut off meanwhile ends; the dots stay only for a message still on its way.
   */
  resync(history: readonly Message[], lostAt: number): void;
  /** A `resume` is on its way (issue 17): chunks of replies this page does not know wait for it. */
  resuming(): void;
  /**
   * `resume` answered (issue 17): each reply being generated shows its text so far at once and goes
   * on live from the chunk after `chunk_index` (the chunks that waited for this are applied). Returns
   * whether a reply this page shows as streaming is not live any more (it finished unheard: the caller
   * fetches the history).
   */
  resumed(replies: readonly ReplyStatePayload[]): boolean;
}

export type ChatStore = StoreApi<ChatState & ChatActions>;

export interface ChatStoreDeps {
  now?: () => number;
  /** Temporary ids for optimistic messages. */
  tempId?: () => string;
  /** How long a user photo waits for an answer before IMAGE_FALLBACK_TEXT (the typing time-out). */
  imageFallbackMs?: number;
  /** Where messages that were not sent are kept across reloads (nothing the user typed is lost). */
  unsent?: UnsentStorage;
}

const STREAM_ID_PREFIX = 'stream-';

/** A reply the server listed as still streaming (GET /api/messages), not one this page is building. */
function isServerStream(message: ChatMessage): boolean {
  return message.streaming && !message.id.startsWith(STREAM_ID_PREFIX);
}

/** A kept message that was not sent, back on the list as it was left. */
function unsentMessage(m: UnsentMessage): ChatMessage {
  return { ...localAssistant(m.id, m.text, m.timestamp), sender: 'user', failed: true };
}
let tempCounter = 0;
function defaultTempId(): string {
  tempCounter += 1;
  return `temp-${Date.now().toString(36)}-${tempCounter}`;
}

/** Whether `candidate` repeats a message already shown (000 §4): equal text within 5 s, same sender. */
function isTextDuplicate(messages: readonly ChatMessage[], candidate: ChatMessage): boolean {
  if (!candidate.text) return false;
  return messages.some(
    (m) =>
      m.sender === candidate.sender &&
      m.text === candidate.text &&
      Math.abs(m.timestamp - candidate.timestamp) < DUPLICATE_WINDOW_MS,
  );
}

/**
 * The message list of one chat, as a plain store (no React): every socket and HTTP event is one action,
 * so the rules of 000 §4 "Sending and receiving" are unit-tested in node.
 */
export function createChatStore(deps: ChatStoreDeps = {}): ChatStore {
  const now = deps.now ?? Date.now;
  const tempId = deps.tempId ?? defaultTempId;
  const imageFallbackMs = deps.imageFallbackMs ?? TYPING_TIMEOUT_MS;
  let typingTimer: ReturnType<typeof setTimeout> | null = null;
  let imageTimer: ReturnType<typeof setTimeout> | null = null;
  /** Photos (by id) that already got the fallback text. */
  const imageFallbackDone = new Set<string>();
  /**
   * The replies being streamed, by their stored id as the chunks name it ('' for chunks that name none):
   * their chunks by index and the id of their bubble; `base`, for a reply resumed midway, the last index
   * its bubble's text holds (earlier chunks are in it already). Usually one; two when a message is sent
   * while her previous reply is still coming.
   */
  const streams = new Map<string, { id: string; chunks: string[]; base: number }>();
  /** Chunks of unknown replies while a `resume` is on its way (issue 17). */
  let waiting: MessageChunkPayload[] | null = null;

  const store = createStore<ChatState & ChatActions>()((set, get) => {
    function setTyping(on: boolean): void {
      if (typingTimer) clearTimeout(typingTimer);
      typingTimer = null;
      if (on) typingTimer = setTimeout(() => set({ typing: false }), TYPING_TIMEOUT_MS);
      if (get().typing !== on) set({ typing: on });
    }

    /** 000 §4: when a user photo gets no answer in time, the fallback text is added once. */
    function armImageFallback(): void {
      if (imageTimer) clearTimeout(imageTimer);
      imageTimer = setTimeout(() => {
        imageTimer = null;
        const { messages } = get();
        const last = messages.at(-1);
        if (!last || !needsImageFallback(messages, imageFallbackDone)) return;
        imageFallbackDone.add(last.id);
        setTyping(false);
        set({ messages: [...messages, localAssistant(tempId(), IMAGE_FALLBACK_TEXT, now())] });
      }, imageFallbackMs);
    }

    function replaceMessage(id: string, next: ChatMessage): void {
      set({ messages: get().messages.map((m) => (m.id === id ? next : m)) });
    }

    /**
     * The limit refused a message: its card, and that message (or, unnamed, every one still on its way) not
     * sent, the limit known to have no room. A card about her photos or videos refuses only what it names:
     * the request itself was a message like any other, and sending text stays allowed.
     */
    function limited(card: ChatMessage, refusedId?: string): void {
      if (isMediaLimitCard(card)) {
        set((s) => ({
          messages: withRateLimitCard(
            s.messages.map((m) =>
              refusedId && m.id === refusedId ? { ...m, pending: false, failed: true } : m,
            ),
            card,
          ),
        }));
        setTyping(false);
        return;
      }
      const tier = card.rateLimit?.tier;
      const refused = (m: ChatMessage) => m.sender === 'user' && (refusedId ? m.id === refusedId : m.pending);
      set((s) => ({
        messages: withRateLimitCard(
          s.messages.map((m) => (refused(m) ? { ...m, pending: false, failed: true } : m)),
          card,
        ),
        sendingAllowed: false,
        limit: tier ? { tier, room: false } : s.limit,
        limitSeq: s.limitSeq + 1,
      }));
      setTyping(false);
    }

    /** Adds a message unless it is a duplicate; a known id is updated instead. */
    function upsert(message: ChatMessage): void {
      const { messages } = get();
      if (messages.some((m) => m.id === message.id)) {
        replaceMessage(message.id, message);
        return;
      }
      // Her media is told apart by its id alone: two photos may well come with the same words.
      if (!message.media && isTextDuplicate(messages, message)) return;
      set({ messages: [...messages, message] });
    }

    return {
      chatId: null,
      messages: [],
      typing: false,
      sendingAllowed: true,
      limit: null,
      limitSeq: 0,

      reset(chatId, history = []) {
        streams.clear();
        setTyping(false);
        const t = now();
        const loaded = collapseRateLimitCards(history.map((m) => fromServer(m, t)));
        const unsent = chatId && deps.unsent ? deps.unsent.load(chatId).map(unsentMessage) : [];
        const messages = unsent.length
          ? [...loaded, ...unsent].sort((a, b) => a.timestamp - b.timestamp)
          : loaded;
        set({ chatId, messages, sendingAllowed: true, limit: null });
        if (imageTimer) clearTimeout(imageTimer);
        imageTimer = null;
        if (needsImageFallback(get().messages, imageFallbackDone)) armImageFallback();
      },

      addOptimistic(text, imagePath = null) {
        const id = tempId();
        const message: ChatMessage = {
          ...localAssistant(id, text, now()),
          sender: 'user',
          image: imagePath,
          type: imagePath ? 'image' : 'text',
          pending: true,
        };
        set({ messages: [...get().messages, message] });
        setTyping(true);
        if (imagePath) armImageFallback();
        return id;
      },

      ack(payload) {
        const { chatId, messages } = get();
        if (chatId && payload.chat_id && payload.chat_id !== chatId) return;
        const target =
          (payload.client_id && messages.find((m) => m.id === payload.client_id)) ||
          [...messages].reverse().find((m) => m.pending && m.sender === 'user');
        if (!target) return;
        if (messages.some((m) => m.id === payload.message_id && m !== target)) {
          set({ messages: messages.filter((m) => m !== target) });
          return;
        }
        const created = Date.parse(payload.created_at);
        replaceMessage(target.id, {
          ...target,
          id: payload.message_id,
          image: payload.image_path ? (target.image ?? payload.image_path) : target.image,
          failed: false,
          timestamp: Number.isNaN(created) ? target.timestamp : created,
          pending: false,
        });
      },

      chunk(payload) {
        const { chatId } = get();
        if (chatId && payload.chat_id !== chatId) return;
        const key = payload.message_id ?? '';
        let stream = streams.get(key);
        if (!stream && waiting && key) {
          // A reply this page may be resuming: it waits for the snapshot that places it.
          waiting.push(payload);
          return;
        }
        // A reply the history showed as streaming (a reload in its middle), not resumed: its bubble holds
        // the server's last checkpoint, and these chunks continue a text whose start this page never
        // heard. It stays as it is until the end, when the stored text is fetched (useChatConnection).
        if (!stream && streams.size === 0 && get().messages.some(isServerStream)) {
          setTyping(false);
          return;
        }
        if (!stream) {
          stream = { id: `${STREAM_ID_PREFIX}${tempId()}`, chunks: [], base: -1 };
          streams.set(key, stream);
        }
        if (payload.chunk_index <= stream.base) return;
        stream.chunks[payload.chunk_index] = payload.chunk;
        // Holes (a chunk that has not arrived yet) are skipped until it does.
        const text = stream.chunks.filter((c) => c !== undefined).join('');
        const id = stream.id;
        const existing = get().messages.find((m) => m.id === id);
        const message: ChatMessage = existing
          ? { ...existing, text, streaming: !payload.is_complete || existing.streaming }
          : { ...localAssistant(id, text, now()), streaming: true };
        if (existing) replaceMessage(id, message);
        else set({ messages: [...get().messages, message] });
        setTyping(false);
      },

      streamingComplete(payload) {
        const { chatId, messages } = get();
        if (chatId && payload.chat_id !== chatId) return;
        // `content`: the server cut her reply (the safety check) and stored her refusal instead: it
        // replaces whatever was streamed, or stands alone when nothing was. `crisis`: that stored reply
        // is her crisis reply (issue 27), shown with its help lines as links.
        const crisis = crisisOf(payload);
        const replaced = {
          ...(payload.content === undefined ? {} : { text: payload.content }),
          ...(crisis ? { crisis } : {}),
        };
        const created = Date.parse(payload.created_at);
        const key = streams.has(payload.message_id) ? payload.message_id : '';
        const stream = streams.get(key);
        if (!stream) {
          const shown = messages.find((m) => m.id === payload.message_id && m.streaming);
          if (shown) replaceMessage(shown.id, { ...shown, ...replaced, streaming: false });
          else if (payload.content !== undefined && !messages.some((m) => m.id === payload.message_id)) {
            const at = Number.isNaN(created) ? now() : created;
            const shownNow = { ...localAssistant(payload.message_id, payload.content, at), ...replaced };
            set({ messages: [...messages, shownNow] });
          }
          return;
        }
        streams.delete(key);
        const id = stream.id;
        const current = messages.find((m) => m.id === id);
        if (!current) return;
        if (id !== payload.message_id && messages.some((m) => m.id === payload.message_id)) {
          set({ messages: messages.filter((m) => m.id !== id) });
          return;
        }
        replaceMessage(id, {
          ...current,
          ...replaced,
          id: payload.message_id,
          streaming: false,
          timestamp: Number.isNaN(created) ? current.timestamp : created,
        });
      },

      receive(message) {
        const { chatId, messages } = get();
        if (chatId && message.chat_id && message.chat_id !== chatId) return;
        const next = fromServer(message, now());
        if (message.message_type === 'rate_limit') {
          limited(next);
          return;
        }
        if (message.message_type === 'voice_call') {
          // 000 §4: a voice_call message updates its entry where it is, or adds one; whoever's it is,
          // it answers nothing the user sent (the dots stay as they are).
          const known = messages.find((m) => m.id === message.id);
          // A late `active` copy never takes a finished call back.
          if (known?.status && known.status !== 'active' && next.status === 'active') return;
          if (known) replaceMessage(message.id, next);
          else set({ messages: [...messages, next] });
          return;
        }
        if (message.is_user) {
          // 000 §4: a user message from the server only updates its image path.
          const known = messages.find((m) => m.id === message.id);
          if (known && next.image) replaceMessage(known.id, { ...known, image: next.image });
          return;
        }
        const known = messages.find((m) => m.id === message.id);
        if (known && isStaleMediaUpdate(known, next)) return;
        // Her reply, stored (a dead instance's, finished by another: issue 17): its stream is over.
        streams.delete(message.id);
        upsert({ ...next, streaming: false });
        // Her media finishing is not an answer to what the user may have sent since: the dots stay.
        if (!(known && next.media)) setTyping(false);
      },

      videoReady(payload) {
        const { chatId, messages } = get();
        if (chatId && payload.chat_id !== chatId) return;
        const target = messages.find((m) => m.id === payload.message_id);
        const video = mediaSrc(payload.video_url);
        if (!target || !video) return;
        replaceMessage(target.id, {
          ...target,
          type: 'video',
          video,
          status: 'ready',
          media: target.media ? { ...target.media, status: 'ready', error: null } : null,
        });
      },

      receiveHttpReply(id, userMessage, reply) {
        const optimistic = get().messages.find((m) => m.id === id);
        if (userMessage) {
          const stored = fromServer(userMessage, now());
          if (optimistic) replaceMessage(id, { ...stored, image: stored.image ?? optimistic.image });
          else upsert(stored);
        }
        if (reply) get().receive(reply);
      },

      rateLimit(payload) {
        const { chatId } = get();
        if (chatId && payload.chat_id && payload.chat_id !== chatId) return;
        limited(fromRateLimit(payload, now()), payload.client_id);
      },

      setLimits(limits, seq) {
        if (seq !== get().limitSeq) return;
        const room = limits.allowed && (limits.limit === 'unlimited' || limits.remaining > 0);
        set({ limit: { tier: limits.user_type, room }, sendingAllowed: room });
      },

      retry(id) {
        const target = get().messages.find((m) => m.id === id);
        if (!target || !isRetryable(target)) return null;
        set({ messages: get().messages.filter((m) => m.id !== id) });
        return target.text;
      },

      addLocalAssistant(text) {
        upsert(localAssistant(tempId(), text, now()));
      },

      remove(id) {
        set({ messages: get().messages.filter((m) => m.id !== id) });
      },

      markFailed(id) {
        const target = get().messages.find((m) => m.id === id);
        if (target) replaceMessage(id, { ...target, pending: false, failed: true });
      },

      confirm(id) {
        const target = get().messages.find((m) => m.id === id);
        if (target) replaceMessage(id, { ...target, pending: false, failed: false });
      },

      setTyping,

      dispose() {
        if (typingTimer) clearTimeout(typingTimer);
        typingTimer = null;
        if (imageTimer) clearTimeout(imageTimer);
        imageTimer = null;
        streams.clear();
        waiting = null;
      },

      resuming() {
        waiting = [];
      },

      resumed(replies) {
        const { chatId } = get();
        const held = waiting ?? [];
        waiting = null;
        const live = replies.filter((r) => !chatId || r.chat_id === chatId);
        for (const reply of live) {
          // Its bubble: the one the history showed (its id), else a new one; the text so far, at once.
          const chunks: string[] = [];
          chunks[Math.max(0, reply.chunk_index)] = reply.content;
          streams.set(reply.message_id, { id: reply.message_id, chunks, base: reply.chunk_index });
          const known = get().messages.find((m) => m.id === reply.message_id);
          const message: ChatMessage = {
            ...(known ?? localAssistant(reply.message_id, '', now())),
            text: reply.content,
            streaming: true,
            interrupted: false,
          };
          if (known) replaceMessage(known.id, message);
          else set({ messages: [...get().messages, message] });
        }
        for (const payload of held) get().chunk(payload);
        const liveIds = new Set(live.map((r) => r.message_id));
        return get().messages.some((m) => isServerStream(m) && !liveIds.has(m.id));
      },

      resync(history, lostAt) {
        streams.clear();
        const messages = mergeHistory(get().messages, history, { now: now(), lostAt });
        set({ messages });
        setTyping(messages.some((m) => m.pending));
      },
    };
  });

  // Messages that were not sent are kept per chat until they are sent again or dropped.
  const { unsent } = deps;
  if (unsent) {
    let last = '';
    store.subscribe(({ chatId, messages }) => {
      if (!chatId) return;
      const list: UnsentMessage[] = messages
        .filter(isRetryable)
        .map((m) => ({ id: m.id, text: m.text, timestamp: m.timestamp }));
      const json = `${chatId}:${JSON.stringify(list)}`;
      if (json === last) return;
      last = json;
      unsent.save(chatId, list);
    });
  }
  return store;
}
