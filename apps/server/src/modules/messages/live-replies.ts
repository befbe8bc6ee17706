import type { Logger } from '../../logger.ts';
import type { Checkpoint, MessagesRepository, Recovered } from './messages.repository.ts';

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
}

interface Entry extends LiveReply {
  /** The text the last checkpoint wrote. */
  written: string;
  controller: AbortController;
}

export interface LiveRepliesOptions {
  checkpointMs?: number;
  staleMs?: number;
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

  constructor(
    private readonly repo: MessagesRepository,
    private readonly log: Logger,
    options: LiveRepliesOptions = {},
  ) {
    this.checkpointMs = options.checkpointMs ?? REPLY_CHECKPOINT_MS;
    this.staleMs = options.staleMs ?? REPLY_STALE_MS;
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

  /** A reply starts streaming: it is checkpointed until `close`. */
  open(id: string): LiveReply {
    const controller = new AbortController();
    if (this.aborting) controller.abort();
    const entry: Entry = { id, sent: '', written: '', controller, shutdown: controller.signal };
    this.replies.set(id, entry);
    this.checkpointTimer ??= setInterval(() => void this.checkpoint(), this.checkpointMs);
    return entry;
  }

  close(reply: LiveReply): void {
    this.replies.delete(reply.id);
    if (this.replies.size === 0) {
      clearInterval(this.checkpointTimer);
      this.checkpointTimer = undefined;
    }
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
  }
}
