import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_LATE_MS, ChunkCoalescer, LoopPace } from './coalescer.ts';

describe('ChunkCoalescer', () => {
  let sent: Array<[string, number, boolean]>;
  let coalescer: ChunkCoalescer;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    coalescer = new ChunkCoalescer((chunk, index, complete) => sent.push([chunk, index, complete]), 10, 50);
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first text at once, without waiting for more', () => {
    coalescer.push('Привет');
    expect(sent).toEqual([['Привет', 0, false]]);
  });

  it('batches what follows until the delay passes', () => {
    coalescer.push('a');
    coalescer.push('b');
    coalescer.push('c');
    expect(sent).toEqual([['a', 0, false]]);
    vi.advanceTimersByTime(49);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['a', 0, false],
      ['bc', 1, false],
    ]);
  });

  it('keeps chunks at most the delay apart: the wait counts from the previous chunk', () => {
    coalescer.push('a');
    vi.advanceTimersByTime(30);
    coalescer.push('b');
    vi.advanceTimersByTime(19);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['a', 0, false],
      ['b', 1, false],
    ]);
    // Text slower than the delay goes out as it comes.
    vi.advanceTimersByTime(80);
    coalescer.push('c');
    vi.advanceTimersByTime(0);
    expect(sent.at(-1)).toEqual(['c', 2, false]);
  });

  it('sends early once enough characters wait', () => {
    coalescer.push('a');
    coalescer.push('12345');
    coalescer.push('67890');
    expect(sent).toEqual([
      ['a', 0, false],
      ['1234567890', 1, false],
    ]);
  });

  it('closes with the rest marked complete, or an empty closing chunk', () => {
    coalescer.push('a');
    coalescer.push('b');
    coalescer.flush(true);
    expect(sent.at(-1)).toEqual(['b', 1, true]);
    coalescer.flush(true);
    expect(sent.at(-1)).toEqual(['', 2, true]);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(3);
  });

  it('ignores empty deltas and sends nothing after stop', () => {
    coalescer.push('');
    expect(sent).toEqual([]);
    coalescer.push('a');
    coalescer.push('b');
    coalescer.stop();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([['a', 0, false]]);
  });
});

describe('LoopPace', () => {
  it('turns busy once its timers run late on average, and back once they keep time', () => {
    const pace = new LoopPace();
    expect(pace.delay(50)).toBe(50);
    pace.note(40);
    expect(pace.isBusy).toBe(false); // one late timer is not a busy loop (average 4 ms)
    for (let i = 0; i < 10; i++) pace.note(40);
    expect(pace.isBusy).toBe(true);
    expect(pace.delay(50)).toBe(100);
    pace.note(0);
    expect(pace.isBusy).toBe(true); // between half the threshold and the threshold it stays busy
    for (let i = 0; i < 30; i++) pace.note(1);
    expect(pace.isBusy).toBe(false);
    expect(pace.delay(50)).toBe(50);
  });

  it('makes a coalescer wait twice as long between chunks while the loop is busy', () => {
    vi.useFakeTimers();
    try {
      const pace = new LoopPace();
      for (let i = 0; i < 20; i++) pace.note(BUSY_LATE_MS * 2);
      const sent: string[] = [];
      const coalescer = new ChunkCoalescer((chunk) => sent.push(chunk), 1000, 50, pace);
      coalescer.push('a');
      coalescer.push('b');
      vi.advanceTimersByTime(99);
      expect(sent).toEqual(['a']);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual(['a', 'b']);
      // Its timers fired on time (text that paused for longer than the wait is not late): the pace calms.
      for (let i = 0; i < 30; i++) {
        coalescer.push('c');
        vi.advanceTimersByTime(100 + (i % 3) * 70);
      }
      expect(pace.isBusy).toBe(false);
      coalescer.push('d');
      vi.advanceTimersByTime(50);
      expect(sent.at(-1)).toBe('d');
    } finally {
      vi.useRealTimers();
    }
  });
});
