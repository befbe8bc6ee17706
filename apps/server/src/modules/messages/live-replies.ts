import type { MessageRow } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { Checkpoint, MessagesRepository, Recovered } from './messages.repository.ts';
import {
  HEARTBEAT_MS,
  MemoryReplyStreams,
  ORPHAN_AFTER_MS,
  type OrphanReply,
  type ReplySnapshot,
  type ReplyStreams,
} from './reply-streams.ts';

/** How often the text of every streaming reply is written (docs/decisions/0007). */
const REPLY_CHECKPOINT_MS = 3_000;
/**
 * A streaming reply whose checkpoint is older than this belongs to an instance that died: ten
 * intervals, so a busy but live instance is never mistaken for a dead one.
 */
const REPLY_STALE_MS = 30_000;

/** A reply streaming in this process. */
export interface LiveReply {
  readonly id: string;
  /** The text sent to the user so far: what a checkpoint writes. */
  sent: string;
  /** Aborted when the server shuts down and the drain time is over. */
  readonly shutdown: AbortSignal;
  /** The next chunk is sent: kept for the checkpoints and the resumable stream. */
  append(chunk: string): void;
}

interface Entry extends LiveReply {
  chatId: string;
  /** The text the last checkpoint wrote. */
  written: string;
  controller: AbortController;
}

export interface LiveRepliesOptions {
  checkpointMs?: number;
  staleMs?: number;
  /** How often this instance beats and looks for replies whose instance died (shared streams only). */
  heartbeatMs?: number;
  /** An instance silent this long is dead: its replies are finished by a survivor. */
  orphanAfterMs?: number;
}

/** What a client coming back to a chat gets (issue 17): the replies still being generated. */
export interface ChatReplies {
  live: ReplySnapshot[];
  /** Replies of a dead instance this call finished (interrupted, with their text). */
  recovered: MessageRow[];
}

/**
 * The replies this process is streaming, and what keeps them safe: one checkpoint statement for all
 * of them every interval (never a write per chunk), a drain on shutdown, and the recovery of replies
 * left streaming by an instance that died.
 */
export class LiveReplies {
  private readonly replies = new Map<string, Entry>();
  private readonly sends = new Set<Promise<unknown>>();
  private checkpointTimer: NodeJS.Timeout | undefined;
  private recoveryTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private draining = false;
  private aborting = false;
  readonly checkpointMs: number;
  readonly staleMs: number;

  private heartbeatTimer: NodeJS.Timeout | undefined;
  readonly heartbeatMs: number;
  readonly orphanAfterMs: number;
  /** Told of the replies a survivor finished for a dead instance (the chat's room hears them). */
  onRecovered: (rows: MessageRow[]) => void = () => {};

  constructor(
    private readonly repo: MessagesRepository,
    private readonly log: Logger,
    options: LiveRepliesOptions = {},
    /** The resumable streams: this process's memory, or Redis shared by every instance. */
    readonly streams: ReplyStreams = new MemoryReplyStreams(),
  ) {
    this.checkpointMs = options.checkpointMs ?? REPLY_CHECKPOINT_MS;
    this.staleMs = options.staleMs ?? REPLY_STALE_MS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.orphanAfterMs = options.orphanAfterMs ?? ORPHAN_AFTER_MS;
  }

  /** False once the server is shutting down: new messages are refused. */
  get accepting(): boolean {
    return !this.draining;
  }

  /** Runs a send, so a shutdown can wait for it. Call only while `accepting`. */
  track<T>(send: () => Promise<T>): Promise<T> {
    const running = send();
    const tracked = running.finally(() => this.sends.delete(tracked)).catch(() => {});
    this.sends.add(tracked);
    return running;
  }

  /**
   * A reply starts streaming: it is checkpointed and its stream kept until `close`. `initial` is the
   * text it continues (a "continue": sent already, chunk 0 of its stream).
   */
  open(id: string, chatId: string, initial = ''): LiveReply {
    const controller = new AbortController();
    if (this.aborting) controller.abort();
    const streams = this.streams;
    const entry: Entry = {
      id,
      chatId,
      sent: initial,
      written: initial,
      controller,
      shutdown: controller.signal,
      append(chunk) {
        this.sent += chunk;
        streams.append(id, chunk);
      },
    };
    this.replies.set(id, entry);
    streams.open(id, chatId, initial);
    this.checkpointTimer ??= setInterval(() => void this.checkpoint(), this.checkpointMs);
    return entry;
  }

  /** Her reply's row is final: the reply leaves the process and its stream goes. */
  close(reply: LiveReply): void {
    const entry = this.replies.get(reply.id);
    this.replies.delete(reply.id);
    this.streams
      .close(reply.id, entry?.chatId ?? '')
      .catch((error: unknown) => this.log.warn({ err: error }, 'reply stream close failed'));
    if (this.replies.size === 0) {
      clearInterval(this.checkpointTimer);
      this.checkpointTimer = undefined;
    }
  }

  /**
   * A client comes back to a chat (issue 17): the replies being generated there, on any instance, as
   * sent so far; those whose instance died are finished now, with their text.
   */
  async chat(chatId: string): Promise<ChatReplies> {
    const { live, orphans } = await this.streams.chat(chatId, this.orphanAfterMs);
    return { live, recovered: orphans.length ? await this.finishOrphans(orphans) : [] };
  }

  private async finishOrphans(orphans: OrphanReply[]): Promise<MessageRow[]> {
    const rows = await this.repo.recoverOrphans(orphans);
    await Promise.allSettled(orphans.map((orphan) => this.streams.forget(orphan)));
    if (rows.length) this.log.warn({ replies: rows.length }, 'replies of a stopped instance were finished');
    return rows;
  }

  /**
   * Shared streams: beats every `heartbeatMs`, and finishes the replies of instances silent for
   * `orphanAfterMs` (each survivor looks; the database's row locks let one finish each reply), telling
   * their chats' rooms.
   */
  private async sweep(): Promise<void> {
    await this.streams.beat();
    const orphans = await this.streams.orphans(this.orphanAfterMs);
    if (orphans.length === 0) return;
    const rows = await this.finishOrphans(orphans);
    if (rows.length) this.onRecovered(rows);
  }

  /** Whether `id` is streaming in this process (its row is live, not left by a dead instance). */
  has(id: string): boolean {
    return this.replies.has(id);
  }

  /**
   * Writes every live reply's sent text (only those that moved) and refreshes all their checkpoint
   * times, in one statement; skipped while the previous one is still on its way.
   */
  checkpoint(): Promise<void> {
    if (this.writing || this.replies.size === 0) return this.writing ?? Promise.resolve();
    const due: Checkpoint[] = [];
    const moved: Entry[] = [];
    for (const entry of this.replies.values()) {
      const changed = entry.sent !== entry.written;
      due.push({ id: entry.id, content: changed ? entry.sent : null });
      if (changed) {
        moved.push(entry);
        entry.written = entry.sent;
      }
    }
    this.writing = this.repo
      .checkpoint(due)
      .catch((error: unknown) => {
        for (const entry of moved) entry.written = '';
        this.log.warn({ err: error }, 'reply checkpoint failed');
      })
      .finally(() => {
        this.writing = undefined;
      });
    return this.writing;
  }

  /**
   * Finishes the replies a dead instance left streaming (checkpoint older than `staleMs`, or all of
   * them with 0: only when no other instance can be streaming, e.g. PGlite at start-up).
   */
  recover(staleMs = this.staleMs, chatId?: string): Promise<Recovered> {
    return this.repo.recover(staleMs, chatId);
  }

  /** Recovers on a timer too, so replies left by a dead instance do not wait for a reader. */
  startRecovery(): void {
    this.recoveryTimer ??= setInterval(() => {
      this.recover().catch((error: unknown) => this.log.warn({ err: error }, 'reply recovery failed'));
    }, this.staleMs);
    this.recoveryTimer.unref();
    if (!this.streams.shared || this.heartbeatTimer) return;
    const sweep = () =>
      this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'reply heartbeat failed'));
    void sweep();
    this.heartbeatTimer = setInterval(sweep, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /**
   * A graceful shutdown: refuses new messages, lets the sends in flight finish for up to `ms`, then
   * stops the replies still streaming (each is stored as interrupted, or removed and its message given
   * back when nothing was sent) and waits for them to be written.
   */
  async drain(ms: number): Promise<void> {
    this.draining = true;
    clearInterval(this.recoveryTimer);
    if (this.sends.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.sends]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      ]);
      clearTimeout(timer);
    }
    this.aborting = true;
    for (const entry of this.replies.values()) entry.controller.abort();
    await Promise.allSettled([...this.sends]);
    clearInterval(this.checkpointTimer);
    await this.writing;
    clearInterval(this.heartbeatTimer);
    await this.streams.stop();
  }
}
