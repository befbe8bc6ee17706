import { describe, expect, it, vi } from 'vitest';
import { recognitionErrorText, speechRecognitionCtor, startLiveRecognition } from './recognition.ts';
import { fakeRecognition } from './testing.ts';
import { VOICE_TEXTS } from './texts.ts';

describe('the browser recogniser', () => {
  it('is SpeechRecognition, else webkitSpeechRecognition, else none', () => {
    const a = fakeRecognition().Ctor;
    const b = fakeRecognition().Ctor;
    expect(speechRecognitionCtor({ SpeechRecognition: a, webkitSpeechRecognition: b })).toBe(a);
    expect(speechRecognitionCtor({ webkitSpeechRecognition: b })).toBe(b);
    expect(speechRecognitionCtor({})).toBeNull();
    expect(speechRecognitionCtor(undefined)).toBeNull();
  });

  it('listens in Russian, continuously, and gives the words so far, interim ones too', async () => {
    const fake = fakeRecognition();
    const onText = vi.fn();
    const live = startLiveRecognition(fake.Ctor, onText);
    const r = fake.current();
    expect(r).toMatchObject({ lang: 'ru-RU', continuous: true, interimResults: true, started: true });
    r.hear('привет', true);
    r.hear('как де', false);
    expect(onText).toHaveBeenLastCalledWith('привет как де');
    r.hear('как дела', true);
    expect(onText).toHaveBeenLastCalledWith('привет как дела');
    await expect(live.stop()).resolves.toBe('привет как дела');
  });

  it('starts again when the browser ends by itself after a pause, keeping what it heard', async () => {
    const fake = fakeRecognition();
    const live = startLiveRecognition(fake.Ctor, () => {});
    fake.current().hear('первая фраза');
    fake.current().endByItself();
    await Promise.resolve();
    expect(fake.made).toHaveLength(2);
    expect(fake.current().started).toBe(true);
    fake.current().hear('вторая');
    await expect(live.stop()).resolves.toBe('первая фраза вторая');
  });

  it('nothing heard is «Не удалось распознать речь»', async () => {
    const live = startLiveRecognition(fakeRecognition().Ctor, () => {});
    await expect(live.stop()).rejects.toThrow(VOICE_TEXTS.notRecognised);
  });

  it('a refused microphone ends it with the permission text and tells the caller', async () => {
    const fake = fakeRecognition();
    const onFailed = vi.fn();
    const live = startLiveRecognition(fake.Ctor, () => {}, onFailed);
    fake.current().fail('not-allowed');
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledOnce());
    expect(fake.made).toHaveLength(1);
    await expect(live.stop()).rejects.toThrow(VOICE_TEXTS.startFailed);
  });

  it('a start the browser refuses is the permission text', () => {
    expect(() => startLiveRecognition(fakeRecognition({ startThrows: true }).Ctor, () => {})).toThrow(
      VOICE_TEXTS.startFailed,
    );
  });

  it('words its error codes with 001 §8', () => {
    expect(recognitionErrorText('aborted')).toBeNull();
    expect(recognitionErrorText('service-not-allowed')).toBe(VOICE_TEXTS.startFailed);
    expect(recognitionErrorText('audio-capture')).toBe(VOICE_TEXTS.startFailed);
    expect(recognitionErrorText('no-speech')).toBe(VOICE_TEXTS.notRecognised);
    expect(recognitionErrorText('network')).toBe(VOICE_TEXTS.unavailable);
    expect(recognitionErrorText('something-new')).toBe(VOICE_TEXTS.notRecognised);
  });
});
