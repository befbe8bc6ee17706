import { MEDIA_DIALOG_TEXTS, PREVIEW_CLIPS, promoCards } from '@podruga/shared';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { act, render, screen, within } from '../../../test/render.tsx';
import { PREVIEW_STILL_TEXT, VideoPreviewDialog } from './VideoPreviewDialog.tsx';

const CARDS = promoCards().map((c) => c.title);

let play: MockInstance<HTMLMediaElement['play']>;
beforeEach(() => {
  // jsdom plays nothing: play() is what the dialog asks of a player, and a test fires `ended` itself.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => {
  // Spies on the fake timers go first: restored after the real timers, they would bring the fakes back.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function open() {
  const onClose = vi.fn();
  const view = render(<VideoPreviewDialog opened onClose={onClose} />, { route: '/chat/c1' });
  return { ...view, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: MEDIA_DIALOG_TEXTS.videoPreviewTitle });
const players = () => within(dialog()).queryAllByTestId('preview-player') as HTMLVideoElement[];
const onScreen = () => {
  const active = players().filter((p) => p.hasAttribute('data-active'));
  expect(active, 'one player on screen').toHaveLength(1);
  return active[0] as HTMLVideoElement;
};
const waiting = () => players().find((p) => !p.hasAttribute('data-active')) as HTMLVideoElement;
const clipOf = (el: HTMLVideoElement) => el.getAttribute('src');
const card = () => {
  const overlay = within(dialog()).queryByTestId('promo-card');
  return overlay ? (CARDS.find((title) => overlay.textContent?.startsWith(title)) ?? '?') : null;
};
const preloaded = () =>
  within(dialog())
    .queryAllByTestId('preview-preload')
    .map((el) => el.getAttribute('src'));

describe('video preview dialog (001 §4)', () => {
  it('plays muted inline clips on two players, the next one loaded, swapping on each end through all 20', () => {
    open();
    expect(players()).toHaveLength(2);
    for (const p of players()) {
      expect(p.muted).toBe(true);
      expect(p.hasAttribute('playsinline')).toBe(true);
    }
    expect(onScreen().autoplay).toBe(true);
    expect(clipOf(onScreen())).toBe('/vids/001.mp4');
    expect(clipOf(waiting())).toBe('/vids/002.mp4');
    expect(waiting().getAttribute('preload')).toBe('auto');

    const order: (string | null)[] = [];
    for (let i = 0; i < 21; i++) {
      order.push(clipOf(onScreen()));
      const ended = onScreen();
      const calls = play.mock.calls.length;
      fireEvent.ended(ended);
      // The player that was waiting comes on and is told to play; the one that ended loads the next.
      expect(onScreen()).not.toBe(ended);
      expect(play.mock.calls.length).toBeGreaterThan(calls);
      expect(play.mock.contexts.at(-1)).toBe(onScreen());
    }
    expect(order).toEqual([...PREVIEW_CLIPS.map((c) => c.src), '/vids/001.mp4']);
  });

  it('shows no card on the first clip, cards 1–4 on two of every three of clips 2–12, then card 5', () => {
    open();
    const schedule: (string | null)[] = [];
    for (let clip = 1; clip <= 16; clip++) {
      schedule.push(card());
      fireEvent.ended(onScreen());
    }
    const [c1, c2, c3, c4, c5] = CARDS;
    expect(schedule).toEqual([
      null, // clip 1
      c1,
      c2,
      null,
      c3,
      c4,
      null,
      c1,
      c2,
      null,
      c3,
      c4, // clip 12
      c5,
      c5,
      c5,
      c5,
    ]);
    expect(within(dialog()).getByTestId('promo-card').textContent).toContain(promoCards()[4].text);
  });

  it('skips a clip that fails to load, on screen or waiting, without counting it as shown', () => {
    open();
    fireEvent.error(onScreen());
    expect(clipOf(onScreen())).toBe('/vids/002.mp4');
    expect(clipOf(waiting())).toBe('/vids/003.mp4');
    expect(card()).toBeNull();

    fireEvent.error(waiting());
    expect(clipOf(onScreen())).toBe('/vids/002.mp4');
    expect(clipOf(waiting())).toBe('/vids/004.mp4');

    fireEvent.ended(onScreen());
    expect(clipOf(onScreen())).toBe('/vids/004.mp4');
    expect(card()).toBe(CARDS[0]);
  });

  it('a clip whose preload fails is never put on a player', () => {
    open();
    const preload = within(dialog())
      .getAllByTestId('preview-preload')
      .find((el) => el.getAttribute('src') === '/vids/003.mp4') as HTMLVideoElement;
    fireEvent.error(preload);
    expect(preloaded()).not.toContain('/vids/003.mp4');
    fireEvent.ended(onScreen());
    expect(clipOf(onScreen())).toBe('/vids/002.mp4');
    expect(clipOf(waiting())).toBe('/vids/004.mp4');
  });

  it('when no clip can load, a still with words instead of a broken player', () => {
    open();
    for (let i = 0; i < PREVIEW_CLIPS.length; i++) {
      expect(players().length, `after ${i} failures`).toBeGreaterThan(0);
      fireEvent.error(onScreen());
    }
    expect(players()).toHaveLength(0);
    expect(preloaded()).toHaveLength(0);
    const still = within(dialog()).getByTestId('preview-still');
    expect(still.textContent).toContain(PREVIEW_STILL_TEXT);
    expect(still.textContent).toContain(CARDS[4]);
    expect(within(dialog()).getByRole('button', { name: MEDIA_DIALOG_TEXTS.upgrade })).toBeTruthy();
  });

  it('preloads the clips by priority at 0, 2, 4 and 6 s after opening', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    open();
    const ids = () => preloaded().map((src) => Number(src?.slice(6, 9)));
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(ids()).toEqual(upTo(5));
    act(() => vi.advanceTimersByTime(1999));
    expect(ids()).toEqual(upTo(5));
    act(() => vi.advanceTimersByTime(1));
    expect(ids()).toEqual(upTo(10));
    act(() => vi.advanceTimersByTime(2000));
    expect(ids()).toEqual(upTo(15));
    act(() => vi.advanceTimersByTime(2000));
    expect(ids()).toEqual(upTo(20));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closing stops the players and the preload timers; opening again starts from the first clip', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const { rerender, onClose } = open();
    const batches = set.mock.calls.flatMap((call, i) =>
      [2000, 4000, 6000].includes(call[1] as number) ? [set.mock.results[i]?.value] : [],
    );
    expect(batches).toHaveLength(3);
    fireEvent.ended(onScreen());
    fireEvent.ended(onScreen());

    rerender(<VideoPreviewDialog opened={false} onClose={onClose} />);
    expect(screen.queryAllByTestId('preview-player')).toHaveLength(0);
    const cleared = clear.mock.calls.map((call) => call[0]);
    for (const timer of batches) expect(cleared).toContain(timer);

    rerender(<VideoPreviewDialog opened onClose={onClose} />);
    expect(clipOf(onScreen())).toBe('/vids/001.mp4');
    expect(card()).toBeNull();
    expect(preloaded()).toHaveLength(5);
  });

  it('«Получить Plus» closes the dialog and leads to /plus', async () => {
    const { user, onClose, location } = open();
    await user.click(within(dialog()).getByRole('button', { name: MEDIA_DIALOG_TEXTS.upgrade }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(location().pathname).toBe('/plus');
  });
});
