import createFvad, { type FvadModule } from '@echogarden/fvad-wasm';

/*
 * Turn-taking (issue 15): which 30 ms frames of the microphone are speech, and where an utterance
 * starts and ends. The frames are judged by the WebRTC voice activity detector (libfvad compiled to
 * WASM, `@echogarden/fvad-wasm`: a Gaussian mixture over six sub-band energies, adaptive to the noise
 * floor) behind a small energy floor; the utterance logic on top (onset, hangover, caps) is ours.
 */

/** Judges one frame of 16-bit PCM at a time. */
export interface FrameClassifier {
  /** How many samples one frame holds. */
  readonly frameSamples: number;
  isSpeech(frame: Int16Array): boolean;
  /** Frees the detector; further frames are never speech. */
  close(): void;
}

/** libfvad's modes: 0 lets most through as speech, 3 is the most ready to call a frame noise. */
export type VadMode = 0 | 1 | 2 | 3;

let loaded: Promise<FvadModule> | undefined;

/** The compiled detector, loaded once per process from the package's own .wasm (no network). */
export function loadFvad(): Promise<FvadModule> {
  loaded ??= createFvad();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** A WebRTC VAD instance for one call: 30 ms frames (480 samples at 16 kHz). */
export async function createWebRtcVad(mode: VadMode, sampleRate: number): Promise<FrameClassifier> {
  const fvad = await loadFvad();
  const frameSamples = (sampleRate / 1000) * 30;
  const handle = fvad._fvad_new();
  if (!handle) throw new Error('fvad: out of memory');
  if (fvad._fvad_set_mode(handle, mode) !== 0 || fvad._fvad_set_sample_rate(handle, sampleRate) !== 0) {
    fvad._fvad_free(handle);
    throw new Error(`fvad: mode ${mode} or rate ${sampleRate} refused`);
  }
  const pointer = fvad._malloc(frameSamples * 2);
  let open = true;
  return {
    frameSamples,
    isSpeech(frame) {
      if (!open || frame.length !== frameSamples) return false;
      // HEAP16 is read anew each time: the heap's buffer is replaced when the memory grows.
      fvad.HEAP16.set(frame, pointer >> 1);
      return fvad._fvad_process(handle, pointer, frameSamples) === 1;
    },
    close() {
      if (!open) return;
      open = false;
      fvad._free(pointer);
      fvad._fvad_free(handle);
    },
  };
}

export interface TurnDetectorOptions {
  sampleRate: number;
  /** Voiced time within the last `onsetWindowMs` that starts an utterance. */
  speechStartMs: number;
  onsetWindowMs: number;
  /** Audio kept from before the onset, so the utterance's first syllable is not cut. */
  preRollMs: number;
  /** Unvoiced time that ends an utterance (the hangover). */
  silenceMs: number;
  /** Voiced time within an utterance that counts as the user speaking (barge-in). */
  bargeInMs: number;
  /** An utterance with less voiced time is dropped (a cough, a click, a door). */
  minVoicedMs: number;
  /** An utterance is cut here and handed on as it is. */
  maxUtteranceMs: number;
  /** Frames quieter than this RMS (of 32767) are never speech, whatever the detector says. */
  minRms: number;
}

export const TURN_DETECTOR_DEFAULTS: Omit<TurnDetectorOptions, 'sampleRate'> = {
  speechStartMs: 150,
  onsetWindowMs: 300,
  preRollMs: 300,
  silenceMs: 700,
  bargeInMs: 300,
  minVoicedMs: 200,
  maxUtteranceMs: 30_000,
  minRms: 150,
};

/**
 * `speech`: the user has been speaking for `bargeInMs` (once per utterance; the caller interrupts her).
 * `utterance`: a finished utterance's PCM (16-bit LE), ended by silence or cut at the cap.
 */
export type TurnEvent =
  | { type: 'speech' }
  | { type: 'utterance'; pcm: Buffer; durationMs: number; voicedMs: number; capped: boolean };

function rms(frame: Int16Array): number {
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  return Math.sqrt(sum / frame.length);
}

/**
 * Microphone samples in (any chunking), turn events out. Idle, it keeps a short pre-roll and watches
 * the onset window; once enough of it is voiced it collects the utterance until `silenceMs` of
 * unvoiced frames (or the cap) end it.
 */
export class TurnDetector {
  private readonly frameMs: number;
  private carry: Int16Array = new Int16Array(0);
  private readonly preRoll: Int16Array[] = [];
  private readonly onset: boolean[] = [];
  private utterance: Int16Array[] | undefined;
  private voicedMs = 0;
  private silentMs = 0;
  private reported = false;

  constructor(
    private readonly classifier: FrameClassifier,
    private readonly options: TurnDetectorOptions,
  ) {
    this.frameMs = (classifier.frameSamples / options.sampleRate) * 1000;
  }

  /** True while an utterance is being collected. */
  get hearing(): boolean {
    return this.utterance !== undefined;
  }

  push(samples: Int16Array): TurnEvent[] {
    const events: TurnEvent[] = [];
    const size = this.classifier.frameSamples;
    let all = samples;
    if (this.carry.length) {
      all = new Int16Array(this.carry.length + samples.length);
      all.set(this.carry);
      all.set(samples, this.carry.length);
    }
    let at = 0;
    for (; at + size <= all.length; at += size) this.frame(all.slice(at, at + size), events);
    this.carry = all.slice(at);
    return events;
  }

  /** Forgets the utterance being collected and the onset (her turn began anew, the call paused). */
  reset(): void {
    this.carry = new Int16Array(0);
    this.preRoll.length = 0;
    this.onset.length = 0;
    this.utterance = undefined;
  }

  close(): void {
    this.reset();
    this.classifier.close();
  }

  private frame(frame: Int16Array, events: TurnEvent[]): void {
    const { options, frameMs } = this;
    const voiced = rms(frame) >= options.minRms && this.classifier.isSpeech(frame);
    if (!this.utterance) {
      this.preRoll.push(frame);
      if (this.preRoll.length * frameMs > options.preRollMs) this.preRoll.shift();
      this.onset.push(voiced);
      if (this.onset.length * frameMs > options.onsetWindowMs) this.onset.shift();
      const onsetVoiced = this.onset.filter(Boolean).length * frameMs;
      if (onsetVoiced < options.speechStartMs) return;
      this.utterance = this.preRoll.splice(0);
      this.onset.length = 0;
      this.voicedMs = onsetVoiced;
      this.silentMs = 0;
      this.reported = false;
    } else {
      this.utterance.push(frame);
      if (voiced) {
        this.voicedMs += frameMs;
        this.silentMs = 0;
      } else this.silentMs += frameMs;
    }
    if (!this.reported && this.voicedMs >= options.bargeInMs) {
      this.reported = true;
      events.push({ type: 'speech' });
    }
    const durationMs = this.utterance.length * frameMs;
    if (this.silentMs >= options.silenceMs) this.finish(events, false);
    else if (durationMs >= options.maxUtteranceMs) this.finish(events, true);
  }

  private finish(events: TurnEvent[], capped: boolean): void {
    const frames = this.utterance ?? [];
    this.utterance = undefined;
    if (this.voicedMs < this.options.minVoicedMs) return;
    // The trailing silence is not sent on, but for a short tail the recogniser likes.
    const tail = Math.max(0, Math.floor((this.silentMs - 200) / this.frameMs));
    const kept = frames.slice(0, frames.length - tail);
    const pcm = Buffer.concat(kept.map((f) => Buffer.from(f.buffer, f.byteOffset, f.byteLength)));
    events.push({
      type: 'utterance',
      pcm,
      durationMs: kept.length * this.frameMs,
      voicedMs: this.voicedMs,
      capped,
    });
  }
}
