import { describe, expect, it } from 'vitest';
import { frames, silencePcm, speechPcm } from './speech-fixture.ts';
import {
  createWebRtcVad,
  TURN_DETECTOR_DEFAULTS,
  TurnDetector,
  type TurnDetectorOptions,
  type TurnEvent,
} from './vad.ts';

const samples = (pcm: Buffer) => new Int16Array(Uint8Array.from(pcm).buffer);

async function detector(over: Partial<TurnDetectorOptions> = {}) {
  return new TurnDetector(await createWebRtcVad(2, 16_000), {
    ...TURN_DETECTOR_DEFAULTS,
    sampleRate: 16_000,
    ...over,
  });
}

function feed(turns: TurnDetector, pcm: Buffer): TurnEvent[] {
  return frames(pcm).flatMap((frame) => turns.push(samples(frame)));
}

describe('the WebRTC VAD (libfvad as WASM)', () => {
  it('loads in Node from the package and tells speech from silence', async () => {
    const vad = await createWebRtcVad(2, 16_000);
    expect(vad.frameSamples).toBe(480);
    const speech = samples(await speechPcm());
    let voiced = 0;
    let total = 0;
    for (let at = 0; at + 480 <= speech.length; at += 480, total++) {
      if (vad.isSpeech(speech.slice(at, at + 480))) voiced++;
    }
    expect(voiced / total).toBeGreaterThan(0.6);
    expect(vad.isSpeech(new Int16Array(480))).toBe(false);
    vad.close();
    expect(vad.isSpeech(speech.slice(0, 480))).toBe(false);
  });
});

describe('TurnDetector', () => {
  it('finds one utterance in speech followed by silence, with the barge-in signal first', async () => {
    const turns = await detector();
    const speech = await speechPcm();
    const events = feed(turns, Buffer.concat([silencePcm(500), speech, silencePcm(1000)]));
    expect(events.map((e) => e.type)).toEqual(['speech', 'utterance']);
    const utterance = events[1];
    if (utterance?.type !== 'utterance') throw new Error('no utterance');
    expect(utterance.capped).toBe(false);
    // The speech, a little pre-roll and a short tail; not the whole second of silence.
    const speechMs = (speech.length / 32_000) * 1000;
    expect(utterance.durationMs).toBeGreaterThan(speechMs - 300);
    expect(utterance.durationMs).toBeLessThan(speechMs + 700);
    expect(utterance.pcm.length).toBe((utterance.durationMs / 1000) * 32_000);
    turns.close();
  });

  it('keeps a pause shorter than the silence within one utterance, and ends at the cap', async () => {
    const speech = await speechPcm();
    const pause = await detector({ silenceMs: 700 });
    const paused = feed(pause, Buffer.concat([speech, silencePcm(400), speech, silencePcm(900)]));
    expect(paused.filter((e) => e.type === 'utterance')).toHaveLength(1);

    const capped = await detector({ maxUtteranceMs: 900 });
    const cut = feed(capped, Buffer.concat([speech, silencePcm(900)])).filter((e) => e.type === 'utterance');
    expect(cut[0]).toMatchObject({ capped: true, durationMs: 900 });
  });

  it('drops a click and a quiet hum', async () => {
    const turns = await detector();
    const click = Buffer.alloc(3200);
    for (let i = 0; i < 800; i++) click.writeInt16LE(i % 2 ? 20_000 : -20_000, i * 2);
    const hum = Buffer.alloc(32_000);
    for (let i = 0; i < 16_000; i++) hum.writeInt16LE(Math.round(Math.sin(i / 10) * 60), i * 2);
    expect(feed(turns, Buffer.concat([click, silencePcm(1000), hum, silencePcm(1000)]))).toEqual([]);
  });
});
