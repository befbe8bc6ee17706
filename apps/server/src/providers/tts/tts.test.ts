import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { pcmWav } from '../wav.ts';
import { createElevenLabsTts, ELEVENLABS_VOICES } from './elevenlabs.ts';
import { espeakArguments, normalizeWav } from './espeak.ts';
import { createTtsPort } from './index.ts';
import { createOfflineTts, type OfflineTtsPort, speechWorkerSpec } from './offline.ts';
import { createOpenAiTts, OPENAI_VOICES } from './openai.ts';
import { TTS_ERROR_TEXTS, TtsError, type TtsErrorKind, type TtsPort, type VoiceChoice } from './port.ts';

const VOICE: VoiceChoice = { gender: 'female', pitch: 0.2, rate: 1.05, timbre: 1 };
/** Not a real MP3, but bytes that start like one (an ID3 tag): the adapters pass audio through. */
const MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(400, 0xff),
]);

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** The fake speech service: records each request, answers as `behaviour` says (MP3 by default). */
let behaviour: Behaviour;
const seen: Seen[] = [];
let fake: LocalServer;
const sendMp3: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'audio/mpeg' });
  res.end(MP3);
};

beforeAll(async () => {
  fake = await listenLocal(async (req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers, body: await readJson(req) });
    await behaviour(req, res);
  });
});
afterAll(() => fake.close());
afterEach(() => {
  seen.length = 0;
  behaviour = sendMp3;
});
behaviour = sendMp3;

const adapters: Array<[string, () => TtsPort, string]> = [
  [
    'openai',
    () =>
      createOpenAiTts({ baseUrl: `${fake.origin}/v1`, apiKey: 'sk-test', model: 'tts-1', timeoutMs: 300 }),
    '/v1/audio/speech',
  ],
  [
    'elevenlabs',
    () =>
      createElevenLabsTts({
        baseUrl: fake.origin,
        apiKey: 'xi-test',
        model: 'eleven_multilingual_v2',
        timeoutMs: 300,
      }),
    `/v1/text-to-speech/${ELEVENLABS_VOICES[1]}/stream?output_format=mp3_44100_128`,
  ],
];

async function failure(port: TtsPort): Promise<TtsError> {
  const error = await port.synthesize({ text: 'Привет', voice: VOICE }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TtsError);
  return error as TtsError;
}

describe.each(adapters)('%s adapter over HTTP', (_name, make, path) => {
  it('sends the text with her voice and returns the MP3', async () => {
    const speech = await make().synthesize({ text: 'Привет, как дела?', voice: VOICE });
    expect(speech).toEqual({ audio: MP3, contentType: 'audio/mpeg' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(path);
  });

  it.each([
    [401, 'rejected'],
    [403, 'rejected'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as Array<[number, TtsErrorKind]>)('HTTP %i is %s, with a Russian text', async (status, kind) => {
    behaviour = (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'secret vendor detail' } }));
    };
    const error = await failure(make());
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.userText).toBe(TTS_ERROR_TEXTS[kind]);
    expect(error.userText).toMatch(/[а-я]/);
    expect(error.message).not.toContain('secret');
  });

  it('a service that never answers is unavailable (the timeout)', async () => {
    behaviour = () => {}; // never answers; the fake's close() ends the connection
    expect((await failure(make())).kind).toBe('unavailable');
  });

  it('a body that stops half-way is unavailable', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.write(MP3.subarray(0, 20)); // and nothing more until the timeout
    };
    expect((await failure(make())).kind).toBe('unavailable');
  });

  it('an answer that is not audio is a bad response', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ audio: 'nope' }));
    };
    expect((await failure(make())).kind).toBe('bad_response');
  });

  it('an empty body is a bad response', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end();
    };
    expect((await failure(make())).kind).toBe('bad_response');
  });

  it('a refused connection is unavailable', async () => {
    const closed = await listenLocal(() => {});
    await closed.close();
    const port =
      _name === 'openai'
        ? createOpenAiTts({ baseUrl: closed.origin, apiKey: undefined, model: 'm', timeoutMs: 300 })
        : createElevenLabsTts({ baseUrl: closed.origin, apiKey: 'k', model: 'm', timeoutMs: 300 });
    expect((await failure(port)).kind).toBe('unavailable');
  });
});

describe('the wire formats', () => {
  it('openai: model, input, voice, mp3 and her speed, with the Bearer key', async () => {
    const port = createOpenAiTts({
      baseUrl: `${fake.origin}/v1`,
      apiKey: 'sk-test',
      model: 'tts-1',
      timeoutMs: 1000,
    });
    await port.synthesize({ text: 'Привет', voice: { ...VOICE, timbre: 2 } });
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(seen[0]?.body).toEqual({
      model: 'tts-1',
      input: 'Привет',
      voice: OPENAI_VOICES[2],
      response_format: 'mp3',
      speed: 1.05,
    });
  });

  it('openai without a key sends no Authorization header (a local server)', async () => {
    const port = createOpenAiTts({ baseUrl: fake.origin, apiKey: undefined, model: 'm', timeoutMs: 1000 });
    await port.synthesize({ text: 'Привет', voice: VOICE });
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('elevenlabs: xi-api-key, the multilingual model, the voice of her timbre from TTS_VOICES', async () => {
    const port = createElevenLabsTts({
      baseUrl: fake.origin,
      apiKey: 'xi-test',
      model: 'eleven_multilingual_v2',
      voices: ['voiceA', 'voiceB'],
      timeoutMs: 1000,
    });
    await port.synthesize({ text: 'Привет', voice: { ...VOICE, timbre: 3 } });
    expect(seen[0]?.url).toBe('/v1/text-to-speech/voiceB/stream?output_format=mp3_44100_128');
    expect(seen[0]?.headers['xi-api-key']).toBe('xi-test');
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.body).toEqual({
      text: 'Привет',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { speed: 1.05 },
    });
  });
});

describe('the factory', () => {
  const tts = (over: Partial<Parameters<typeof createTtsPort>[0]['tts']>) => ({
    tts: {
      provider: 'offline' as const,
      baseUrl: undefined,
      apiKey: undefined,
      model: 'espeak-ng',
      voices: undefined,
      timeoutMs: 1000,
      ...over,
    },
  });

  it('picks the adapter TTS_PROVIDER names; offline says it is the stand-in', async () => {
    const offline = createTtsPort(tts({}));
    expect(offline).toMatchObject({ adapter: 'offline', offline: true });
    expect(offline.describe()).toContain('offline stand-in');
    await offline.close?.();
    expect(createTtsPort(tts({ provider: 'openai', baseUrl: fake.origin }))).toMatchObject({
      adapter: 'openai',
      offline: false,
    });
    expect(
      createTtsPort(tts({ provider: 'elevenlabs', baseUrl: fake.origin, apiKey: 'k' })).describe(),
    ).toContain('ElevenLabs');
  });
});

/** The WAV's format and length, read from its header. */
function readWav(wav: Buffer) {
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
  expect(wav.toString('latin1', 36, 40)).toBe('data');
  const sampleRate = wav.readUInt32LE(24);
  const dataBytes = wav.readUInt32LE(40);
  expect(dataBytes).toBe(wav.length - 44);
  return {
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    bits: wav.readUInt16LE(34),
    sampleRate,
    seconds: dataBytes / 2 / sampleRate,
    /** The loudest sample: silence would be 0. */
    peak: Math.max(...Array.from({ length: dataBytes / 2 }, (_, i) => Math.abs(wav.readInt16LE(44 + i * 2)))),
  };
}

describe('offline adapter (espeak-ng in a worker thread)', () => {
  let port: OfflineTtsPort;
  beforeAll(() => {
    port = createOfflineTts({ timeoutMs: 60_000 });
  });
  afterAll(() => port.close());

  it('speaks a Russian sentence as a 16-bit PCM mono WAV longer than half a second', async () => {
    const speech = await port.synthesize({
      text: 'Привет! Я так рада тебя слышать, расскажи, как прошёл твой день?',
      voice: VOICE,
    });
    expect(speech.contentType).toBe('audio/wav');
    const wav = readWav(speech.audio);
    expect(wav).toMatchObject({ format: 1, channels: 1, bits: 16 });
    expect(wav.sampleRate).toBeGreaterThanOrEqual(16_000);
    expect(wav.seconds).toBeGreaterThan(0.5);
    expect(wav.peak).toBeGreaterThan(1000);
  });

  it('a slower voice speaks longer; texts starting with "-" are spoken, not read as options', async () => {
    const text = '-5 градусов, а мне тепло с тобой.';
    const slow = readWav((await port.synthesize({ text, voice: { ...VOICE, rate: 0.8 } })).audio);
    const quick = readWav((await port.synthesize({ text, voice: { ...VOICE, rate: 1.2 } })).audio);
    expect(slow.seconds).toBeGreaterThan(quick.seconds);
    expect(quick.seconds).toBeGreaterThan(0.5);
  });

  it('several messages at once are all spoken, one after another', async () => {
    const texts = ['Один.', 'Два.', 'Три.'];
    const results = await Promise.all(texts.map((text) => port.synthesize({ text, voice: VOICE })));
    for (const result of results) expect(readWav(result.audio).seconds).toBeGreaterThan(0.1);
  });

  it('a full queue refuses as rate_limited; a closed port as unavailable', async () => {
    const small = createOfflineTts({ maxQueued: 1 });
    const first = small.synthesize({ text: 'Раз.', voice: VOICE });
    const second = small.synthesize({ text: 'Два.', voice: VOICE });
    const third = await small.synthesize({ text: 'Три.', voice: VOICE }).catch((e: unknown) => e);
    expect(third).toMatchObject({ kind: 'rate_limited' });
    await Promise.all([first, second]);
    await small.close();
    await expect(small.synthesize({ text: 'Четыре.', voice: VOICE })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('a worker that does not answer in time is replaced, and the message fails as unavailable', async () => {
    const hasty = createOfflineTts({ timeoutMs: 1 });
    await expect(hasty.synthesize({ text: 'Привет.', voice: VOICE })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    await hasty.close();
  });

  it('a request given up while waiting leaves the queue', async () => {
    const first = port.synthesize({ text: 'Первое сообщение.', voice: VOICE });
    const controller = new AbortController();
    const second = port.synthesize({ text: 'Второе.', voice: VOICE, signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toMatchObject({ kind: 'unavailable' });
    expect(readWav((await first).audio).seconds).toBeGreaterThan(0.5);
  });

  it('finds its worker beside the source, or beside the bundle in production', () => {
    const source = speechWorkerSpec(new URL('./offline.ts', import.meta.url).href);
    expect(source.options).toMatchObject({ eval: true });
    expect(source.entry).toContain(fileURLToPath(new URL('./espeak-worker.ts', import.meta.url)));
    const bundle = speechWorkerSpec('file:///app/apps/server/dist/server.js');
    expect(String(bundle.entry)).toBe('file:///app/apps/server/dist/tts-speech-worker.js');
  });

  it('maps her voice to espeak-ng: Russian, a female variant, pitch and speed within bounds', () => {
    expect(espeakArguments({ gender: 'female', pitch: 0, rate: 1, timbre: 0 })).toEqual([
      '-v',
      'ru+f3',
      '-p',
      '55',
      '-s',
      '165',
      '-b',
      '1',
    ]);
    const extreme = espeakArguments({ gender: 'female', pitch: 5, rate: 5, timbre: 7 });
    expect(extreme.slice(0, 6)).toEqual(['-v', 'ru+f1', '-p', '90', '-s', '220']);
  });

  it('rewrites a WAV whose data size espeak left unset', () => {
    const samples = Buffer.alloc(200, 1);
    const broken = pcmWav(samples, 22050);
    broken.writeUInt32LE(0, 40);
    broken.writeUInt32LE(0, 4);
    expect(normalizeWav(broken)).toEqual(pcmWav(samples, 22050));
    expect(() => normalizeWav(Buffer.from('not a wav at all'))).toThrow();
  });
});
