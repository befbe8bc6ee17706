import { TtsError, ttsErrorKindForStatus } from './port.ts';

/** Most a provider may send for one message (~1,000 characters of speech is well under this). */
export const MAX_AUDIO_BYTES = 20 * 1024 * 1024;

/**
 * POSTs JSON and reads an audio answer whole, mapping every failure to a TtsError: HTTP status,
 * timeout, network error, a body that is not audio (JSON, HTML), an empty or oversized body. The
 * provider's body never leaves here.
 */
export async function postForAudio(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<{ audio: Buffer; contentType: string }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'audio/*', ...options.headers },
      body: JSON.stringify(body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    throw new TtsError('unavailable', undefined, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new TtsError(ttsErrorKindForStatus(response.status), response.status);
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!contentType.startsWith('audio/') && contentType !== 'application/octet-stream') {
    await response.body?.cancel().catch(() => {});
    throw new TtsError('bad_response');
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_AUDIO_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new TtsError('bad_response');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > MAX_AUDIO_BYTES) {
        await response.body?.cancel().catch(() => {});
        throw new TtsError('bad_response');
      }
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof TtsError) throw error;
    // A timeout or a dropped connection while reading the body.
    throw new TtsError('unavailable', undefined, { cause: error });
  }
  const audio = Buffer.concat(chunks);
  if (audio.length < 16) throw new TtsError('bad_response');
  // octet-stream from a proxy: we asked for MP3, and both vendors send MP3 here.
  return { audio, contentType: contentType === 'application/octet-stream' ? 'audio/mpeg' : contentType };
}
