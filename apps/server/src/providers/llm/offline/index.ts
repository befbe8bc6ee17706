import { LlmError, type LlmPort } from '../port.ts';
import { offlineReply } from './engine.ts';

export interface OfflineLlmOptions {
  /** Pause between streamed words; 0 in tests. */
  delayMs?: number;
  /** The clock her greetings read the time of day from (tests fix it). */
  now?: () => Date;
}

const moscowHour = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Europe/Moscow',
});

/** The hour in Moscow, where the product's days begin (limits reset there too). */
function hourInMoscow(date: Date): number {
  return Number(moscowHour.format(date)) % 24;
}

/**
 * What follows `sent` of her reply: the engine is deterministic for the same conversation, so the reply
 * she was cut off in is composed again and its rest given; if it no longer starts so (another hour of
 * the day), the sentences of it she has not said yet.
 */
export function continuation(whole: string, sent: string): string {
  if (whole.startsWith(sent)) return whole.slice(sent.length);
  const said = sent.trim();
  const rest = whole.split(/(?<=[.!?…])\s+/).filter((sentence) => !said.includes(sentence.trim()));
  return rest.length ? ` ${rest.join(' ')}` : '';
}

/**
 * The offline default: a scripted persona engine (intents → phrases shaped by her traits), streamed
 * word by word. A stand-in, marked `offline` so the chat can say "демо-режим".
 */
export function createOfflineLlm(options: OfflineLlmOptions = {}): LlmPort {
  const delayMs = options.delayMs ?? 40;
  const now = options.now ?? (() => new Date());
  return {
    adapter: 'offline',
    offline: true,
    describe: () =>
      'llm: OFFLINE scripted persona engine (short in-character replies); set LLM_PROVIDER=openai and LLM_BASE_URL for a real model',
    async *stream(request) {
      const whole = offlineReply({
        messages: request.messages,
        persona: request.persona,
        hour: hourInMoscow(now()),
      });
      const reply = request.continueFrom ? continuation(whole, request.continueFrom) : whole;
      for (const word of reply.split(/(?<= )/)) {
        if (request.signal?.aborted) throw new LlmError('aborted');
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        yield word;
      }
    },
  };
}
