import { ModerationError } from './port.ts';

/**
 * One JSON POST to a moderation service with its own deadline: a network failure, a timeout, a non-2xx
 * status or a body that is not JSON become a `ModerationError` (the vendor's text is never passed on).
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { apiKey: string | undefined; timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    throw new ModerationError(timeout.aborted ? 'timeout' : 'unavailable', undefined, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new ModerationError('unavailable', response.status);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new ModerationError(timeout.aborted ? 'timeout' : 'bad_response', undefined, { cause: error });
  }
}

type PostOptions = Parameters<typeof postJson>[2];

/** `POST {baseUrl}/chat/completions` without streaming: the answer's text, or a bad response. */
export async function chatCompletion(baseUrl: string, body: object, options: PostOptions): Promise<string> {
  const answer = await postJson(`${baseUrl}/chat/completions`, { ...body, stream: false }, options);
  const content = (answer as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]
    ?.message?.content;
  if (typeof content !== 'string') throw new ModerationError('bad_response');
  return content;
}

/**
 * `POST {baseUrl}/completions` with a raw prompt: for a guard model whose prompt we write whole, which a
 * chat template would wrap in its own (Llama Guard's template brings its standard categories).
 */
export async function textCompletion(baseUrl: string, body: object, options: PostOptions): Promise<string> {
  const answer = await postJson(`${baseUrl}/completions`, { ...body, stream: false }, options);
  const text = (answer as { choices?: Array<{ text?: unknown }> } | null)?.choices?.[0]?.text;
  if (typeof text !== 'string') throw new ModerationError('bad_response');
  return text;
}
