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
