import { createHash } from 'node:crypto';
import { HELP_AUDIO_LINES, type HelpAudioName, isHelpAudioName } from '@podruga/shared';
import { AppError, errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { readStored, type StoragePort } from '../../providers/storage/port.ts';
import { TTS_ERROR_TEXTS, TtsError, type TtsPort, type VoiceChoice } from '../../providers/tts/port.ts';
import { joinSpeech } from './help-audio.join.ts';

/** The guide's voice: fixed, one of hers (a warm timbre, a little above her middle pitch, unhurried). */
export const HELP_VOICE: VoiceChoice = { gender: 'female', pitch: 0.1, rate: 0.95, timbre: 0 };

/** The silence between the call's lines: where the other side of the call speaks. */
export const CALL_PAUSE_MS = 1500;

export const HELP_AUDIO_TEXTS = {
  unknown: 'Такого аудиопримера нет',
} as const;

/** What the storage port keeps the examples as, by extension. */
const AUDIO_TYPES = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;
type AudioExt = keyof typeof AUDIO_TYPES;
const EXT_OF: Record<string, AudioExt> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav' };

/** A kept example larger than this is not one of ours (a minute of WAV is under 3 MB). */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

export interface HelpAudio {
  audio: Buffer;
  contentType: string;
  /** The content hash in its storage key: the same for the same adapter, voice and text. */
  hash: string;
}

export interface HelpAudioDeps {
  tts: TtsPort;
  storage: StoragePort;
  log: Logger;
}

/**
 * The help guide's audio examples (GET /api/help/audio/{name}), spoken by the text-to-speech port once
 * per adapter, voice and text, kept in the storage port as `audio/help-<name>-<hash>.<ext>` and in
 * memory after the first request (three short recordings).
 */
export class HelpAudioService {
  private readonly ready = new Map<HelpAudioName, HelpAudio>();
  /** Examples being made or read: concurrent first requests wait for one. */
  private readonly loading = new Map<HelpAudioName, Promise<HelpAudio>>();

  constructor(private readonly deps: HelpAudioDeps) {}

  /** The example, made on first use; unknown names are a 404, a speech failure a 503. */
  async audio(name: string): Promise<HelpAudio> {
    if (!isHelpAudioName(name)) throw new AppError(404, 'not_found', HELP_AUDIO_TEXTS.unknown);
    const ready = this.ready.get(name);
    if (ready) return ready;
    let loading = this.loading.get(name);
    if (!loading) {
      loading = this.load(name);
      this.loading.set(name, loading);
      const done = () => void this.loading.delete(name);
      loading.then(done, done);
    }
    return loading;
  }

  /**
   * The hash of what makes the recording: the adapter and its description (host, model; never a key),
   * the voice, the lines and the pause. A new adapter or text gets a new file; the old ones stay.
   */
  hashOf(name: HelpAudioName): string {
    const { tts } = this.deps;
    const what = JSON.stringify([
      1,
      tts.adapter,
      tts.describe(),
      HELP_VOICE,
      HELP_AUDIO_LINES[name],
      CALL_PAUSE_MS,
    ]);
    return createHash('sha256').update(what).digest('hex').slice(0, 16);
  }

  private async load(name: HelpAudioName): Promise<HelpAudio> {
    const hash = this.hashOf(name);
    const audio = (await this.kept(name, hash)) ?? (await this.make(name, hash));
    this.ready.set(name, audio);
    return audio;
  }

  private async kept(name: HelpAudioName, hash: string): Promise<HelpAudio | null> {
    for (const ext of Object.keys(AUDIO_TYPES) as AudioExt[]) {
      const key = `audio/help-${name}-${hash}.${ext}`;
      try {
        const object = await this.deps.storage.get(key);
        if (object)
          return {
            audio: await readStored(object.body, MAX_KEPT_BYTES),
            contentType: AUDIO_TYPES[ext],
            hash,
          };
      } catch (error) {
        this.deps.log.warn({ err: error, key }, 'help audio: reading the kept example failed');
      }
    }
    return null;
  }

  private async make(name: HelpAudioName, hash: string): Promise<HelpAudio> {
    const { storage, log } = this.deps;
    const lines = HELP_AUDIO_LINES[name];
    const speech = await this.speak(name, lines);
    const ext = EXT_OF[speech.contentType];
    if (!ext) {
      log.warn({ name, contentType: speech.contentType }, 'help audio: speech of an unknown type');
      throw errors.providerError(TTS_ERROR_TEXTS.bad_response);
    }
    const key = `audio/help-${name}-${hash}.${ext}`;
    try {
      await storage.put(key, speech.audio, AUDIO_TYPES[ext]);
    } catch (error) {
      // Served from memory all the same; the next start makes it again.
      log.warn({ err: error, key }, 'help audio: keeping the example failed');
    }
    log.info(
      { name, key, bytes: speech.audio.length, adapter: this.deps.tts.adapter },
      'help audio: example made',
    );
    return { audio: speech.audio, contentType: AUDIO_TYPES[ext], hash };
  }

  /**
   * One line spoken as it is; several spoken one by one and joined with silence between them. When the
   * parts cannot be joined (a format we do not cut, parts that differ), the lines are spoken as one text.
   */
  private async speak(
    name: HelpAudioName,
    lines: readonly string[],
  ): Promise<{ audio: Buffer; contentType: string }> {
    const parts: Array<{ audio: Buffer; contentType: string }> = [];
    for (const line of lines) parts.push(await this.synthesize(name, line));
    const first = parts[0] as { audio: Buffer; contentType: string };
    if (parts.length === 1) return first;
    const sameType = parts.every((part) => part.contentType === first.contentType);
    const joined = sameType
      ? joinSpeech(
          parts.map((part) => part.audio),
          first.contentType,
          CALL_PAUSE_MS,
        )
      : null;
    if (joined) return { audio: joined, contentType: first.contentType };
    this.deps.log.warn(
      { name, contentType: first.contentType },
      'help audio: parts not joinable, speaking as one',
    );
    return this.synthesize(name, lines.join(' '));
  }

  private async synthesize(
    name: HelpAudioName,
    text: string,
  ): Promise<{ audio: Buffer; contentType: string }> {
    const { tts, log } = this.deps;
    try {
      return await tts.synthesize({ text, voice: HELP_VOICE });
    } catch (error) {
      log.warn({ err: error, name, adapter: tts.adapter }, 'help audio: speech failed');
      throw errors.providerError(error instanceof TtsError ? error.userText : TTS_ERROR_TEXTS.unavailable);
    }
  }
}
