/**
 * Batches streamed deltas into fewer, larger chunks (DESIGN §8): the first text goes out at once (the
 * user is waiting for it); after that a chunk goes out once `maxChars` are waiting, or `maxDelayMs` after
 * the previous chunk, whichever comes first — so chunks are never more than `maxDelayMs` apart while
 * text flows. The last chunk is marked complete.
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
  ) {}

  push(delta: string): void {
    if (!delta) return;
    this.pending += delta;
    if (this.index === 0 || this.pending.length >= this.maxChars) this.flush();
    else {
      this.timer ??= setTimeout(
        () => this.flush(),
        Math.max(0, this.lastFlushAt + this.maxDelayMs - performance.now()),
      );
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
