import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../test/api.ts';
import { act, expectToast, render, screen, waitFor } from '../../test/render.tsx';
import { TRANSCRIBE_PATH, transcribe } from './api.ts';
import { sttMode } from './store.ts';
import { type FakeMic, type FakeRecognitionControl, fakeMic, fakeRecognition } from './testing.ts';
import { VOICE_TEXTS, VOICE_UI } from './texts.ts';
import type { VoiceRecorderEnv } from './useVoiceRecorder.ts';
import { VoiceRecorderDialog } from './VoiceRecorderDialog.tsx';

const TRANSCRIBE = `POST ${TRANSCRIBE_PATH}`;
const said = (text: string) => () => ({ success: true, transcription: { text, confidence: 0.93 } });

function show({
  mic = fakeMic(),
  recognition = null,
}: {
  mic?: FakeMic | null;
  recognition?: FakeRecognitionControl | null;
} = {}) {
  const env = (): VoiceRecorderEnv => ({
    recorder: mic?.env ?? { MediaRecorder: undefined, getUserMedia: undefined },
    recognition: recognition?.Ctor ?? null,
    transcribe,
  });
  const onSend = vi.fn();
  const onClose = vi.fn();
  const view = render(<VoiceRecorderDialog opened onClose={onClose} onSend={onSend} env={env} />);
  return { ...view, onSend, onClose, mic, recognition };
}

const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => sttMode.reset());
afterEach(() => vi.useRealTimers());

describe('the voice message recorder', () => {
  it('records, uploads the webm, sends the text as the user message and toasts its first 50 characters', async () => {
    const text = 'Привет! Сегодня был очень длинный день, и я хочу рассказать тебе всё по порядку.';
    let uploaded: File | null = null;
    const stub = stubApi({
      [TRANSCRIBE]: (options) => {
        uploaded = options.formData?.get('file') as File;
        return said(text)();
      },
    });
    const { user, onSend, onClose, mic } = show();
    expect(screen.getByText(VOICE_UI.readyHint(60))).toBeTruthy();

    await user.click(button(VOICE_UI.start));
    expect(await screen.findByRole('timer', { name: VOICE_UI.recording })).toHaveProperty(
      'textContent',
      '● 0:00 / 1:00',
    );
    await user.click(button(VOICE_UI.stop));

    await waitFor(() => expect(onSend).toHaveBeenCalledWith(text));
    expect(onClose).toHaveBeenCalled();
    expect(stub.calls).toEqual([TRANSCRIBE]);
    expect((uploaded as File | null)?.type).toBe('audio/webm');
    expect(mic?.stoppedTracks()).toBe(1);
    await expectToast(`Распознано: ${[...text].slice(0, 50).join('')}…`);
  });

  it('a short text is toasted whole', async () => {
    stubApi({ [TRANSCRIBE]: said('Как дела?') });
    const { user, onSend } = show();
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Как дела?'));
    await expectToast('Распознано: Как дела?');
  });

  it('stops itself at 60 s and sends what it recorded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const stub = stubApi({ [TRANSCRIBE]: said('шестьдесят секунд') });
    const { onSend } = show();
    fireEvent.click(button(VOICE_UI.start));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const timer = screen.getByRole('timer');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(timer.textContent).toBe('● 0:30 / 1:00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_999);
    });
    expect(stub.calls).toEqual([]);
    expect(screen.getByRole('timer').textContent).toBe('● 0:59 / 1:00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(stub.calls).toEqual([TRANSCRIBE]);
    expect(onSend).toHaveBeenCalledWith('шестьдесят секунд');
  });

  it('shows processing while the server recognises', async () => {
    let answer: (value: unknown) => void = () => {};
    stubApi({ [TRANSCRIBE]: () => new Promise((resolve) => (answer = resolve)) });
    const { user, onSend } = show();
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect(await screen.findByText(VOICE_UI.processing)).toBeTruthy();
    answer(said('готово')());
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('готово'));
  });

  it('a refused microphone says so; «Попробовать снова» asks again', async () => {
    const { user, mic } = show({ mic: fakeMic({ deny: true }) });
    await user.click(button(VOICE_UI.start));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.startFailed);
    await user.click(button(VOICE_UI.retry));
    await waitFor(() => expect(mic?.constraints).toHaveLength(2));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.startFailed);
  });

  it('a browser that neither records nor recognises says so', async () => {
    const { user } = show({ mic: null });
    await user.click(button(VOICE_UI.start));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.notSupported);
  });

  it('no audio recorded says so and uploads nothing', async () => {
    const stub = stubApi({});
    const { user } = show({ mic: fakeMic({ empty: true }) });
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.noAudio);
    expect(stub.calls).toEqual([]);
  });

  it('an empty transcription is «Не удалось распознать речь» and nothing is sent', async () => {
    stubApi({ [TRANSCRIBE]: said('   ') });
    const { user, onSend } = show();
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.notRecognised);
    expect(onSend).not.toHaveBeenCalled();
  });

  it.each([
    [apiError(400, { detail: VOICE_TEXTS.badAudio }), VOICE_TEXTS.badAudio],
    [apiError(401, { detail: VOICE_TEXTS.authRequired }), VOICE_TEXTS.authRequired],
    [apiError(413, { detail: 'Слишком длинное сообщение' }), 'Слишком длинное сообщение'],
    [new Error('boom'), VOICE_TEXTS.failed],
  ])('a failed transcription shows the server detail or the generic text (%#)', async (error, text) => {
    stubApi({
      [TRANSCRIBE]: () => {
        throw error;
      },
    });
    const { user, onSend } = show();
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('503 (no speech service): the browser recognises from then on, live, with nothing uploaded', async () => {
    const stub = stubApi({
      [TRANSCRIBE]: () => {
        throw apiError(503, { detail: VOICE_TEXTS.unavailable });
      },
    });
    const recognition = fakeRecognition();
    const { user, onSend } = show({ recognition });
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect(await screen.findByText(VOICE_UI.retryInBrowser)).toBeTruthy();
    expect(sttMode.serverMissing()).toBe(true);
    expect(recognition.made).toHaveLength(0);

    await user.click(button(VOICE_UI.start));
    await screen.findByRole('timer');
    expect(recognition.current()).toMatchObject({ lang: 'ru-RU', started: true });
    act(() => recognition.current().hear('Привет, как ты', false));
    expect(await screen.findByText('Привет, как ты')).toBeTruthy();
    act(() => recognition.current().hear('Привет, как ты?'));
    await user.click(button(VOICE_UI.stop));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Привет, как ты?'));
    expect(stub.calls).toEqual([TRANSCRIBE]);
  });

  it('the server known to have no speech service: the first recording is recognised by the browser', async () => {
    sttMode.markServerMissing();
    const stub = stubApi({});
    const recognition = fakeRecognition();
    const { user, onSend, mic } = show({ recognition });
    expect(screen.getByText(VOICE_UI.browserHint)).toBeTruthy();
    await user.click(button(VOICE_UI.start));
    await screen.findByRole('timer');
    act(() => recognition.current().hear('без сервера'));
    await user.click(button(VOICE_UI.stop));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('без сервера'));
    expect(mic?.constraints).toEqual([]);
    expect(stub.calls).toEqual([]);
  });

  it('503 with no recogniser in the browser is the spec 503 text, and stays so', async () => {
    stubApi({
      [TRANSCRIBE]: () => {
        throw apiError(503, { detail: VOICE_TEXTS.unavailable });
      },
    });
    const { user } = show();
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.unavailable);
    await user.click(button(VOICE_UI.retry));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.unavailable);
  });

  it('the browser hearing nothing is «Не удалось распознать речь»', async () => {
    sttMode.markServerMissing();
    const recognition = fakeRecognition();
    const { user, onSend } = show({ recognition });
    await user.click(button(VOICE_UI.start));
    await user.click(await screen.findByRole('button', { name: VOICE_UI.stop }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.notRecognised);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('the browser refusing the microphone mid-way ends the recording with the permission text', async () => {
    sttMode.markServerMissing();
    const recognition = fakeRecognition();
    const { user } = show({ recognition });
    await user.click(button(VOICE_UI.start));
    await screen.findByRole('timer');
    act(() => recognition.current().fail('not-allowed'));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXTS.startFailed);
  });

  it('«Отменить» while recording drops it: microphone released, nothing sent, dialog closed', async () => {
    const stub = stubApi({});
    const { user, onSend, onClose, mic } = show();
    await user.click(button(VOICE_UI.start));
    await screen.findByRole('timer');
    await user.click(button(VOICE_UI.cancel));
    expect(onClose).toHaveBeenCalled();
    expect(mic?.recorders[0]?.state).toBe('inactive');
    expect(mic?.stoppedTracks()).toBe(1);
    expect(onSend).not.toHaveBeenCalled();
    expect(stub.calls).toEqual([]);
  });
});
