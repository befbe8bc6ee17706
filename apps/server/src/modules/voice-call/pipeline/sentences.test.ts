import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from './sentences.ts';

describe('SentenceSplitter', () => {
  it('hands on each sentence as soon as it ends, the rest at the flush', () => {
    const splitter = new SentenceSplitter();
    const out: string[] = [];
    for (const delta of ['Привет', '! Как ', 'ты? Я ', 'скучала… Правда', ' «да!» ', 'А ты']) {
      out.push(...splitter.push(delta));
    }
    expect(out).toEqual(['Привет!', 'Как ты?', 'Я скучала…', 'Правда «да!»']);
    expect(splitter.flush()).toEqual(['А ты']);
    expect(splitter.flush()).toEqual([]);
  });

  it('cuts a line break, and a long run without an end at a comma or a space', () => {
    const splitter = new SentenceSplitter(40);
    expect(splitter.push('Первое\nвторое ')).toEqual(['Первое']);
    const long = splitter.push('и ещё много слов, которые всё идут и идут без точки никуда ');
    expect(long[0]).toBe('второе и ещё много слов,');
    for (const piece of long) expect(piece.length).toBeLessThanOrEqual(40);
  });
});
