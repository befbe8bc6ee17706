import { StringDecoder } from 'node:string_decoder';
import { type Dispatcher, request as httpRequest } from 'undici';

type BodyReadable = Dispatcher.ResponseData['body'];

import { LlmError, type LlmErrorKind, type LlmPort, type LlmRequest, wireMessages } from './port.ts';
import { SseParser } from './sse.ts';

export interface OpenAiLlmOptions {
  /** Without a trailing slash, e.g. https://openrouter.ai/api/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Longest silence allowed: before the answer and between two pieces of the stream. */
  timeoutMs: number;
  /** Pause before the one retry; tests set 0. */
  retryDelayMs?: number;
}

function kindForStatus(status: number): LlmErrorKind {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

const retryable = (error: LlmError) => error.kind === 'unavailable' || error.kind === 'rate_limited';

/** Pulls text deltas out of one `chat.completion.chunk`; usage chunks (choices [] or null) give none. */
function deltaOf(data: string): string {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch (error) {
    throw new LlmError('bad_response', '', undefined, { cause: error });
  }
  if (typeof chunk !== 'object' || chunk === null) return '';
  if ('error' in chunk && chunk.error) throw new LlmError('unavailable');
  const choices = 'choices' in chunk ? chunk.choices : null;
  if (!Array.isArray(choices)) return '';
  let text = '';
  for (const choice of choices) {
    const content = (choice as { delta?: { content?: unknown } } | null)?.delta?.content;
    if (typeof content === 'string') text += content;
  }
  return text;
}

/** The text of a batch of SSE events, and whether `[DONE]` was among them (nothing after it counts). */
function textOf(events: string[]): { text: string; done: boolean } {
  let text = '';
  for (const data of events) {
    if (data.trim() === '[DONE]') return { text, done: true };
    text += deltaOf(data);
  }
  return { text, done: false };
}

/**
 * OpenAI-compatible `/chat/completions` with SSE (OpenRouter, Venice, vLLM, llama.cpp, Ollama). One
 * retry, and only before the first token: once text has reached the user, a retry would repeat it.
 */
export function createOpenAiLlm(options: OpenAiLlmOptions): LlmPort {
  const { baseUrl, apiKey, model, timeoutMs } = options;
  const retryDelayMs = options.retryDelayMs ?? 500;

  /** Sends the request; the response body once the status says a stream follows. */
  async function open(request: LlmRequest, idle: IdleTimer): Promise<BodyReadable> {
    // undici's request(): a pooled keep-alive connection and a Node stream for the body — far less
    // work per call and per piece than fetch() with its web streams (DESIGN §8).
    let response: Dispatcher.ResponseData;
    try {
      response = await httpRequest(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: request.model ?? model,
          messages: wireMessages(request),
          stream: true,
          stream_options: { include_usage: true },
        }),
        signal: idle.signal,
      });
    } catch (error) {
      throw idle.classify(error);
    }
    const { body } = response;
    // Destroying the body early (a failure, [DONE] before the end) makes undici emit an abort error.
    body.on('error', () => {});
    if (response.statusCode < 200 || response.statusCode >= 300) {
      body.destroy();
      throw new LlmError(kindForStatus(response.statusCode), '', response.statusCode);
    }
    idle.touch();
    return body;
  }

  return {
    adapter: 'openai',
    offline: false,
    describe: () => `llm: OpenAI-compatible chat at ${new URL(baseUrl).host}, model ${model}`,
    // One generator, no nested ones: every piece of every stream passes through here (DESIGN §8).
    async *stream(request) {
      let produced = '';
      for (let round = 0; ; round++) {
        const idle = new IdleTimer(timeoutMs, request.signal);
        try {
          const body = await open(request, idle);
          const parser = new SseParser();
          // A UTF-8 sequence may be split between two pieces: the decoder keeps the half until the rest.
          const decoder = new StringDecoder('utf8');
          let finished = false;
          try {
            try {
              for await (const piece of body as AsyncIterable<Buffer>) {
                idle.touch();
                // Everything that arrived together goes on as one delta.
                const batch = textOf(parser.push(decoder.write(piece)));
                if (batch.text) {
                  produced += batch.text;
                  yield batch.text;
                }
                if (batch.done) {
                  finished = true;
                  return;
                }
              }
            } catch (error) {
              throw idle.classify(error);
            }
            // The last event may lack its blank line.
            const last = textOf(parser.push(decoder.end()).concat(parser.end()));
            if (last.text) {
              produced += last.text;
              yield last.text;
            }
            // A stream that ends without [DONE] was cut off.
            if (!last.done) throw new LlmError('unavailable');
            return;
          } finally {
            // After [DONE] only the end of the response is left: let it finish (destroying would make
            // an AbortError, stack trace and all, for every reply); otherwise cut the connection.
            if (body.readableEnded || finished) void body.dump().catch(() => {});
            else body.destroy();
          }
        } catch (error) {
          const failure =
            error instanceof LlmError ? error : new LlmError('unavailable', '', undefined, { cause: error });
          if (round === 0 && produced === '' && retryable(failure) && !request.signal?.aborted) {
            if (retryDelayMs > 0) await new Promise((r) => setTimeout(r, retryDelayMs));
            continue;
          }
          throw new LlmError(failure.kind, produced, failure.status, { cause: failure });
        } finally {
          idle.stop();
        }
      }
    },
  };
}

/** Aborts the request after `timeoutMs` of silence, or when the caller's signal aborts. */
class IdleTimer {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    private readonly timeoutMs: number,
    private readonly outer: AbortSignal | undefined,
  ) {
    if (outer?.aborted) this.controller.abort();
    outer?.addEventListener('abort', this.onAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Called for every piece of the stream: re-arms the one timer instead of making a new one. */
  touch(): void {
    if (this.timer) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onAbort);
  }

  classify(error: unknown): LlmError {
    if (error instanceof LlmError) return error;
    if (this.outer?.aborted) return new LlmError('aborted', '', undefined, { cause: error });
    if (this.timedOut) return new LlmError('timeout', '', undefined, { cause: error });
    return new LlmError('unavailable', '', undefined, { cause: error });
  }
}
