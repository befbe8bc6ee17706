import { VOICE_TEXTS } from '@podruga/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ebmlHeader, wavTone, webmTone } from './fakes/audio.ts';
import { type FakeStt, startFakeStt } from './fakes/transcription.ts';
import { createSttPort } from './index.ts';
import { createOfflineStt } from './offline.ts';
import { createOpenAiStt, readTranscription, responseFormatFor } from './openai.ts';
import { STT_ERROR_MESSAGES, SttError, type SttPort, UNKNOWN_CONFIDENCE } from './port.ts';

let fake: FakeStt;
let stt: SttPort;

beforeAll(async () => {
  fake = await startFakeStt({ apiKey: 'stt-key' });
  stt = createOpenAiStt({
    baseUrl: fake.baseUrl,
    apiKey: 'stt-key',
    model: 'whisper-1',
    path: '/audio/transcriptions',
    timeoutMs: 1000,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.answer = { text: ' Привет,  как дела? ', segments: [{ start: 0, end: 1.5, avg_logprob: -0.2 }] };
});

const webm = webmTone(0.5);
const kindOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SttError);
  return (error as SttError).kind;
};

describe('speech-to-text: OpenAI-compatible', () => {
  it('posts the recording as multipart with model, language ru and verbose_json; reads text and confidence', async () => {
    const result = await stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' });
    expect(result).toEqual({
      text: 'Привет, как дела?',
      confidence: Math.round(Math.exp(-0.2) * 1000) / 1000,
    });
    const sent = fake.requests[0];
    expect(sent?.path).toBe('/v1/audio/transcriptions');
    expect(sent?.headers.authorization).toBe('Bearer stt-key');
    expect(sent?.fields).toEqual({ model: 'whisper-1', language: 'ru', response_format: 'verbose_json' });
    expect(sent?.file?.name).toBe('voice.webm');
    expect(sent?.file?.type).toBe('audio/webm');
    expect(sent?.file?.bytes.equals(webm)).toBe(true);
  });

  it('names each container by its extension (OpenAI decides the format by it)', async () => {
    const wav = wavTone(0.2);
    await stt.transcribe({ audio: wav, contentType: 'audio/wav', language: 'ru' });
    expect(fake.requests[0]?.file?.name).toBe('voice.wav');
    expect(fake.requests[0]?.file?.bytes.equals(wav)).toBe(true);
  });

  it('weights the segments by duration; no segments is the documented default', async () => {
    fake.answer = {
      text: 'два куска',
      segments: [
        { start: 0, end: 3, avg_logprob: -0.1 },
        { start: 3, end: 4, avg_logprob: -1.3 },
      ],
    };
    const { confidence } = await stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' });
    expect(confidence).toBe(Math.round(Math.exp((-0.1 * 3 - 1.3) / 4) * 1000) / 1000);
    fake.answer = { text: 'без сегментов' };
    expect(await stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' })).toEqual({
      text: 'без сегментов',
      confidence: UNKNOWN_CONFIDENCE,
    });
  });

  it('a path of its own: whisper.cpp at /inference, no key', async () => {
    const whisper = await startFakeStt({ path: '/inference' });
    try {
      const local = createOpenAiStt({
        baseUrl: new URL(whisper.baseUrl).origin,
        apiKey: undefined,
        model: 'whisper-1',
        path: '/inference',
        timeoutMs: 1000,
      });
      const result = await local.transcribe({
        audio: wavTone(0.2),
        contentType: 'audio/wav',
        language: 'ru',
      });
      expect(result.text).toBe('Привет, как дела?');
      expect(whisper.requests[0]?.path).toBe('/inference');
      expect(whisper.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await whisper.close();
    }
  });

  it('audio the service cannot read (its 400, 413, 415, 422) is bad_audio', async () => {
    expect(
      await kindOf(
        stt.transcribe({ audio: Buffer.from('not audio at all'), contentType: 'audio/webm', language: 'ru' }),
      ),
    ).toBe('bad_audio');
    for (const status of [413, 415, 422]) {
      fake.failNext({ status });
      expect(await kindOf(stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' }))).toBe(
        'bad_audio',
      );
    }
  });

  it('a refused key, 404, 429 and 5xx are unavailable, with the status for the log', async () => {
    for (const status of [401, 403, 404, 429, 500, 502, 503]) {
      fake.failNext({ status });
      const error = await stt
        .transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SttError);
      expect((error as SttError).kind).toBe('unavailable');
      expect((error as SttError).status).toBe(status);
      expect((error as SttError).message).not.toContain('secret');
    }
  });

  it('a service that never answers is unavailable once the timeout fires', async () => {
    fake.failNext({ hang: true });
    const impatient = createOpenAiStt({
      baseUrl: fake.baseUrl,
      apiKey: 'stt-key',
      model: 'whisper-1',
      path: '/audio/transcriptions',
      timeoutMs: 50,
    });
    expect(
      await kindOf(impatient.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' })),
    ).toBe('unavailable');
  });

  it('a service that is not there is unavailable', async () => {
    const gone = createOpenAiStt({
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: undefined,
      model: 'whisper-1',
      path: '/audio/transcriptions',
      timeoutMs: 1000,
    });
    expect(await kindOf(gone.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' }))).toBe(
      'unavailable',
    );
  });

  it('the caller giving up aborts the call', async () => {
    fake.failNext({ hang: true });
    const controller = new AbortController();
    const pending = stt.transcribe({
      audio: webm,
      contentType: 'audio/webm',
      language: 'ru',
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    expect(await kindOf(pending)).toBe('unavailable');
  });

  it('a malformed answer is bad_response', async () => {
    fake.failNext({ status: 200, body: '<html>oops</html>', contentType: 'text/html' });
    expect(await kindOf(stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' }))).toBe(
      'bad_response',
    );
    for (const body of ['{"transcript":"x"}', '{"text":42}', 'null', '[]']) {
      fake.failNext({ status: 200, body });
      expect(await kindOf(stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' }))).toBe(
        'bad_response',
      );
    }
  });

  it('no words (empty or only spaces) is no_speech', async () => {
    for (const text of ['', '   ', '\n\t']) {
      fake.answer = { text, segments: [] };
      expect(await kindOf(stt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' }))).toBe(
        'no_speech',
      );
    }
  });

  it('asks the gpt-4o transcription models for json, Whisper models for verbose_json', async () => {
    expect(responseFormatFor('whisper-1')).toBe('verbose_json');
    expect(responseFormatFor('Systran/faster-whisper-large-v3')).toBe('verbose_json');
    expect(responseFormatFor('gpt-4o-mini-transcribe')).toBe('json');
    expect(responseFormatFor('openai/gpt-4o-transcribe')).toBe('json');
    const gpt = createOpenAiStt({
      baseUrl: fake.baseUrl,
      apiKey: 'stt-key',
      model: 'gpt-4o-transcribe',
      path: '/audio/transcriptions',
      timeoutMs: 1000,
    });
    fake.answer = { text: 'Просто текст' };
    expect(await gpt.transcribe({ audio: webm, contentType: 'audio/webm', language: 'ru' })).toEqual({
      text: 'Просто текст',
      confidence: UNKNOWN_CONFIDENCE,
    });
    expect(fake.requests[0]?.fields.response_format).toBe('json');
  });

  it('keeps one clean line no longer than a message', () => {
    expect(readTranscription({ text: 'раз\u0000 два\u202e\nтри' }).text).toBe('раз два три');
    expect(readTranscription({ text: 'а'.repeat(5000) }).text).toHaveLength(4000);
  });

  it('its errors carry the spec texts', () => {
    expect(STT_ERROR_MESSAGES).toEqual({
      unavailable: VOICE_TEXTS.unavailable,
      bad_audio: VOICE_TEXTS.badAudio,
      bad_response: VOICE_TEXTS.failed,
      no_speech: VOICE_TEXTS.notRecognised,
    });
  });
});

describe('speech-to-text: offline and the choice', () => {
  it('offline transcribes nothing and says so', async () => {
    const offline = createOfflineStt();
    expect(offline.offline).toBe(true);
    expect(offline.describe()).toMatch(/OFFLINE.*503.*STT_PROVIDER=openai/);
    expect(
      await kindOf(offline.transcribe({ audio: ebmlHeader(), contentType: 'audio/webm', language: 'ru' })),
    ).toBe('unavailable');
  });

  it('STT_PROVIDER picks the adapter', () => {
    expect(createSttPort(loadConfig({})).adapter).toBe('offline');
    const port = createSttPort(loadConfig({ STT_PROVIDER: 'openai', STT_BASE_URL: 'http://whisper:8080' }));
    expect(port.adapter).toBe('openai');
    expect(port.describe()).toBe(
      'stt: OpenAI-compatible transcription at whisper:8080/audio/transcriptions, model whisper-1',
    );
  });
});
