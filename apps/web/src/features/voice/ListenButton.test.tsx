import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { act, expectToast, render, screen, waitFor } from '../../test/render.tsx';
import { canListen, ListenButton } from './ListenButton.tsx';
import { VOICE_LABELS } from './labels.ts';
import { useListen } from './listen.ts';
import { configurePlayer, resetPlayer } from './player.ts';
import { VOICE_UI } from './texts.ts';

const A = '6f1c1f0e-4a8b-4c55-9a55-0c0a4d3e2b11';
const B = '0b7c2e44-13d2-4f7e-8f0d-6a1b2c3d4e5f';

/** An audio element whose play the test controls; jsdom has none that plays. */
function fakeAudio() {
  const audio = document.createElement('audio');
  let paused = true;
  Object.defineProperty(audio, 'paused', { get: () => paused });
  const play = vi.fn(async () => {
    paused = false;
  });
  audio.play = play;
  audio.pause = () => {
    paused = true;
    audio.dispatchEvent(new Event('pause'));
  };
  const end = () => {
    paused = true;
    audio.dispatchEvent(new Event('ended'));
  };
  return { audio, play, end };
}

function setup(
  fetchSpeech = vi.fn(async (_id: string) => new Blob([new Uint8Array([1, 2])], { type: 'audio/mpeg' })),
) {
  const player = fakeAudio();
  const created: string[] = [];
  configurePlayer({
    fetchSpeech,
    createAudio: () => player.audio,
    createUrl: () => {
      const url = `blob:her-${created.length}`;
      created.push(url);
      return url;
    },
    revokeUrl: () => {},
  });
  const view = render(
    <>
      <ListenButton messageId={A} />
      <ListenButton messageId={B} />
    </>,
  );
  const buttons = () => screen.getAllByRole('button');
  return { ...view, player, fetchSpeech, created, buttons };
}

beforeEach(() => useListen.setState({ loading: null, playing: null }));
afterEach(() => resetPlayer());

describe('«Послушать» on her messages', () => {
  it('only her messages stored on the server can be listened to', () => {
    expect(canListen(A)).toBe(true);
    expect(canListen('temp-abc-1')).toBe(false);
    expect(canListen('stream-temp-1')).toBe(false);
  });

  it('plays her message, stops on a second press, and fetches it once (cached)', async () => {
    const { user, player, fetchSpeech, buttons } = setup();
    expect(buttons().map((b) => b.getAttribute('aria-label'))).toEqual([
      VOICE_LABELS.listen,
      VOICE_LABELS.listen,
    ]);

    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(buttons()[0]?.getAttribute('aria-label')).toBe(VOICE_LABELS.stopListening));
    expect(player.audio.src).toBe('blob:her-0');
    expect(player.play).toHaveBeenCalledOnce();

    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(buttons()[0]?.getAttribute('aria-label')).toBe(VOICE_LABELS.listen));

    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(useListen.getState().playing).toBe(A));
    expect(fetchSpeech).toHaveBeenCalledOnce();
    expect(player.play).toHaveBeenCalledTimes(2);

    act(() => player.end());
    await waitFor(() => expect(buttons()[0]?.getAttribute('aria-label')).toBe(VOICE_LABELS.listen));
  });

  it('one audio element for the list: another message stops the one playing', async () => {
    const { user, player, fetchSpeech, buttons } = setup();
    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(useListen.getState().playing).toBe(A));
    await user.click(buttons()[1] as HTMLElement);
    await waitFor(() => expect(useListen.getState().playing).toBe(B));
    expect(buttons().map((b) => b.getAttribute('aria-label'))).toEqual([
      VOICE_LABELS.listen,
      VOICE_LABELS.stopListening,
    ]);
    expect(player.audio.src).toBe('blob:her-1');
    expect(fetchSpeech.mock.calls.map(([id]) => id)).toEqual([A, B]);
  });

  it('shows loading while her voice is fetched; a press then cancels it', async () => {
    let deliver: (blob: Blob) => void = () => {};
    const fetchSpeech = vi.fn(() => new Promise<Blob>((resolve) => (deliver = resolve)));
    const { user, player, buttons } = setup(fetchSpeech);
    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(buttons()[0]?.getAttribute('aria-busy')).toBe('true'));
    expect(buttons()[0]?.getAttribute('title')).toBe(VOICE_LABELS.listenLoading);
    await user.click(buttons()[0] as HTMLElement);
    await waitFor(() => expect(buttons()[0]?.getAttribute('aria-busy')).toBeNull());
    act(() => deliver(new Blob([new Uint8Array([1])])));
    await act(async () => {});
    expect(player.play).not.toHaveBeenCalled();
    expect(useListen.getState()).toMatchObject({ loading: null, playing: null });
  });

  it('a failure is a Russian toast: the server detail, else the default', async () => {
    const fetchSpeech = vi
      .fn()
      .mockRejectedValueOnce(ApiError.fromBody(503, { detail: 'Синтез речи недоступен' }))
      .mockRejectedValueOnce(ApiError.fromBody(500, null));
    const { user, buttons } = setup(fetchSpeech);
    await user.click(buttons()[0] as HTMLElement);
    await expectToast('Синтез речи недоступен');
    expect(buttons()[0]?.getAttribute('aria-label')).toBe(VOICE_LABELS.listen);
    await user.click(buttons()[0] as HTMLElement);
    await expectToast(VOICE_UI.listenFailed);
  });

  it('audio the browser cannot play is the default toast', async () => {
    const { user, player, buttons } = setup();
    player.play.mockRejectedValueOnce(new DOMException('unsupported', 'NotSupportedError'));
    await user.click(buttons()[0] as HTMLElement);
    await expectToast(VOICE_UI.listenFailed);
    expect(useListen.getState()).toMatchObject({ loading: null, playing: null });
  });
});
