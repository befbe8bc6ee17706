import type { CharacterRow, UserRow } from '../../../db/schema/index.ts';
import { LlmError, type LlmPort } from '../../../providers/llm/port.ts';
import type { LimitsService } from '../../limits/limits.service.ts';
import type { SafetyRefusal, SafetyVerdict } from '../../safety/safety.service.ts';
import { ChunkCoalescer } from '../coalescer.ts';
import type { LiveReply } from '../live-replies.ts';
import type { ChatWithCharacter } from '../messages.repository.ts';
import { buildPrompt, type PromptMessage, personaOf } from '../prompt.ts';
import type { ReplySink } from './outcome.ts';

/**
 * Step 3, stream the reply: the model is asked (as early as the allowance lets it be), and its deltas
 * reach the user coalesced (DESIGN §8: the first text at once, then every 50 ms or 64 characters).
 * Nothing is written to the database per chunk: what was sent is kept on the `LiveReply`, which
 * live-replies.ts checkpoints for every reply of the process in one UPDATE every 3 s.
 */

/** A model call under way; the first delta is already on its way. */
export interface StartedReply {
  deltas: AsyncIterator<string>;
  first: Promise<IteratorResult<string>>;
  cancel(): void;
}

/**
 * How the relay ended: whole; whole as far as it went but `refused` by the safety check of her reply
 * (cut, the model's call cancelled); or cut short by the model's failure or by the server's shutdown.
 */
export type Relayed =
  | { ok: true; refused?: SafetyRefusal; crisis?: boolean }
  | { ok: false; error: LlmError; interrupted: boolean };

/**
 * The verdict on her reply so far (synchronous: it runs on every coalesced chunk): the rules', or the
 * guard model's on the user's turn once it has come — a refusal, or `'crisis'` (the turn gets the crisis
 * protocol instead of her reply).
 */
export type ReplyCheck = (textSoFar: string) => SafetyVerdict | 'crisis';

/**
 * How much of her reply the per-chunk check reads: the new chunk and the text before it back to a word
 * boundary this far away, so a chunk costs the same at the end of a long reply as at its start (a
 * 120-character window costs about 18 µs, 1.3 ms over a 200-token reply's 72 chunks; 600 characters
 * cost ×2 the relay's CPU per token). What spans more than that — an age early in a long reply,
 * sexual words much later — is caught when the whole reply is read once more at its end (`pipeline.ts`).
 */
export const REPLY_CHECK_WINDOW = 120;

/** The tail of `text` the per-chunk check reads: from a word boundary, at most REPLY_CHECK_WINDOW long. */
export function replyWindow(text: string): string {
  if (text.length <= REPLY_CHECK_WINDOW) return text;
  const tail = text.slice(-REPLY_CHECK_WINDOW);
  const space = tail.search(/\s/);
  return space < 0 ? tail : tail.slice(space + 1);
}

const WHOLE: Relayed = { ok: true };

/** Asks the model now; the caller reads the deltas. `signal` stops it (the user left for good). */
export function startReply(
  llm: LlmPort,
  character: CharacterRow,
  turns: PromptMessage[],
  signal: AbortSignal | undefined,
  /** "Continue" (issue 17): the text she had sent; the model gives what follows it. */
  continueFrom?: string,
): StartedReply {
  const cancel = new AbortController();
  const deltas = llm
    .stream({
      messages: buildPrompt(character, turns),
      persona: personaOf(character),
      ...(continueFrom ? { continueFrom } : {}),
      signal: signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal,
    })
    [Symbol.asyncIterator]();
  const first = deltas.next();
  first.catch(() => {});
  return { deltas, first, cancel: () => cancel.abort() };
}

/**
 * The model asked before the message is counted and stored, when the chat's read (the socket's) brought
 * her companion, the history and today's count, and that count leaves room. The count-and-store
 * statement still decides: the caller cancels this call when it refuses or fails. Undefined: ask once
 * the message is stored.
 */
export function askEarly(
  deps: { llm: LlmPort; limits: Pick<LimitsService, 'hasMessageRoom'> },
  user: UserRow,
  owned: ChatWithCharacter | undefined,
  content: string,
  signal: AbortSignal | undefined,
): StartedReply | undefined {
  if (
    !owned?.character ||
    !owned.history ||
    owned.usedToday === undefined ||
    !deps.limits.hasMessageRoom(user, owned.usedToday)
  ) {
    return undefined;
  }
  const turns = [...owned.history, { content, isUser: true, messageType: 'text' }];
  return startReply(deps.llm, owned.character, turns, signal);
}

/**
 * Relays the model's deltas to the user, coalesced; what was sent is what the checkpoints write and what
 * the finish stores. A shutdown past the drain time cancels the call (the reply is then `interrupted`).
 *
 * `check` (issue 11, layer 3) reads her reply as it goes out: each coalesced chunk, with the text sent
 * before it, before it is sent — synchronous and cheap, so the first chunk leaves as early as before. A
 * chunk it refuses is not sent; the model's call is cancelled and the relay ends `refused`.
 */
export async function relayReply(
  call: StartedReply,
  live: LiveReply,
  sink: ReplySink,
  chunking: { chunkChars?: number | undefined; chunkDelayMs?: number | undefined },
  check?: ReplyCheck,
): Promise<Relayed> {
  const { deltas, first } = call;
  const stop = () => call.cancel();
  live.shutdown.addEventListener('abort', stop, { once: true });
  let refused: SafetyRefusal | undefined;
  let crisis = false;
  const coalescer = new ChunkCoalescer(
    (chunk, index, isComplete) => {
      if (refused || crisis) return;
      const verdict = check?.(live.sent + chunk);
      if (verdict === 'crisis') {
        crisis = true;
        call.cancel();
        return;
      }
      if (verdict && !verdict.ok) {
        refused = verdict;
        call.cancel();
        return;
      }
      live.append(chunk);
      sink.chunk(chunk, index, isComplete);
    },
    chunking.chunkChars,
    chunking.chunkDelayMs,
  );
  const stopped = () => Boolean(refused) || crisis;
  const cut = (): Relayed => {
    coalescer.stop();
    return crisis ? { ok: true, crisis: true } : { ok: true, refused: refused as SafetyRefusal };
  };
  try {
    for (let step = await first; !step.done && !stopped(); step = await deltas.next())
      coalescer.push(step.value);
    if (stopped()) return cut();
    coalescer.flush(true);
    return stopped() ? cut() : WHOLE;
  } catch (cause) {
    // Cancelled because the check refused a chunk: that is the end, not a failure.
    if (stopped()) return cut();
    // What arrived before the failure reaches the user, so what is stored is what they saw.
    coalescer.flush();
    if (stopped()) return cut();
    const error =
      cause instanceof LlmError ? cause : new LlmError('unavailable', live.sent, undefined, { cause });
    return { ok: false, error, interrupted: live.shutdown.aborted };
  } finally {
    live.shutdown.removeEventListener('abort', stop);
  }
}
