import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type MessageRow, messages } from '../../db/schema/index.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { SynthesisRequest, TtsPort } from '../../providers/tts/port.ts';
import { TTS_ERROR_TEXTS, TtsError } from '../../providers/tts/port.ts';
import { useTestApp } from '../../test/app.ts';
import { createCompanionWithChat } from '../../test/factories.ts';
import { bearer, expectError, guest } from '../../test/http.ts';
import { voiceFor } from './her-voice.ts';
import { LISTEN_TEXTS, MAX_SPOKEN_CHARS, speakableText } from './listen.service.ts';

const MP3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.alloc(300, 0xfb)]);

/** A speech port that records what it is asked and answers MP3, or fails while `failWith` is set. */
class FakeTts implements TtsPort {
  readonly adapter = 'fake';
  readonly offline = false;
  readonly calls: SynthesisRequest[] = [];
  failWith: TtsError | Error | undefined;
  /** Held answers: each call waits for `release()` when set. */
  hold: Promise<void> | undefined;
  describe = () => 'tts: fake';
  async synthesize(request: SynthesisRequest) {
    this.calls.push(request);
    await this.hold;
    if (this.failWith) throw this.failWith;
    return { audio: MP3, contentType: 'audio/mpeg' };
  }
}

const tts = new FakeTts();
const t = useTestApp({ deps: { tts } });
beforeEach(() => {
  tts.calls.length = 0;
  tts.failWith = undefined;
  tts.hold = undefined;
});

/** A guest with a companion, her greeting and the guest's own message. */
async function guestWithHer(address = '10.1.0.1') {
  const auth = await guest(t.app, address);
  const { character, chat } = await createCompanionWithChat(t.database, auth.user_id);
  const rows = await t.database.db.select().from(messages).where(eq(messages.chatId, chat.id));
  const hers = rows.find((row) => !row.isUser) as MessageRow;
  const mine = rows.find((row) => row.isUser) as MessageRow;
  return { token: auth.access_token, userId: auth.user_id, character, chat, hers, mine };
}

const storage = () => t.app.providers.storage as StoragePort;

const listen = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/messages/${id}/speech`, headers: token ? bearer(token) : {} });

async function setContent(id: string, content: string) {
  await t.database.db
    .update(messages)
    .set({ content })
    .where(and(eq(messages.id, id)));
}

describe('GET /api/messages/{id}/speech', () => {
  it('speaks her message in her voice, keeps it, and serves the kept one without asking again', async () => {
    tts.calls.length = 0;
    tts.failWith = undefined;
    const { token, hers, character } = await guestWithHer();
    const first = await listen(hers.id, token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(first.rawPayload).toEqual(MP3);
    expect(tts.calls).toHaveLength(1);
    expect(tts.calls[0]?.text).toBe('Привет, рада тебя видеть!');
    expect(tts.calls[0]?.voice).toEqual(voiceFor(character));
    expect(await storage().get(`audio/${hers.id}.mp3`)).not.toBeNull();

    const second = await listen(hers.id, token);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('audio/mpeg');
    expect(second.headers['content-length']).toBe(String(MP3.length));
    expect(second.rawPayload).toEqual(MP3);
    expect(tts.calls).toHaveLength(1);
  });

  it('speaks the text cleaned: no emoji, no markers', async () => {
    tts.calls.length = 0;
    const { token, hers } = await guestWithHer();
    await setContent(hers.id, 'Смотри 😍 *улыбается* [Image: закат над морем] Красиво, правда? 🌅))');
    expect((await listen(hers.id, token)).statusCode).toBe(200);
    expect(tts.calls[0]?.text).toBe('Смотри улыбается Красиво, правда?');
  });

  it('a message with nothing to say is a 400 with a Russian text', async () => {
    const { token, hers } = await guestWithHer();
    await setContent(hers.id, '😘💋 ❤️');
    expectError(await listen(hers.id, token), 400, 'validation_failed', LISTEN_TEXTS.nothingToSpeak);
  });

  it('the user’s own message, another user’s, an unknown id and a malformed one are 404', async () => {
    const { token, mine } = await guestWithHer('10.1.0.2');
    const other = await guestWithHer('10.1.0.3');
    expect((await listen(mine.id, token)).statusCode).toBe(404);
    expect((await listen(other.hers.id, token)).statusCode).toBe(404);
    expect((await listen('00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(404);
    expect((await listen('not-a-uuid', token)).statusCode).toBe(404);
    // The owner still hears it.
    expect((await listen(other.hers.id, other.token)).statusCode).toBe(200);
  });

  it('a reply still streaming has no speech yet', async () => {
    const { token, hers } = await guestWithHer();
    await t.database.db.update(messages).set({ isStreaming: true }).where(eq(messages.id, hers.id));
    expect((await listen(hers.id, token)).statusCode).toBe(404);
  });

  it('without a session: 401', async () => {
    const { hers } = await guestWithHer();
    expect((await listen(hers.id)).statusCode).toBe(401);
  });

  it('the speech service failing is a 503 with its Russian text; nothing is kept; a later press works', async () => {
    tts.calls.length = 0;
    const { token, hers } = await guestWithHer();
    tts.failWith = new TtsError('rate_limited', 429);
    expectError(await listen(hers.id, token), 503, 'provider_error', TTS_ERROR_TEXTS.rate_limited);
    tts.failWith = new Error('socket hang up');
    expectError(await listen(hers.id, token), 503, 'provider_error', TTS_ERROR_TEXTS.unavailable);
    expect(await storage().get(`audio/${hers.id}.mp3`)).toBeNull();
    tts.failWith = undefined;
    expect((await listen(hers.id, token)).statusCode).toBe(200);
    expect(tts.calls).toHaveLength(3);
  });

  it('two presses at once make the speech once', async () => {
    tts.calls.length = 0;
    const { token, hers } = await guestWithHer();
    let release = () => {};
    tts.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const both = Promise.all([listen(hers.id, token), listen(hers.id, token)]);
    while (tts.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    release();
    const [a, b] = await both;
    tts.hold = undefined;
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.rawPayload).toEqual(MP3);
    expect(tts.calls).toHaveLength(1);
  });

  it('is limited per user, with a Russian text', async () => {
    const { token, hers } = await guestWithHer();
    for (let i = 0; i < 60; i++) expect((await listen(hers.id, token)).statusCode).toBe(200);
    expectError(await listen(hers.id, token), 429, 'rate_limited', LISTEN_TEXTS.tooMany);
  });
});

describe('GET /api/messages/{id}/speech with the offline voice', () => {
  const offline = useTestApp();

  it('serves a WAV of her Russian speech, kept as audio/<id>.wav', async () => {
    const auth = await guest(offline.app);
    const { chat } = await createCompanionWithChat(offline.database, auth.user_id);
    const [hers] = await offline.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.isUser, false)));
    const res = await offline.app.inject({
      method: 'GET',
      url: `/api/messages/${hers?.id}/speech`,
      headers: bearer(auth.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = res.rawPayload;
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40) / 2 / wav.readUInt32LE(24)).toBeGreaterThan(0.5);
    const again = await offline.app.inject({
      method: 'GET',
      url: `/api/messages/${hers?.id}/speech`,
      headers: bearer(auth.access_token),
    });
    expect(again.headers['content-type']).toBe('audio/wav');
    expect(again.rawPayload).toEqual(wav);
  });
});

describe('speakableText', () => {
  it('drops emoji, skin tones, flags, keycaps and emoticons', () => {
    expect(speakableText('Привет 👋🏽 🇷🇺 ❤️‍🔥 :) ;-) <3 как ты?)))')).toBe('Привет как ты?');
  });

  it('punctuation alone is nothing to say', () => {
    expect(speakableText('... ?! 😶')).toBe('');
  });

  it('drops markers, links and markdown marks', () => {
    expect(
      speakableText('[Image: кошка на диване] Смотри **какая** https://example.com/x ~милая~ `кошка`'),
    ).toBe('Смотри какая милая кошка');
  });

  it('keeps at most 1,000 characters, cut at a sentence', () => {
    const sentence = 'Я думала о тебе весь вечер и никак не могла уснуть. ';
    const text = speakableText(sentence.repeat(40));
    expect(text.length).toBeLessThanOrEqual(MAX_SPOKEN_CHARS);
    expect(text.length).toBeGreaterThan(MAX_SPOKEN_CHARS / 2);
    expect(text.endsWith('уснуть.')).toBe(true);
  });

  it('cuts a text without sentences at a word', () => {
    const text = speakableText('слово '.repeat(300));
    expect(text.length).toBeLessThanOrEqual(MAX_SPOKEN_CHARS);
    expect(text.endsWith('слово')).toBe(true);
  });
});
