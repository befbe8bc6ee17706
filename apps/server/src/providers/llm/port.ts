import type { ProviderInfo } from '../port.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The companion's traits, in Russian labels. Real adapters ignore them (the prompt carries them); the
 * offline engine builds her whole voice from them, so it gets the traits a prompt would not spell out.
 */
export interface PersonaHints {
  name: string;
  age: number;
  personality?: string | undefined;
  occupation?: string | undefined;
  mood?: string | undefined;
  /** Her manner of speech ("Поэтичная", "Гиковская"…). */
  languageStyle?: string | undefined;
  /** Her intimate temperament ("Стеснительная", "Романтичная"…): how far her flirting goes. */
  habit?: string | undefined;
  temperament?: string | undefined;
  /** 0–100: how much she prefers voice to text. */
  communicationStyle?: number | undefined;
  /** 0–100. */
  sexuality?: number | undefined;
  /** Her appearance, as the wizard showed it (no body measurements). */
  hairColor?: string | undefined;
  hairstyle?: string | undefined;
  bodyType?: string | undefined;
  skinShade?: string | undefined;
}

export interface LlmRequest {
  messages: ChatTurn[];
  /** Overrides the configured model. */
  model?: string;
  signal?: AbortSignal;
  persona?: PersonaHints;
  /**
   * "Continue" (issue 17): her reply was cut short after this text, which the user has; the stream
   * yields only what follows it. `messages` end with the user's turn she was answering.
   */
  continueFrom?: string;
}

/**
 * How a real model is asked to go on: her text so far as her turn, then this instruction (an
 * OpenAI-compatible API has no portable "continue the last message").
 */
export const CONTINUE_INSTRUCTION =
  'Твой предыдущий ответ оборвался на полуслове. Продолжи его ровно с того места, где он остановился: не повторяй уже написанное, не здоровайся заново, просто допиши мысль.';

/** The messages a real model gets for `request`: with a continuation, her text and the instruction. */
export function wireMessages(request: LlmRequest): ChatTurn[] {
  if (!request.continueFrom) return request.messages;
  return [
    ...request.messages,
    { role: 'assistant', content: request.continueFrom },
    { role: 'system', content: CONTINUE_INSTRUCTION },
  ];
}

/** Streaming chat completion: yields text deltas; wire formats stay inside the adapters. */
export interface LlmPort extends ProviderInfo {
  stream(request: LlmRequest): AsyncIterable<string>;
}

export type LlmErrorKind =
  | 'unavailable'
  | 'rate_limited'
  | 'timeout'
  | 'aborted'
  | 'bad_response'
  | 'rejected';

/** A failed completion, classified; `partial` is the text produced before the failure. */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly kind: LlmErrorKind,
    readonly partial = '',
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`llm provider: ${kind}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

/** Collects a whole reply (REST paths); a failure keeps its partial text on the LlmError. */
export async function complete(llm: LlmPort, request: LlmRequest): Promise<string> {
  let text = '';
  try {
    for await (const delta of llm.stream(request)) text += delta;
  } catch (error) {
    if (error instanceof LlmError) throw new LlmError(error.kind, text, error.status, { cause: error });
    throw new LlmError('unavailable', text, undefined, { cause: error });
  }
  return text;
}
