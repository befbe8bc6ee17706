import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELP_AUDIO_LINES, HELP_AUDIO_NAMES } from '@podruga/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../logger.ts';
import { frameworkErrorOptions, registerErrorHandler } from '../../plugins/errors.ts';
import { registerInputGuard } from '../../plugins/input-guard.ts';
import { registerRateLimit } from '../../plugins/rate-limit.ts';
import { trackRoutes } from '../../plugins/routes.ts';
import { registerWebApp } from '../../plugins/web-app.ts';
import { createLocalStorage } from '../../providers/storage/local.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import { createOfflineTts } from '../../providers/tts/offline.ts';
import {
  type SynthesisRequest,
  type SynthesizedSpeech,
  TTS_ERROR_TEXTS,
  TtsError,
  type TtsPort,
} from '../../providers/tts/port.ts';
import { pcmWav, readPcmWav } from '../../providers/wav.ts';
import { expectError } from '../../test/http.ts';
import { HELP_AUDIO_RATE_LIMIT, helpAudioRoutes } from './help-audio.routes.ts';
import { CALL_PAUSE_MS, HELP_AUDIO_TEXTS, HELP_VOICE } from './help-audio.service.ts';

const RATE = 16_000;

/** A WAV whose samples all equal `level` (non-zero: tells the lines from the pauses). */
const tone = (level: number, samples = 1600) => {
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(level, i * 2);
  return pcmWav(pcm, RATE);
};

/** A speech port that records what it is asked: a WAV per text, a failure while `failWith` is set. */
class FakeTts implements TtsPort {
  readonly adapter = 'fake';
  readonly offline = false;
  readonly calls: SynthesisRequest[] = [];
  failWith: Error | undefined;
  answer: ((request: SynthesisRequest, n: number) => SynthesizedSpeech) | undefined;
  hold: Promise<void> | undefined;
  describe = () => 'tts: fake';
  async synthesize(request: SynthesisRequest): Promise<SynthesizedSpeech> {
    this.calls.push(request);
    const n = this.calls.length;
    await this.hold;
    if (this.failWith) throw this.failWith;
    return this.answer?.(request, n) ?? { audio: tone(100 * n), contentType: 'audio/wav' };
  }
}

/** Storage that counts its reads, so a refused name is seen never to reach it. */
function countingStorage(root: string): StoragePort & { gets: string[] } {
  const local = createLocalStorage(root);
  const gets: string[] = [];
  return Object.assign(Object.create(local) as StoragePort, {
    gets,
    get: (key: string) => {
      gets.push(key);
      return local.get(key);
    },
  });
}

const silentLog: Logger = { info() {}, warn() {}, error() {} };

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

/** The app's infrastructure (errors, input guard, rate limits) with only the help audio routes. */
async function appWith(tts: TtsPort, storage: StoragePort): Promise<FastifyInstance> {
  const app = Fastify({ ...frameworkErrorOptions });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  trackRoutes(app);
  registerInputGuard(app);
  await registerRateLimit(app, undefined, `help-audio-test-${Math.random()}:`);
  await app.register(helpAudioRoutes, { tts, storage, log: silentLog });
  await registerWebApp(app, join(tmpdir(), 'podruga-no-web-dist'), []);
  await app.ready();
  apps.push(app);
  return app;
}

let tts: FakeTts;
let root: string;
let storage: ReturnType<typeof countingStorage>;
let app: FastifyInstance;
beforeEach(async () => {
  tts = new FakeTts();
  root = mkdtempSync(join(tmpdir(), 'podruga-help-audio-'));
  storage = countingStorage(root);
  app = await appWith(tts, storage);
});

const get = (name: string, headers: Record<string, string> = {}, on = app) =>
  on.inject({ method: 'GET', url: `/api/help/audio/${name}`, headers });

describe('GET /api/help/audio/{name}', () => {
  it('speaks each example in the guide’s voice, without a session, as WAV with a long cache', async () => {
    for (const name of ['voice01', 'voice02'] as const) {
      const res = await get(name);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(readPcmWav(res.rawPayload)).not.toBeNull();
    }
    expect(tts.calls.map((call) => call.text)).toEqual([
      HELP_AUDIO_LINES.voice01[0],
      HELP_AUDIO_LINES.voice02[0],
    ]);
    expect(tts.calls.every((call) => call.voice === HELP_VOICE)).toBe(true);
  });

  it('makes an example once: the second request, and a new process on the same storage, do not ask again', async () => {
    const first = await get('voice01');
    const hash = JSON.parse(first.headers.etag as string) as string;
    expect(await storage.get(`audio/help-voice01-${hash}.wav`)).not.toBeNull();
    const second = await get('voice01');
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(tts.calls).toHaveLength(1);

    const restarted = await appWith(tts, storage);
    const third = await get('voice01', {}, restarted);
    expect(third.statusCode).toBe(200);
    expect(third.rawPayload).toEqual(first.rawPayload);
    expect(tts.calls).toHaveLength(1);
  });

  it('another adapter, or another description of it, makes its own file', async () => {
    const first = await get('voice02');
    const other = new FakeTts();
    other.describe = () => 'tts: fake, another model';
    const second = await get('voice02', {}, await appWith(other, storage));
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(other.calls).toHaveLength(1);
  });

  it('concurrent first requests make it once', async () => {
    let release = () => {};
    tts.hold = new Promise((resolve) => {
      release = resolve;
    });
    const pending = Promise.all([get('call'), get('call'), get('call'), get('voice01')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await pending;
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    // The call's four lines, and voice01.
    expect(tts.calls).toHaveLength(HELP_AUDIO_LINES.call.length + 1);
    expect(answers[1]?.rawPayload).toEqual(answers[0]?.rawPayload);
  });

  it('the call is her lines one after another with a pause between them', async () => {
    const res = await get('call');
    const wav = readPcmWav(res.rawPayload);
    const lines = HELP_AUDIO_LINES.call.length;
    expect(tts.calls.map((call) => call.text)).toEqual(HELP_AUDIO_LINES.call);
    const pause = (RATE * CALL_PAUSE_MS) / 1000;
    expect(wav?.samples.length).toBe((lines * 1600 + (lines - 1) * pause) * 2);
    const at = (sample: number) => wav?.samples.readInt16LE(sample * 2);
    expect(at(0)).toBe(100);
    expect(at(1600)).toBe(0);
    expect(at(1600 + pause - 1)).toBe(0);
    expect(at(1600 + pause)).toBe(200);
  });

  it('parts it cannot join are spoken again as one text', async () => {
    tts.answer = (_request, n) => ({
      audio: tone(n, 100 + n),
      contentType: n === 2 ? 'audio/mpeg' : 'audio/wav',
    });
    const res = await get('call');
    expect(res.statusCode).toBe(200);
    expect(tts.calls).toHaveLength(HELP_AUDIO_LINES.call.length + 1);
    expect(tts.calls.at(-1)?.text).toBe(HELP_AUDIO_LINES.call.join(' '));
  });

  it('answers byte ranges, 416 past the end, and 304 for the ETag it sent', async () => {
    const whole = await get('voice01');
    const size = whole.rawPayload.length;
    const part = await get('voice01', { range: 'bytes=0-43' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 44));
    const tail = await get('voice01', { range: 'bytes=-10' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    const past = await get('voice01', { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const again = await get('voice01', { 'if-none-match': whole.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(tts.calls).toHaveLength(1);
  });

  it('an unknown name is a 404 in Russian; path tricks and control characters never reach the storage', async () => {
    expectError(await get('voice03'), 404, 'not_found', HELP_AUDIO_TEXTS.unknown);
    expectError(await get('VOICE01'), 404, 'not_found', HELP_AUDIO_TEXTS.unknown);
    expectError(await get('voice01.wav'), 404, 'not_found', HELP_AUDIO_TEXTS.unknown);
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E',
      '..',
      'audio%2Fhelp-voice01',
      'voice01%00',
      'voice01%0A',
      '%0D%0Avoice01',
      'x'.repeat(500),
      '%ZZ',
    ]) {
      const res = await get(name);
      expect([400, 404, 414], name).toContain(res.statusCode);
      const body = res.json<{ detail: string; code: string }>();
      expect(body.detail, `${name}: ${res.body}`).toMatch(/[а-яё]/i);
    }
    // `/api/help/audio/../x` is normalised by nobody: it is another path, and not ours.
    expect((await get('../../../etc/passwd')).statusCode).toBe(404);
    expect(storage.gets).toEqual([]);
    expect(tts.calls).toEqual([]);
  });

  it('a speech failure is a 503 with its Russian text, and the next request tries again', async () => {
    tts.failWith = new TtsError('rate_limited', 429);
    expectError(await get('voice02'), 503, 'provider_error', TTS_ERROR_TEXTS.rate_limited);
    tts.failWith = new Error('socket hang up');
    expectError(await get('call'), 503, 'provider_error', TTS_ERROR_TEXTS.unavailable);
    tts.failWith = undefined;
    expect((await get('voice02')).statusCode).toBe(200);
  });

  it('speech of a type it cannot keep is a 503', async () => {
    tts.answer = () => ({ audio: Buffer.from('OggS'), contentType: 'audio/ogg' });
    expectError(await get('voice01'), 503, 'provider_error', TTS_ERROR_TEXTS.bad_response);
  });

  it('is rate limited per address', async () => {
    for (let i = 0; i < HELP_AUDIO_RATE_LIMIT.max; i++) {
      expect((await get('voice01')).statusCode).toBe(200);
    }
    expectError(await get('voice01'), 429, 'rate_limited');
    expect(tts.calls).toHaveLength(1);
  });
});

describe('the offline voice (espeak-ng)', () => {
  it('the call is one valid WAV of her four lines with silence between them', async () => {
    const offline = createOfflineTts();
    try {
      const res = await get('call', {}, await appWith(offline, storage));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      const bytes = res.rawPayload;
      expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
      expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
      expect(bytes.toString('latin1', 8, 16)).toBe('WAVEfmt ');
      expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
      const wav = readPcmWav(bytes);
      if (!wav) throw new Error('not a WAV');
      // Runs of exact silence at least as long as the pause: the three gaps between four lines (espeak's
      // own pauses inside a line are shorter and rarely exact zeros).
      const pause = (wav.sampleRate * CALL_PAUSE_MS) / 1000;
      const runs: number[] = [];
      let run = 0;
      for (let i = 0; i < wav.samples.length / 2; i++) {
        if (wav.samples.readInt16LE(i * 2) === 0) run++;
        else {
          if (run >= pause) runs.push(run);
          run = 0;
        }
      }
      expect(runs).toHaveLength(HELP_AUDIO_LINES.call.length - 1);
      // Speech, not only silence: over a second of it per line.
      expect(wav.samples.length / 2 - runs.reduce((a, b) => a + b, 0)).toBeGreaterThan(wav.sampleRate * 4);
    } finally {
      await offline.close();
    }
  }, 120_000);
});

it('names the three examples of the spec', () => {
  expect(HELP_AUDIO_NAMES).toEqual(['voice01', 'voice02', 'call']);
});
