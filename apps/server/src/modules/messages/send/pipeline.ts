import type { CharacterRow, ChatRow, MessageRow, UserRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import type { LlmPort } from '../../../providers/llm/port.ts';
import type { StoragePort } from '../../../providers/storage/port.ts';
import type { VisionPort } from '../../../providers/vision/port.ts';
import { isUuid } from '../../../validation.ts';
import type { SessionClaims } from '../../auth/session-tokens.ts';
import type { ConsumedWith, LimitsService } from '../../limits/limits.service.ts';
import type { SendThrottle } from '../../limits/send-throttle.ts';
import { type ChatContext, EMPTY_CONTEXT } from '../../safety/conversation.ts';
import type { SafetyEntry } from '../../safety/input.ts';
import type { GuardVerdict, SafetyLayer, SafetyService, TurnVerdict } from '../../safety/safety.service.ts';
import { sceneAfter } from '../../safety/scene.ts';
import { encodeChatImage } from '../chat-images.ts';
import type { HerMediaService } from '../her-media/her-media.service.ts';
import type { LiveReplies } from '../live-replies.ts';
import type {
  ChatWithCharacter,
  HistoryRow,
  MessagesRepository,
  StoredTurn,
} from '../messages.repository.ts';
import { MESSAGE_TEXTS } from '../messages.texts.ts';
import { ownedChat } from '../owned-chat.ts';
import { checkMessage, checkOwnMedia, refuseControlChars, SendGate } from './admit.ts';
import type { BreakReminders } from './breaks.ts';
import { answerCrisis } from './crisis.ts';
import { finish } from './finish.ts';
import { requestMedia } from './media.ts';
import { type ReplySink, type SendInput, type SendOutcome, silentSink } from './outcome.ts';
import { promptReads, readSessionChat, type SessionChat } from './read.ts';
import {
  askEarly,
  type Relayed,
  type ReplyCheck,
  relayReply,
  replyWindow,
  type StartedReply,
  startReply,
} from './reply.ts';
import { countAndStore, rateLimited, storePhotoTurn } from './store.ts';
import { answerUnsafe, chatContext, chatEntry, keepScene, storedScene } from './unsafe.ts';

/** What the streaming step reads to keep her reply safe (issue 27). */
interface StreamSafety {
  /** The chat's turns (the user's new one included) and its scene after it. */
  context: ChatContext;
  /** The scene as stored before this send (undefined: never stored): the finish writes it only when it changed. */
  before: ChatContext['scene'] | undefined;
  /** The guard model's verdict on the user's turn, to come. */
  guard?: Promise<GuardVerdict> | undefined;
  /** For a crisis reply: the brand's lines and her name. */
  brand?: string | undefined;
  companion?: () => Promise<string>;
}

/** The reply to continue is not one any more (a second tap, a newer message, another chat's). */
const continueGone = () => new AppError(409, 'continue_gone', MESSAGE_TEXTS.continueGone);

/** What a send needs: the module's repository, the limits, the ports, the live replies of the process. */
export interface SendDeps {
  repo: MessagesRepository;
  limits: LimitsService;
  llm: LlmPort;
  vision: VisionPort;
  storage: StoragePort;
  /** The user's text before anything is stored; her reply as it streams (issue 11). */
  safety: SafetyService;
  log: Logger;
  /** Replies streaming in this process: checkpoints, drain, recovery. */
  live: LiveReplies;
  /** Photos and videos of her on request (issue 14); none = every message is answered in words. */
  media?: HerMediaService | undefined;
  /** Sends per user per window; none = unthrottled. */
  throttle?: SendThrottle | undefined;
  /** The long-session reminder (issue 27); none = never. */
  breaks?: BreakReminders | undefined;
  /** Chunk coalescing (DESIGN §8). */
  chunkChars?: number;
  chunkDelayMs?: number;
}

/**
 * One user message and her reply, shared by the socket and REST: the steps in the order of DESIGN §7
 * (admit or refuse → count and store → stream the reply → finish), each in its own file of this folder.
 * `send/present.ts` turns the outcome into socket events or a REST body.
 *
 * For the first token's sake (DESIGN §8, docs/PERFORMANCE.md) the waits overlap and the trips are few:
 * the socket reads the user, the chat, her companion, the history and today's count in one trip, with
 * the throttle and the safety check running meanwhile (`read`); a text message is counted and stored in
 * one statement, and when today's count leaves room the model is already being asked meanwhile (a
 * refusal or a failed store cancels that call), else as soon as the message is stored; the end is one
 * UPDATE. No text goes out before the acknowledgement, and nothing is written per chunk. A new step
 * keeps that: it runs during a trip already on its way, or it says what it costs.
 */
export class SendPipeline {
  private readonly gate: SendGate;

  constructor(private readonly deps: SendDeps) {
    this.gate = new SendGate(deps.live, deps.throttle);
  }

  /** The socket's read: see `readSessionChat`. Its sends then pass `owned`, `safety` and `admitted`. */
  read(claims: SessionClaims, chatId: string, content: string, entry: SafetyEntry): Promise<SessionChat> {
    return readSessionChat(this.deps, this.gate, claims, chatId, content, entry);
  }

  /**
   * Sends `input` as `user`. `owned` is the chat (with her companion, history and today's count) when
   * the caller has already read it and checked it is the user's. Refusals before anything is stored
   * throw an `AppError`; everything after is a `SendOutcome`.
   */
  async send(
    user: UserRow,
    input: SendInput,
    sink: ReplySink = silentSink,
    signal?: AbortSignal,
    owned?: ChatWithCharacter,
  ): Promise<SendOutcome> {
    if (!input.admitted) await this.gate.admit(user.id);
    this.gate.assertOpen();
    return this.deps.live.track(() => this.run(user, input, sink, signal, owned));
  }

  private async run(
    user: UserRow,
    input: SendInput,
    sink: ReplySink,
    signal: AbortSignal | undefined,
    owned: ChatWithCharacter | undefined,
  ): Promise<SendOutcome> {
    const { deps } = this;

    // 1. Admit or refuse (admit.ts, unsafe.ts): nothing is counted for a refusal, and nothing stored but
    //    an unsafe text and her in-character answer.
    refuseControlChars(input);
    const chat = owned?.chat ?? (await ownedChat(deps.repo, user, input.chatId));
    const message = checkMessage(input);
    if (message.imagePath) await checkOwnMedia(deps.repo, user.id, message.imagePath);
    const image = input.image ? await encodeChatImage(input.image) : undefined;
    // What the prompt needs is read now (unless it came with the chat): the safety check reads the
    // chat's recent turns and scene from it (REST; the socket's read checked already).
    const reads = promptReads(deps.repo, chat, owned);
    let { safety, context, guard } = input;
    if (!safety || !context) {
      const withPhoto = Boolean(image || message.imagePath);
      [{ verdict: safety, guard }, context] = await this.checkText(
        user,
        message.content,
        chatEntry(withPhoto, message.content),
        chat,
        reads,
      );
    }
    // The scene learns whom this turn set up, a refused attempt included (issue 27).
    const scene = sceneAfter(context.scene, { role: 'user', text: message.content }, !safety.ok);
    // The crisis protocol before anything else (issue 27): a message in crisis is answered with care
    // and help lines, whatever else it asks.
    const crisis = deps.safety.crisis(message.content, context.turns);
    if (crisis.crisis) {
      await keepScene(deps.repo, chat, storedScene(context), scene);
      const [character] = await reads;
      const entry = chatEntry(Boolean(image || message.imagePath), message.content);
      return answerCrisis(
        deps,
        user,
        chat,
        message,
        { verdict: crisis, entry, layer: 'rules' },
        sink,
        character.name,
        input.brand,
      );
    }
    if (!safety.ok) {
      await keepScene(deps.repo, chat, storedScene(context), scene);
      return answerUnsafe(deps.repo, user, chat, message, safety, sink);
    }
    const replyContext: ChatContext = {
      turns: [...context.turns, { role: 'user', text: message.content }],
      scene,
    };

    // A request for a photo or video of her (issue 14; send/media.ts): her placeholder, and a job.
    if (deps.media && !image && !message.imagePath) {
      const intent = await deps.media.detect(message.content, owned?.history ?? []);
      if (intent) {
        await keepScene(deps.repo, chat, storedScene(context), scene);
        return requestMedia({ ...deps, media: deps.media }, user, chat, message, intent, sink);
      }
    }

    // 2. Count and store (store.ts). The model is asked already when today's count, read with the
    //    chat, leaves room.
    let call = image ? undefined : askEarly(deps, user, owned, message.content, signal);
    let counted: ConsumedWith<StoredTurn>;
    try {
      counted = image
        ? await storePhotoTurn(deps, user, chat, message, image, signal)
        : await countAndStore(deps, user, chat, message);
    } catch (error) {
      call?.cancel();
      throw error;
    }
    if (!counted.ok) {
      call?.cancel();
      return rateLimited(deps.repo, user, chat, counted);
    }
    const { userMessage, reply } = counted.stored;

    // 3. Stream the reply (reply.ts): the model asked now if it was not already, the user told second.
    if (!call) {
      let character: CharacterRow;
      let history: HistoryRow[];
      try {
        [character, history] = await reads;
      } catch (error) {
        sink.ack(userMessage);
        await deps.repo.discardReply(reply.id);
        throw error;
      }
      // The history was read alongside the store: it may or may not hold the new message already.
      const turns = [...history.filter((row) => row.id !== userMessage.id), userMessage];
      call = startReply(deps.llm, character, turns, signal);
    }
    sink.ack(userMessage);
    return this.stream(user, chat, userMessage, reply.id, call, sink, {
      context: replyContext,
      before: storedScene(context),
      guard,
      brand: input.brand,
      companion: () => reads.then(([character]) => character.name),
    });
  }

  /**
   * "Continue" (issue 17): her reply `messageId`, cut short (interrupted by a dead instance or a
   * shutdown, or partial when the model failed) and the chat's newest message, streams on from its
   * text — on any instance — charged as a message (the cut one was given back). Refusals before
   * anything changes throw; the daily limit is the chat's card, as for a message.
   */
  async continueReply(
    user: UserRow,
    chatId: string,
    messageId: string,
    sink: ReplySink = silentSink,
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    await this.gate.admit(user.id);
    this.gate.assertOpen();
    return this.deps.live.track(() => this.runContinue(user, chatId, messageId, sink, signal));
  }

  private async runContinue(
    user: UserRow,
    chatId: string,
    messageId: string,
    sink: ReplySink,
    signal: AbortSignal | undefined,
  ): Promise<SendOutcome> {
    const { deps } = this;
    const chat = await ownedChat(deps.repo, user, chatId);
    if (!isUuid(messageId)) throw continueGone();
    const reads = promptReads(deps.repo, chat, undefined);
    const counted = await deps.limits.consumeMessageWith(user, (usage) =>
      deps.repo.claimContinuation(messageId, chat.id, usage),
    );
    if (!counted.ok) return rateLimited(deps.repo, user, chat, counted);
    if (counted.stored === 'gone') throw continueGone();
    const reply = counted.stored;
    let turns: HistoryRow[];
    let character: CharacterRow;
    let context: ChatContext = EMPTY_CONTEXT;
    try {
      let history: HistoryRow[];
      [character, history] = await reads;
      // Her turn is the text she continues; the prompt ends with the user's turn she was answering.
      const at = history.findIndex((row) => row.id === reply.id);
      turns = at >= 0 ? history.slice(0, at) : history;
      context = chatContext(turns, chat);
    } catch (error) {
      await deps.repo.finishCutShort(reply.id, reply.content, { interrupted: true });
      throw error;
    }
    const call = startReply(deps.llm, character, turns, signal, reply.content);
    sink.continued?.(reply);
    // The stream's chunk 0 is the text she had sent; the continuation's chunks follow it.
    const shifted: ReplySink = {
      ack: (row) => sink.ack(row),
      typingStarted: () => sink.typingStarted(),
      replyStarted: (id) => sink.replyStarted?.(id),
      chunk: (chunk, index, done) => sink.chunk(chunk, index + 1, done),
    };
    return this.stream(
      user,
      chat,
      undefined,
      reply.id,
      call,
      shifted,
      { context, before: storedScene(context) },
      reply.content,
    );
  }

  /**
   * Steps 3 and 4 of a reply whose row is stored: relayed to the user, read by the safety checks as it
   * goes and whole at its end, and finished. `initial`: the text it continues.
   */
  private async stream(
    user: UserRow,
    chat: ChatRow,
    userMessage: MessageRow | undefined,
    replyId: string,
    call: StartedReply,
    sink: ReplySink,
    safety: StreamSafety,
    initial = '',
  ): Promise<SendOutcome> {
    const { deps } = this;
    const { turns, scene } = safety.context;
    sink.typingStarted();
    sink.replyStarted?.(replyId);
    const live = deps.live.open(replyId, chat.id, initial);
    try {
      // The guard model's verdict on the user's turn arrives while her reply streams (issue 27): a
      // refusal or a crisis cuts it at the next chunk; "safe" never held it back.
      let judged: GuardVerdict | undefined;
      safety.guard?.then(
        (verdict) => {
          judged = verdict;
        },
        () => {},
      );
      // Her reply is read by the rules as it goes out, with her as the speaker ("мне 14" is about her),
      // chunk by chunk with the text before it (cut when it turns forbidden), then whole by the rules and
      // the moderation port (issues 11 and 27, layer 3).
      const hers = (text: string) =>
        deps.safety.rules({ text, entry: 'chat', speaker: 'her', turns, scene, transient: true });
      const check: ReplyCheck = (text) =>
        judged?.refused ?? (judged?.crisis ? 'crisis' : hers(replyWindow(text)));
      let relayed: Relayed = await relayReply(call, live, sink, deps, check);
      let layer: SafetyLayer = judged?.refused || judged?.crisis ? 'moderation' : 'rules';
      // The reply ended before the guard answered: its verdict still decides (it is bounded by its timeout).
      if (relayed.ok && !relayed.refused && !relayed.crisis && safety.guard) {
        const late = await safety.guard.catch((): GuardVerdict => ({}));
        if (late.refused) [relayed, layer] = [{ ok: true, refused: late.refused }, 'moderation'];
        else if (late.crisis) [relayed, layer] = [{ ok: true, crisis: true }, 'moderation'];
        judged = late;
      }
      if (relayed.ok && !relayed.refused && !relayed.crisis) {
        const whole = hers(live.sent);
        if (!whole.ok) relayed = { ok: true, refused: whole };
        else if (deps.safety.moderated) {
          const verdict = await deps.safety.checkReply(live.sent, { turns, scene });
          if (!verdict.ok) [relayed, layer] = [{ ok: true, refused: verdict }, 'moderation'];
        }
      }
      const cut = relayed.ok && relayed.refused;
      if (cut) deps.safety.replyCut(user.id, chat.id, cut, layer);
      // The guard refused the user's turn itself: it is marked so, and is no context from now on.
      let turn = userMessage;
      const turnRefused =
        relayed.ok && relayed.refused && judged?.refused === relayed.refused ? judged.refused : undefined;
      if (turnRefused && userMessage) {
        await deps.repo.markRefused(userMessage.id, turnRefused.reason);
        turn = { ...userMessage, metadata: { ...(userMessage.metadata ?? {}), refused: turnRefused.reason } };
      }
      const crisis =
        relayed.ok && relayed.crisis && userMessage
          ? await deps.safety.refer({
              entry: 'chat',
              kind: 'self_harm',
              layer,
              text: userMessage.content,
              companionName: await safety.companion?.().catch(() => undefined),
              brand: safety.brand,
            })
          : undefined;
      // 4. Finish (finish.ts): her reply's row gets the text the user was sent (or her refusal, or her
      // crisis reply). The scene learns whom her words set up (a cut reply's attempt included).
      const finished = await finish(deps, live, relayed, chat, turn, crisis);
      const outcome: SendOutcome =
        finished.kind === 'cut' && turnRefused ? { ...finished, turnRefused } : finished;
      const after = sceneAfter(scene, { role: 'assistant', text: live.sent }, Boolean(cut));
      await keepScene(deps.repo, chat, safety.before, after);
      // A long session: her break reminder after her reply (never after a cut or a crisis reply).
      if (outcome.kind === 'replied' && userMessage && deps.breaks) {
        const reminder = await deps.breaks.after(chat).catch((error: unknown) => {
          deps.log.warn({ err: error, chatId: chat.id }, 'break reminder failed');
          return undefined;
        });
        if (reminder) return { ...outcome, reminder };
      }
      return outcome;
    } finally {
      deps.live.close(live);
    }
  }

  /** The REST path's safety check: the text with the chat's recent turns and scene. */
  private async checkText(
    user: UserRow,
    text: string,
    entry: SafetyEntry,
    chat: ChatRow,
    reads: Promise<[CharacterRow, HistoryRow[]]>,
  ): Promise<[TurnVerdict, ChatContext]> {
    const [, history] = await reads;
    const context = chatContext(history, chat);
    const verdict = await this.deps.safety.checkTurn(user.id, {
      text,
      entry,
      turns: context.turns,
      scene: context.scene,
    });
    return [verdict, context];
  }
}
