/** A loop whose timers fire this late (ms) on average is busy; under half of it, no longer. */
export const BUSY_LATE_MS = 10;

/**
 * How late the coalescers' timers fire, on average (each sample weighs a tenth): the process's own view of
 * how busy its event loop is. While it is busy — a core saturated by hundreds of streams — chunks go out
 * half as often: each chunk is an event, a write and a safety read of the reply so far, and that CPU is
 * what new messages' first tokens queue behind (decision 0032, which also has the variants measured and
 * dropped). One per process, shared by every reply.
 */
export class LoopPace {
  private lateMs = 0;
  private busy = false;

  /** A timer fired `lateMs` after it was due. */
  note(lateMs: number): void {
    this.lateMs += (Math.max(0, lateMs) - this.lateMs) / 10;
    this.busy = this.busy ? this.lateMs >= BUSY_LATE_MS / 2 : this.lateMs > BUSY_LATE_MS;
  }

  /** The wait between chunks: `base` while the loop keeps time, twice it while busy. */
  delay(base: number): number {
    return this.busy ? base * 2 : base;
  }

  get isBusy(): boolean {
    return this.busy;
  }
}

/** The process's pace: every reply's coalescer reads and feeds it. */
export const loopPace = new LoopPace();

/**
 * Batches streamed deltas into fewer, larger chunks (DESIGN §8): the first text goes out at once (the
 * user is waiting for it); after that a chunk goes out once `maxChars` are waiting, or `maxDelayMs` after
 * the previous chunk, whichever comes first — so chunks are never more than `maxDelayMs` apart while
 * text flows and the loop keeps time (twice that while it is busy: `LoopPace`). The last chunk is marked
 * complete.
 */
export class ChunkCoalescer {
  private pending = '';
  private index = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushAt = 0;

  constructor(
    private readonly emit: (chunk: string, index: number, isComplete: boolean) => void,
    private readonly maxChars = 64,
    private readonly maxDelayMs = 50,
    private readonly pace: LoopPace = loopPace,
  ) {}

  push(delta: string): void {
    if (!delta) return;
    this.pending += delta;
    if (this.index === 0 || this.pending.length >= this.maxChars) this.flush();
    else if (!this.timer) {
      // Due now when the text paused for longer than the wait: lateness counts from when it was due.
      const now = performance.now();
      const due = Math.max(now, this.lastFlushAt + this.pace.delay(this.maxDelayMs));
      this.timer = setTimeout(() => {
        this.pace.note(performance.now() - due);
        this.flush();
      }, due - now);
    }
  }

  /** Sends what is waiting; with `complete`, always sends (possibly an empty closing chunk). */
  flush(complete = false): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending && !complete) return;
    const chunk = this.pending;
    this.pending = '';
    this.lastFlushAt = performance.now();
    this.emit(chunk, this.index++, complete);
  }

  /** Drops the timer without sending (the stream failed). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
