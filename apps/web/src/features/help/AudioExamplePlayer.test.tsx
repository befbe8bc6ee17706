import { helpAudioUrl } from '@podruga/shared';
import { fireEvent } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { act, render, screen, within } from '../../test/render.tsx';
import { AudioExamplePlayer, clockTime, PLAYER_TEXTS } from './AudioExamplePlayer.tsx';

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;
beforeEach(() => {
  // jsdom plays nothing: the test answers play() and fires the media events a browser would.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    fireEvent.pause(this);
  });
});

const EXAMPLES = [
  {
    src: helpAudioUrl('voice01'),
    title: 'Голосовое: «Доброе утро»',
    caption: 'Так звучат её голосовые.',
    lines: ['Привет!'],
  },
  {
    src: helpAudioUrl('call'),
    title: 'Звонок',
    caption: 'Слышна только её сторона.',
    lines: ['Алло?', 'Пока!'],
  },
] as const;

function renderPlayers(count = 1) {
  return render(
    <div>
      {EXAMPLES.slice(0, count).map((example) => (
        <AudioExamplePlayer key={example.src} {...example} />
      ))}
    </div>,
  );
}

const player = (title: string) => screen.getByRole('figure', { name: title });
const audioOf = (title: string) => player(title).querySelector('audio') as HTMLAudioElement;
const button = (title: string) => within(player(title)).getByRole('button');
const time = (title: string) => within(player(title)).getByTestId('audio-time').textContent;

/** What a browser does once the recording's start arrives: its length, then playing. */
function started(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent.loadedMetadata(audio);
  fireEvent.playing(audio);
}

function at(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: seconds });
  fireEvent.timeUpdate(audio);
}

describe('the help guide’s audio player', () => {
  it('loads nothing before the press: no source, preload none', () => {
    renderPlayers();
    const audio = audioOf(EXAMPLES[0].title);
    expect(audio.getAttribute('src')).toBeNull();
    expect(audio.getAttribute('preload')).toBe('none');
    expect(button(EXAMPLES[0].title).getAttribute('aria-label')).toBe(
      `${PLAYER_TEXTS.play}: ${EXAMPLES[0].title}`,
    );
    expect(time(EXAMPLES[0].title)).toBe('0:00 / –:––');
    // The position is meaningless before the length is known.
    expect(within(player(EXAMPLES[0].title)).getByRole('slider').getAttribute('aria-disabled')).toBe('true');
    expect(play).not.toHaveBeenCalled();
  });

  it('plays on the press, shows progress and length, and pauses on the next press', async () => {
    const { user } = renderPlayers();
    const { title, src } = EXAMPLES[0];
    await user.click(button(title));
    const audio = audioOf(title);
    expect(audio.getAttribute('src')).toBe(src);
    expect(play).toHaveBeenCalledTimes(1);
    expect(button(title).getAttribute('aria-busy')).toBe('true');

    act(() => started(audio, 12.4));
    expect(button(title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.pause}: ${title}`);
    expect(button(title).hasAttribute('aria-busy')).toBe(false);
    expect(time(title)).toBe('0:00 / 0:12');
    act(() => at(audio, 5.7));
    expect(time(title)).toBe('0:05 / 0:12');
    const slider = within(player(title)).getByRole('slider', { name: `${PLAYER_TEXTS.position}: ${title}` });
    expect(slider.getAttribute('aria-valuenow')).toBe('5.7');
    expect(slider.getAttribute('aria-valuetext')).toBe('0:05 из 0:12');

    await user.click(button(title));
    expect(pause).toHaveBeenCalled();
    expect(button(title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.play}: ${title}`);

    // Played to the end: back to the start, ready to play again.
    await user.click(button(title));
    act(() => fireEvent.playing(audio));
    act(() => fireEvent.ended(audio));
    expect(time(title)).toBe('0:00 / 0:12');
    expect(button(title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.play}: ${title}`);
  });

  it('works from the keyboard: the button by Enter and Space, the position by the arrows', async () => {
    const { user } = renderPlayers();
    const { title } = EXAMPLES[0];
    await user.tab();
    expect(document.activeElement).toBe(button(title));
    await user.keyboard('{Enter}');
    expect(play).toHaveBeenCalledTimes(1);
    const audio = audioOf(title);
    act(() => started(audio, 20));
    await user.keyboard(' ');
    expect(button(title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.play}: ${title}`);

    const slider = within(player(title)).getByRole('slider');
    act(() => slider.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(audio.currentTime).toBe(3);
    expect(time(title)).toBe('0:03 / 0:20');
  });

  it('plays one example at a time', async () => {
    const { user } = renderPlayers(2);
    const [first, second] = EXAMPLES;
    await user.click(button(first.title));
    act(() => started(audioOf(first.title), 10));
    await user.click(button(second.title));
    expect(pause.mock.contexts).toContain(audioOf(first.title));
    expect(button(first.title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.play}: ${first.title}`);
    expect(button(second.title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.pause}: ${second.title}`);
  });

  it('says so when the recording cannot be had, and the next press asks again', async () => {
    const { user } = renderPlayers();
    const { title, src } = EXAMPLES[0];
    play.mockImplementationOnce(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    await user.click(button(title));
    expect((await within(player(title)).findByRole('alert')).textContent).toBe(PLAYER_TEXTS.failed);
    expect(button(title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.play}: ${title}`);

    const audio = audioOf(title);
    const assigned = vi.spyOn(audio, 'src', 'set');
    await user.click(button(title));
    expect(assigned).toHaveBeenCalledWith(src);
    expect(play).toHaveBeenCalledTimes(2);
    expect(within(player(title)).queryByRole('alert')).toBeNull();

    // A failure while loading (the server's 503) arrives as the element's error event.
    act(() => fireEvent.error(audio));
    expect(within(player(title)).getByRole('alert').textContent).toBe(PLAYER_TEXTS.failed);
  });

  it('a pause pressed while it loads is not a failure', async () => {
    const { user } = renderPlayers();
    const { title } = EXAMPLES[0];
    let reject: (error: unknown) => void = () => {};
    play.mockImplementationOnce(() => new Promise((_, no) => (reject = no)));
    await user.click(button(title));
    await user.click(button(title));
    await act(async () => reject(new DOMException('paused', 'AbortError')));
    expect(within(player(title)).queryByRole('alert')).toBeNull();
    expect(button(title).getAttribute('aria-label')).toBe(`${PLAYER_TEXTS.play}: ${title}`);
  });

  it('shows what she says under «Текст»', async () => {
    const { user } = renderPlayers(2);
    const { title } = EXAMPLES[1];
    const details = player(title).querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(within(player(title)).getByText(PLAYER_TEXTS.transcript));
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('Алло?');
    expect(details.textContent).toContain('Пока!');
  });

  it('stops when the guide closes', async () => {
    const { user, unmount } = renderPlayers();
    await user.click(button(EXAMPLES[0].title));
    pause.mockClear();
    unmount();
    expect(pause).toHaveBeenCalledTimes(1);
  });
});

describe('clockTime', () => {
  it('is minutes and two-digit seconds', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(9.9)).toBe('0:09');
    expect(clockTime(75.4)).toBe('1:15');
    expect(clockTime(-3)).toBe('0:00');
  });
});
