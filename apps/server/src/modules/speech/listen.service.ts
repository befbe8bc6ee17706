import type { Readable } from 'node:stream';
import type { UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { readStored, type StoragePort } from '../../providers/storage/port.ts';
import { TTS_ERROR_TEXTS, TtsError, type TtsPort } from '../../providers/tts/port.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { voiceFor } from './her-voice.ts';

/** The listen button's own texts (the spec has none for it). */
export const LISTEN_TEXTS = {
  nothingToSpeak: 'В этом сообщении нечего озвучивать',
  tooMany: 'Слишком много запросов на озвучку. Попробуйте через минуту',
} as const;

/** How much of a message is spoken (001: her replies are rarely longer). */
export const MAX_SPOKEN_CHARS = 1000;

/** What the storage port keeps her speech as, by extension. */
const AUDIO_TYPES = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;
type AudioExt = keyof typeof AUDIO_TYPES;
/** Every extension a message's spoken audio may be stored with (a deleted companion's are removed). */
export const SPOKEN_AUDIO_EXTS = Object.keys(AUDIO_TYPES) as AudioExt[];
const EXT_OF: Record<string, AudioExt> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav' };

export interface Speech {
  body: Readable | Buffer;
  size: number;
  contentType: string;
}

export interface ListenDeps {
  messages: Pick<MessagesService, 'ownedMessage'>;
  tts: TtsPort;
  storage: StoragePort;
  log: Logger;
}

const EMOJI =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
/** `:)`, `;-)`, `:D`, `xD`, `<3` standing alone, and the Russian `)))` / `(((`. */
const EMOTICONS = /(?<=^|\s)(?:[:;=8xX][-~']?[)(DPpOo3*\][|\\/]+|<3)(?=\s|$|[.,!?])|[)(]{2,}/g;

/**
 * Her message as it should be spoken: without emoji and emoticons, without `[Image: …]`-style markers,
 * links and markdown marks, one line, at most `max` characters (cut at a sentence, else a word).
 */
export function speakableText(content: string, max = MAX_SPOKEN_CHARS): string {
  const text = content
    .replace(/\[(?:image|изображение|фото|photo|video|видео)\s*:[^\]]*\]/gi, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(EMOJI, '')
    .replace(EMOTICONS, ' ')
    .replace(/[*_~`#>|\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Punctuation alone («...», «?!») is nothing to say.
  if (!/[\p{L}\p{N}]/u.test(text)) return '';
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentence = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
    head.lastIndexOf('… '),
  );
  if (sentence >= max / 2) return head.slice(0, sentence + 1);
  const word = head.lastIndexOf(' ');
  return (word >= max / 2 ? head.slice(0, word) : head).trim();
}

/**
 * Her messages spoken in her voice (GET /api/messages/{id}/speech): only the owner's, only hers, each
 * made once and kept in the storage port as `audio/<message id>.<ext>`.
 */
export class ListenService {
  /** Speech being made, by message id: a second press waits for the first instead of paying twice. */
  private readonly making = new Map<string, Promise<{ audio: Buffer; contentType: string }>>();

  constructor(private readonly deps: ListenDeps) {}

  async speech(user: UserRow, messageId: string): Promise<Speech> {
    const found = await this.deps.messages.ownedMessage(user, messageId);
    // The user's own messages, cards and a reply still streaming have no speech: as unknown.
    const message = found?.message;
    if (!found || !message || message.isUser || message.messageType !== 'text' || message.isStreaming) {
      throw errors.notFound();
    }
    // The look for kept speech is part of the shared work: a press that found nothing kept while the
    // first press was finishing would otherwise not see it in flight any more, and pay twice.
    let making = this.making.get(message.id);
    if (!making) {
      making = this.keptOrMade(message.id, message.content, found.character);
      this.making.set(message.id, making);
      const done = () => void this.making.delete(message.id);
      making.then(done, done);
    }
    const { audio, contentType } = await making;
    return { body: audio, size: audio.length, contentType };
  }

  /** The kept speech (read whole: every press waiting on it gets the same bytes), else made now. */
  private async keptOrMade(
    messageId: string,
    content: string,
    character: Parameters<typeof voiceFor>[0],
  ): Promise<{ audio: Buffer; contentType: string }> {
    const kept = await this.cached(messageId);
    if (kept) {
      const audio = Buffer.isBuffer(kept.body) ? kept.body : await readStored(kept.body);
      return { audio, contentType: kept.contentType };
    }
    const text = speakableText(content);
    if (!text) throw errors.validation(LISTEN_TEXTS.nothingToSpeak);
    return this.make(messageId, text, voiceFor(character));
  }

  /** The kept speech of a message, if any. */
  private async cached(messageId: string): Promise<Speech | null> {
    for (const ext of Object.keys(AUDIO_TYPES) as AudioExt[]) {
      const object = await this.deps.storage.get(`audio/${messageId}.${ext}`).catch((error: unknown) => {
        this.deps.log.warn({ err: error, messageId }, 'listen: reading kept speech failed');
        return null;
      });
      if (object) return { body: object.body, size: object.size, contentType: AUDIO_TYPES[ext] };
    }
    return null;
  }

  /** Asks the port, keeps the result; a failure is a 503 with the port's Russian text. */
  private async make(
    messageId: string,
    text: string,
    voice: ReturnType<typeof voiceFor>,
  ): Promise<{ audio: Buffer; contentType: string }> {
    const { tts, storage, log } = this.deps;
    let speech: { audio: Buffer; contentType: string };
    try {
      speech = await tts.synthesize({ text, voice });
    } catch (error) {
      log.warn({ err: error, messageId, adapter: tts.adapter }, 'listen: speech failed');
      throw errors.providerError(error instanceof TtsError ? error.userText : TTS_ERROR_TEXTS.unavailable);
    }
    const ext = EXT_OF[speech.contentType];
    if (!ext) {
      log.warn({ messageId, contentType: speech.contentType }, 'listen: speech of an unknown type');
      throw errors.providerError(TTS_ERROR_TEXTS.bad_response);
    }
    try {
      await storage.put(`audio/${messageId}.${ext}`, speech.audio, speech.contentType);
    } catch (error) {
      // Not kept this time: the user still hears it, the next press asks again.
      log.warn({ err: error, messageId }, 'listen: keeping speech failed');
    }
    return { audio: speech.audio, contentType: AUDIO_TYPES[ext] };
  }
}
