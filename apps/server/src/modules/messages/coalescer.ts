/**
 * Batches streamed deltas into fewer, larger chunks (DESIGN §8): the first text goes out at once (the
 * user is waiting for it); after that a chunk goes out once `maxChars` are waiting or `maxDelayMs` after
 * its first delta, whichever comes first. The last chunk is marked complete.
 */
export class ChunkCoalescer {
  private pending = '';
  private index = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (chunk: string, index: number, isComplete: boolean) => void,
    private readonly maxChars = 64,
    private readonly maxDelayMs = 50,
  ) {}

  push(delta: string): void {
    if (!delta) return;
    this.pending += delta;
    if (this.index === 0 || this.pending.length >= this.maxChars) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs);
  }

  /** Sends what is waiting; with `complete`, always sends (possibly an empty closing chunk). */
  flush(complete = false): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending && !complete) return;
    const chunk = this.pending;
    this.pending = '';
    this.emit(chunk, this.index++, complete);
  }

  /** Drops the timer without sending (the stream failed). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
