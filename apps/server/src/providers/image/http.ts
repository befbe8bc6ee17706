import { errorKindForStatus, ImageProviderError } from './port.ts';

/**
 * POSTs JSON and returns the parsed answer, mapping every failure to an ImageProviderError: HTTP
 * status, timeout, network error and a body that is not JSON. The provider's body never leaves here.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ImageProviderError('unavailable', undefined, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new ImageProviderError(errorKindForStatus(response.status), response.status);
  }
  try {
    return await response.json();
  } catch (error) {
    // A timeout while reading the body lands here too.
    const kind =
      error instanceof DOMException && error.name === 'TimeoutError' ? 'unavailable' : 'bad_response';
    throw new ImageProviderError(kind, undefined, { cause: error });
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `{images: base64[]}` → buffers; anything else, or no image at all, is a bad response. */
export function decodeImages(answer: unknown): Buffer[] {
  const images =
    typeof answer === 'object' && answer !== null && 'images' in answer ? answer.images : undefined;
  if (!Array.isArray(images) || images.length === 0) throw new ImageProviderError('bad_response');
  return images.map((item) => {
    if (typeof item !== 'string') throw new ImageProviderError('bad_response');
    const bytes = Buffer.from(item.replace(/^data:image\/\w+;base64,/, ''), 'base64');
    if (bytes.length < 8) throw new ImageProviderError('bad_response');
    return bytes;
  });
}

export function isPng(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}
