import {
  type ErrorBody,
  MESSAGE_MAX_CHARS,
  transcribeResponseSchema,
  VOICE_MESSAGE,
  VOICE_TEXTS,
} from '@podruga/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { ebmlHeader, wavTone, webmTone } from '../../providers/stt/fakes/audio.ts';
import { type FakeStt, startFakeStt } from '../../providers/stt/fakes/transcription.ts';
import { createOpenAiStt } from '../../providers/stt/openai.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, expectError, guest, multipart, register } from '../../test/http.ts';

let fake: FakeStt;
/** Filled in once the fake listens (before the first app is built). */
const env: Record<string, string> = {};
const t = useTestApp({ env });

beforeAll(async () => {
  fake = await startFakeStt({ apiKey: 'stt-key' });
  Object.assign(env, { STT_PROVIDER: 'openai', STT_BASE_URL: fake.baseUrl, STT_API_KEY: 'stt-key' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const webm = webmTone(1);
let addresses = 0;
const newGuest = async () => (await guest(t.app, `10.7.0.${++addresses}`)).access_token;

function transcribe(token: string, bytes: Buffer, type = 'audio/webm;codecs=opus', name = 'voice.webm') {
  return t.app.inject({
    method: 'POST',
    url: '/api/speech/transcribe',
    ...multipart(token, {}, { name, type, bytes }),
  });
}

/** A few bytes that begin like each other container. */
const oggBytes = () => Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(64, 1)]);
function m4aBytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypM4A ', 4, 'latin1');
  ftyp.write('M4A isom', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(64, 2)]);
}

describe('POST /api/speech/transcribe', () => {
  it('a guest’s WebM recording: the text and confidence; the recording goes to the service as is', async () => {
    const token = await newGuest();
    const res = await transcribe(token, webm);
    expect(res.statusCode, res.body).toBe(200);
    expect(transcribeResponseSchema.parse(res.json())).toEqual({
      success: true,
      transcription: { text: 'Привет, как дела?', confidence: Math.round(Math.exp(-0.2) * 1000) / 1000 },
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer stt-key');
    expect(sent?.fields).toMatchObject({ language: 'ru', model: 'whisper-1' });
    expect(sent?.file).toMatchObject({ name: 'voice.webm', type: 'audio/webm' });
    expect(sent?.file?.bytes.equals(webm)).toBe(true);
    // Not a message: the web app sends the text as the user's own.
    expect(await t.database.db.select().from(messages)).toHaveLength(0);
  });

  it('an account may too', async () => {
    const { access_token } = await register(t.app, { email: 'voice@mail.ru' });
    expect((await transcribe(access_token, webm)).statusCode).toBe(200);
  });

  it('knows the container by its bytes, whatever type the browser declared', async () => {
    const token = await newGuest();
    const cases: Array<[Buffer, string, string]> = [
      [wavTone(0.5), 'audio/wav', 'voice.wav'],
      [oggBytes(), 'audio/ogg', 'voice.ogg'],
      [m4aBytes(), 'audio/mp4', 'voice.m4a'],
      [webm, 'audio/webm', 'voice.webm'],
      [ebmlHeader('matroska'), 'audio/webm', 'voice.webm'],
    ];
    for (const [bytes, type, name] of cases) {
      fake.reset();
      const res = await transcribe(token, bytes, 'application/octet-stream', 'blob');
      expect(res.statusCode, name).toBe(200);
      expect(fake.requests[0]?.file).toMatchObject({ name, type });
    }
  });

  it('anything that is not audio: 400 «Неверный формат аудио», and the service is not asked', async () => {
    const token = await newGuest();
    const notAudio = [
      Buffer.from('это не аудио, а просто текст'),
      Buffer.from('\x1a\x45\xdf\xa3garbage-after-the-magic', 'latin1'),
      ebmlHeader('mkv-but-not'),
      Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'),
      Buffer.from([0x1a, 0x45, 0xdf]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    ];
    for (const bytes of notAudio) {
      expectError(await transcribe(token, bytes), 400, 'validation_failed', VOICE_TEXTS.badAudio);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('no file, an empty file or no form at all: 400 «Неверный формат аудио»', async () => {
    const token = await newGuest();
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/speech/transcribe',
      ...multipart(token, { note: 'без файла' }),
    });
    expectError(noFile, 400, 'validation_failed', VOICE_TEXTS.badAudio);
    expectError(await transcribe(token, Buffer.alloc(0)), 400, 'validation_failed', VOICE_TEXTS.badAudio);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/speech/transcribe',
      headers: bearer(token),
      payload: { file: 'UklGRg==' },
    });
    expectError(json, 400, 'validation_failed', VOICE_TEXTS.badAudio);
    expect(fake.requests).toHaveLength(0);
  });

  it('longer than the recorder can make: 413 with the Russian text', async () => {
    const token = await newGuest();
    const huge = Buffer.concat([webm, Buffer.alloc(VOICE_MESSAGE.maxBytes)]);
    expectError(await transcribe(token, huge), 413, 'payload_too_large', VOICE_TEXTS.tooLarge);
    // Far over the body limit too: the same answer.
    const huger = Buffer.concat([webm, Buffer.alloc(2 * VOICE_MESSAGE.maxBytes)]);
    expectError(await transcribe(token, huger), 413, 'payload_too_large', VOICE_TEXTS.tooLarge);
    expect(fake.requests).toHaveLength(0);
  });

  it('without a session: 401 «Требуется авторизация для голосовых сообщений»', async () => {
    const { payload, headers } = multipart('x', {}, { name: 'voice.webm', type: 'audio/webm', bytes: webm });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/speech/transcribe',
      payload,
      headers: { 'content-type': headers['content-type'] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>()).toEqual({ detail: VOICE_TEXTS.authRequired, code: 'unauthorized' });
    expect(fake.requests).toHaveLength(0);
  });

  it('the service down, overloaded, rate-limited or refusing our key: 503 «Сервис распознавания речи недоступен»', async () => {
    const token = await newGuest();
    for (const status of [500, 502, 503, 429, 401]) {
      fake.failNext({ status });
      expectError(await transcribe(token, webm), 503, 'service_unavailable', VOICE_TEXTS.unavailable);
    }
  });

  it('the service cannot read the recording: 400 «Неверный формат аудио»', async () => {
    const token = await newGuest();
    for (const status of [400, 415, 422]) {
      fake.failNext({ status });
      expectError(await transcribe(token, webm), 400, 'validation_failed', VOICE_TEXTS.badAudio);
    }
  });

  it('an answer we cannot read: 502 «Ошибка распознавания речи»; no words heard: 422 «Не удалось распознать речь»', async () => {
    const token = await newGuest();
    fake.failNext({ status: 200, body: 'Internal <b>oops</b>', contentType: 'text/html' });
    expectError(await transcribe(token, webm), 502, 'provider_error', VOICE_TEXTS.failed);
    fake.answer = { text: '  ', segments: [] };
    expectError(await transcribe(token, webm), 422, 'validation_failed', VOICE_TEXTS.notRecognised);
  });

  it('a long answer is cut to what a message may hold', async () => {
    const token = await newGuest();
    fake.answer = { text: 'слово '.repeat(2000) };
    const res = await transcribe(token, webm);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ transcription: { text: string } }>().transcription.text.length).toBeLessThanOrEqual(
      MESSAGE_MAX_CHARS,
    );
  });

  it('a service that never answers: 503 once the timeout fires', async () => {
    await t.rebuild({
      deps: {
        stt: createOpenAiStt({
          baseUrl: fake.baseUrl,
          apiKey: 'stt-key',
          model: 'whisper-1',
          path: '/audio/transcriptions',
          timeoutMs: 50,
        }),
      },
    });
    fake.failNext({ hang: true });
    expectError(
      await transcribe(await newGuest(), webm),
      503,
      'service_unavailable',
      VOICE_TEXTS.unavailable,
    );
  });

  it('no speech service configured (the default): 503, and GET /api/config says stt is offline', async () => {
    await t.rebuild({ env: {} });
    expectError(
      await transcribe(await newGuest(), webm),
      503,
      'service_unavailable',
      VOICE_TEXTS.unavailable,
    );
    expect(fake.requests).toHaveLength(0);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().providers.stt).toEqual({ adapter: 'offline', offline: true });
  });

  it('30 recordings per 10 minutes per user, then 429 with the Russian text', async () => {
    const token = await newGuest();
    const small = wavTone(0.05);
    for (let i = 0; i < 30; i++) expect((await transcribe(token, small)).statusCode).toBe(200);
    expectError(await transcribe(token, small), 429, 'rate_limited', VOICE_TEXTS.tooMany);
    // Another user is not held back.
    expect((await transcribe(await newGuest(), small)).statusCode).toBe(200);
  });
});
