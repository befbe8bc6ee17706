import {
  type CatalogueItem,
  CRISIS_PAGE_PATH,
  LIMIT_TIERS,
  PREVIEW_CLIPS,
  TIER_LIMITS,
} from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { act, render, screen, waitFor, within } from '../../test/render.tsx';
import { useSupportDialog } from '../support/supportStore.ts';
import { PLAYER_TEXTS } from './AudioExamplePlayer.tsx';
import { audioExamples, CRISIS_LINK_TEXT } from './guide.ts';
import { HelpDialog } from './HelpDialog.tsx';
import { useHelpDialog } from './helpStore.ts';
import { VIDEO_EXAMPLE, VIDEO_EXAMPLE_TEXTS } from './VideoExample.tsx';

const portrait = (id: string, name: string, image: string | null) =>
  ({ id, name, image, summary: '', age: 25 }) as unknown as CatalogueItem;

/** The server's answer to the guide's HEAD for its video example. */
let clipStatus = 404;
let clipRequests: Array<{ url: string; method: string | undefined }> = [];
beforeEach(() => {
  clipStatus = 404;
  clipRequests = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    clipRequests.push({ url: String(input), method: init?.method });
    return new Response(null, { status: clipStatus });
  });
});

function openGuide(
  items: CatalogueItem[] = [portrait('mia', 'Мия', 'mia.png'), portrait('eva', 'Ева', null)],
) {
  stubApi({ 'GET /api/catalogue': () => ({ items }) });
  const view = render(<HelpDialog />);
  act(() => useHelpDialog.getState().open());
  return view;
}

const guide = () => screen.getByRole('dialog', { name: 'Как всё устроено' });
const preview = () => screen.queryByRole('dialog', { name: 'Мия' });

afterEach(() => {
  act(() => {
    useHelpDialog.getState().close();
    useSupportDialog.getState().close();
  });
});

describe('help guide (001 §2 Dialogs)', () => {
  it('has 9 sections (001 §2’s 8 and the care section), each with a heading, and a way to each from the top', () => {
    openGuide();
    const sections = within(guide()).getAllByTestId('help-section');
    expect(sections).toHaveLength(9);
    const titles = sections.map((s) => within(s).getByRole('heading').textContent);
    const nav = within(guide()).getByRole('navigation', { name: 'Разделы' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(titles);
  });

  it('the care section links the crisis page; following it closes the guide (issue 27)', async () => {
    const { user, location } = openGuide();
    const care = within(guide()).getByRole('region', { name: 'Если тебе тяжело' });
    expect(within(care).getByText(/выйдет из роли/)).toBeTruthy();
    await user.click(within(care).getByRole('link', { name: CRISIS_LINK_TEXT }));
    expect(location().pathname).toBe(CRISIS_PAGE_PATH);
    expect(screen.queryByRole('dialog', { name: 'Как всё устроено' })).toBeNull();
  });

  it('shows the limits of the tiers one can reach, with the numbers of TIER_LIMITS', () => {
    openGuide();
    const table = within(guide()).getByRole('table', { name: 'Лимиты по тарифам' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const rows = within(table).getAllByRole('row').slice(1);
    const messages = rows.find((r) => within(r).getByRole('rowheader').textContent === 'Сообщения');
    const companions = rows.find((r) => within(r).getByRole('rowheader').textContent === 'Подруги');
    const cells = (row: HTMLElement | undefined) =>
      row
        ? within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent)
        : [];
    // Guest, account, confirmed e-mail, the installed app, and Plus and VIP since they can be bought.
    expect(header.slice(1)).toEqual(['Гость', 'Аккаунт', 'Почта подтверждена', 'Приложение', 'Plus', 'VIP']);
    const shown = ['guest', 'free', 'verified', 'pwa', 'plus', 'vip'] as const;
    expect(cells(messages)).toEqual(shown.map((t) => `${TIER_LIMITS[t].messagesPerDay}/день`));
    expect(cells(companions)).toEqual(['1', '3', '3', '3', 'Безлимитно', 'Безлимитно']);
    expect(LIMIT_TIERS).toEqual(expect.arrayContaining([...shown]));
  });

  it('shows the app’s own portraits as examples; a preview closes on Escape, the backdrop and its button', async () => {
    const { user } = openGuide();
    const open = await within(guide()).findByRole('button', { name: 'Открыть портрет: Мия' });
    // A portrait not drawn yet is left out.
    expect(within(guide()).queryByRole('button', { name: 'Открыть портрет: Ева' })).toBeNull();

    await user.click(open);
    expect(
      within(preview() as HTMLElement)
        .getByRole('img')
        .getAttribute('src'),
    ).toBe('/pics/mia.png');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(preview()).toBeNull());
    expect(useHelpDialog.getState().opened).toBe(true);

    await user.click(open);
    const overlay = document.querySelectorAll('.mantine-Modal-overlay');
    await user.click(overlay[overlay.length - 1] as HTMLElement);
    await waitFor(() => expect(preview()).toBeNull());
    expect(useHelpDialog.getState().opened).toBe(true);

    await user.click(open);
    await user.click(within(preview() as HTMLElement).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(preview()).toBeNull());
    expect(useHelpDialog.getState().opened).toBe(true);
  });

  it('says so when no portrait is drawn yet', async () => {
    openGuide([portrait('eva', 'Ева', null)]);
    expect(
      await within(guide()).findByText('Примеры появятся, как только генератор их нарисует.'),
    ).toBeTruthy();
  });

  it('tells how to send a voice message and how to call her (the only buttons are the examples)', () => {
    openGuide();
    const section = within(guide()).getByRole('region', { name: /Голосовые сообщения и звонки/ });
    expect(section.textContent).toContain('Нажми на микрофон');
    expect(section.textContent).toContain('Позвони ей из чата');
    expect(section.textContent).not.toMatch(/Скоро/);
    // The only buttons are the audio examples' players.
    const buttons = within(section).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(
      audioExamples().map((example) => `${PLAYER_TEXTS.play}: ${example.title}`),
    );
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('has her voice’s three examples in the voice section, loaded only when pressed', () => {
    openGuide();
    const section = within(guide()).getByRole('region', { name: /Голосовые сообщения и звонки/ });
    const players = within(section).getAllByRole('figure');
    expect(players.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Голосовое: «Доброе утро»',
      'Голосовое: «Как прошёл день?»',
      'Звонок',
    ]);
    // The call sample says it is her side only.
    expect(players[2]?.textContent).toContain('Слышна только её сторона разговора');
    const audios = [...section.querySelectorAll('audio')];
    expect(audios).toHaveLength(3);
    expect(audios.every((a) => a.getAttribute('preload') === 'none' && !a.hasAttribute('src'))).toBe(true);
  });

  it('shows a preview clip as the video example once the server has it: her portrait as poster, loaded on play', async () => {
    clipStatus = 200;
    openGuide();
    const section = within(guide()).getByRole('region', { name: /Видео/ });
    const example = await within(section).findByTestId('video-example');
    expect(clipRequests).toEqual([{ url: VIDEO_EXAMPLE.src, method: 'HEAD' }]);
    const video = within(example).getByLabelText(VIDEO_EXAMPLE_TEXTS.label) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/vids/001.mp4');
    expect(VIDEO_EXAMPLE).toEqual({ id: PREVIEW_CLIPS[0]?.id, src: PREVIEW_CLIPS[0]?.src });
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.hasAttribute('controls')).toBe(true);
    // Clip 1 is made from the first ready-made companion's portrait.
    expect(video.getAttribute('poster')).toBe('/pics/mia.png');
    expect(example.getAttribute('data-variant')).toBe('wide');
  });

  it('on a phone the video example takes the mobile variant', async () => {
    clipStatus = 200;
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 36em'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    openGuide();
    await waitFor(() =>
      expect(within(guide()).getByTestId('video-example').getAttribute('data-variant')).toBe('mobile'),
    );
  });

  it('has no video example while the server has no clip (404)', async () => {
    openGuide();
    await waitFor(() => expect(clipRequests).toHaveLength(1));
    // The portraits have arrived: the guide has drawn what it will draw.
    await within(guide()).findByRole('button', { name: 'Открыть портрет: Мия' });
    expect(within(guide()).queryByTestId('video-example')).toBeNull();
  });

  it('«Написать в поддержку» closes the guide and opens the support form', async () => {
    const { user } = openGuide();
    await user.click(within(guide()).getByRole('button', { name: 'Написать в поддержку' }));
    expect(useHelpDialog.getState().opened).toBe(false);
    expect(useSupportDialog.getState()).toMatchObject({ opened: true, presetType: null, locked: false });
  });
});
