import { REQUEST_TIMEOUT_MS } from '@podruga/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, api } from '../../shared/api/index.ts';
import { fetchSpeech, transcribe, transcribeErrorText } from './api.ts';
import { WEBM_BYTES } from './testing.ts';
import { VOICE_TEXTS } from './texts.ts';

const realFetch = (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init);

function answer(status: number, body: unknown, type = 'application/json'): Response {
  const payload =
    body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]) : JSON.stringify(body);
  return new Response(payload, { status, headers: { 'Content-Type': type } });
}

afterEach(() => {
  api.configure({ fetch: realFetch, getToken: () => null });
});

describe('POST /api/speech/transcribe', () => {
  it('uploads the recording as multipart `file` (webm) with the token, and reads the text', async () => {
    const seen: { path: string; init: RequestInit | undefined }[] = [];
    api.configure({
      getToken: () => 'tok',
      fetch: async (path, init) => {
        seen.push({ path: String(path), init });
        return answer(200, { success: true, transcription: { text: 'Привет', confidence: 0.9 } });
      },
    });
    const result = await transcribe(new Blob([WEBM_BYTES], { type: 'audio/webm' }));
    expect(result).toEqual({ text: 'Привет', confidence: 0.9 });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    if (!request?.init) throw new Error('no request');
    expect(request.path).toBe('/api/speech/transcribe');
    expect(request.init.method).toBe('POST');
    expect((request.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const file = (request.init.body as FormData).get('file') as File;
    expect(file.name).toBe('voice.webm');
    expect(file.type).toBe('audio/webm');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(WEBM_BYTES);
  });

  it('an answer without a text is the generic failure', async () => {
    api.configure({ fetch: async () => answer(200, { success: true }) });
    await expect(transcribe(new Blob([WEBM_BYTES]))).rejects.toThrow(VOICE_TEXTS.failed);
  });

  it('words failures with 001 §8: the server detail, else the status text, else the generic one', () => {
    expect(transcribeErrorText(ApiError.fromBody(400, { detail: 'Аудио пустое' }))).toBe('Аудио пустое');
    expect(transcribeErrorText(ApiError.fromBody(401, {}))).toBe(VOICE_TEXTS.authRequired);
    expect(transcribeErrorText(ApiError.fromBody(400, {}))).toBe(VOICE_TEXTS.badAudio);
    expect(transcribeErrorText(ApiError.fromBody(503, {}))).toBe(VOICE_TEXTS.unavailable);
    expect(transcribeErrorText(ApiError.fromBody(500, {}))).toBe(VOICE_TEXTS.failed);
    expect(transcribeErrorText(new Error('boom'))).toBe(VOICE_TEXTS.failed);
  });
});

describe('GET /api/messages/{id}/speech', () => {
  const deps = (fetchImpl: typeof fetch) => ({
    fetch: fetchImpl,
    getToken: () => 'tok',
    timeoutMs: REQUEST_TIMEOUT_MS,
  });

  it('gives her message spoken as a blob, asked with the token', async () => {
    let asked: { path: string; auth: string | undefined } | null = null;
    const blob = await fetchSpeech(
      'm 1',
      deps(async (path, init) => {
        asked = {
          path: String(path),
          auth: (init?.headers as Record<string, string> | undefined)?.Authorization,
        };
        return answer(200, new Uint8Array([1, 2, 3]), 'audio/mpeg');
      }),
    );
    expect(asked).toEqual({ path: '/api/messages/m%201/speech', auth: 'Bearer tok' });
    expect(blob.type).toBe('audio/mpeg');
    expect(blob.size).toBe(3);
  });

  it('an error answer is thrown with the server detail', async () => {
    await expect(
      fetchSpeech(
        'm1',
        deps(async () => answer(503, { detail: 'Голос недоступен' })),
      ),
    ).rejects.toMatchObject({ status: 503, detail: 'Голос недоступен' });
    await expect(
      fetchSpeech(
        'm1',
        deps(async () => answer(404, 'not json', 'text/plain')),
      ),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('a network failure or an empty body is an error too', async () => {
    await expect(
      fetchSpeech(
        'm1',
        deps(async () => {
          throw new TypeError('offline');
        }),
      ),
    ).rejects.toMatchObject({ code: 'network' });
    await expect(
      fetchSpeech(
        'm1',
        deps(async () => answer(200, new Uint8Array([]), 'audio/mpeg')),
      ),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
