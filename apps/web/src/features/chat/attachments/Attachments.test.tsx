import { type User, VOICE_CALL_TEXTS } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../../test/api.ts';
import { act, expectToast, render, screen, waitFor, within } from '../../../test/render.tsx';
import { useAuth } from '../../auth/store.ts';
import { VOICE_CALL_PATHS } from '../../voice/call/api.ts';
import { useVoiceCall } from '../../voice/call/store.ts';
import { useVoiceDialog } from '../../voice/store.ts';
import { useMediaDialogs } from '../mediaDialogs.ts';
import { Attachments, NARROW_ATTACHMENTS_QUERY } from './Attachments.tsx';

const LIVE = { companionPhotos: true, videos: true };
const DAY = 24 * 60 * 60 * 1000;
const FREE: User = { ...SAMPLE_USER, membership_type: 'free', membership_expiry: null };
const PLUS: User = {
  ...SAMPLE_USER,
  membership_type: 'plus',
  membership_expiry: new Date(Date.now() + 30 * DAY).toISOString(),
};
const EXPIRED_PLUS: User = { ...PLUS, membership_expiry: new Date(Date.now() - DAY).toISOString() };

const setupMatchMedia = window.matchMedia;
/** A screen `narrow` or not for the attachments' query; every other query answers "no match". */
function screenWidth(narrow: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      ...setupMatchMedia(query),
      matches: narrow && query === NARROW_ATTACHMENTS_QUERY,
    }),
  });
}

function show({
  narrow = false,
  features = LIVE,
  user = FREE,
}: {
  narrow?: boolean;
  features?: typeof LIVE & { voiceMessages?: boolean; voiceCalls?: boolean };
  user?: User;
} = {}) {
  screenWidth(narrow);
  useAuth.setState({ token: 't', user, isAuthenticated: true, isInitialized: true });
  const onAttachPhoto = vi.fn();
  const view = render(<Attachments onAttachPhoto={onAttachPhoto} features={features} />);
  return { ...view, onAttachPhoto };
}

const buttonNames = () => screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label'));
const opened = () => useMediaDialogs.getState().open;

beforeEach(() => {
  useMediaDialogs.setState({ open: null, ever: [] });
});
afterEach(() => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: setupMatchMedia });
  useAuth.setState({ token: null, user: null, isAuthenticated: false });
});

describe('attachments on a wide screen (000 §2: inline buttons)', () => {
  it('shows the photo upload, the photo tips and the video button beside the input', async () => {
    const { user, onAttachPhoto } = show();
    expect(buttonNames()).toEqual(['Отправить фото', 'Попросить фото', 'Видео']);
    expect(screen.queryByRole('button', { name: 'Вложения' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Отправить фото' }));
    expect(onAttachPhoto).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Попросить фото' }));
    expect(opened()).toBe('imageInstructions');
  });

  it('the video button: Plus gets the video tips, free, guest and lapsed Plus the preview (000 §4)', async () => {
    for (const [who, expected] of [
      [PLUS, 'videoInstructions'],
      [FREE, 'videoPreview'],
      [{ ...FREE, membership_type: 'guest', email: null } as User, 'videoPreview'],
      [EXPIRED_PLUS, 'videoPreview'],
    ] as const) {
      useMediaDialogs.setState({ open: null });
      const { user, unmount } = show({ user: who });
      await user.click(screen.getByRole('button', { name: 'Видео' }));
      expect(opened(), who.membership_type).toBe(expected);
      unmount();
    }
  });

  it('reads Plus at the tap: access bought after the chat opened counts', async () => {
    const { user } = show({ user: FREE });
    act(() => useAuth.setState({ user: PLUS }));
    await user.click(screen.getByRole('button', { name: 'Видео' }));
    expect(opened()).toBe('videoInstructions');
  });

  it('offers only what is live: with photos and videos of her off, the upload alone', () => {
    show({ features: { companionPhotos: false, videos: false } });
    expect(buttonNames()).toEqual(['Отправить фото']);
  });
});

describe('attachments on a narrow screen (000 §2: the "+" menu)', () => {
  const plus = () => screen.getByRole('button', { name: 'Вложения' });
  const items = () => within(screen.getByRole('menu', { name: 'Вложения' })).getAllByRole('menuitem');

  it('one "+" button opens a menu of the same three, the first one focused', async () => {
    const { user } = show({ narrow: true });
    expect(buttonNames()).toEqual(['Вложения']);
    expect(plus().getAttribute('aria-haspopup')).toBe('menu');
    expect(plus().getAttribute('aria-expanded')).toBe('false');

    await user.click(plus());
    expect(plus().getAttribute('aria-expanded')).toBe('true');
    expect(items().map((i) => i.textContent)).toEqual(['Фото', 'Попросить фото', 'Видео']);
    expect(document.activeElement).toBe(items()[0]);
  });

  it('an item runs its action, closes the menu and leaves the focus on "+"', async () => {
    const { user, onAttachPhoto } = show({ narrow: true, user: PLUS });
    await user.click(plus());
    await user.click(screen.getByRole('menuitem', { name: 'Фото' }));
    expect(onAttachPhoto).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(plus());

    await user.click(plus());
    await user.click(screen.getByRole('menuitem', { name: 'Видео' }));
    expect(opened()).toBe('videoInstructions');
  });

  it('keyboard: arrows move and wrap, Escape closes back to "+", Enter picks', async () => {
    const { user } = show({ narrow: true });
    plus().focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(plus());

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[1]);
    await user.keyboard('{Enter}');
    expect(opened()).toBe('imageInstructions');
    expect(screen.queryByRole('menu')).toBeNull();

    // ArrowUp on "+" opens the menu at its last item.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items()[2]);
  });

  it('a tap outside closes the menu; "+" again closes it too', async () => {
    const { user } = show({ narrow: true });
    await user.click(plus());
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(plus());
    await user.click(plus());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(opened()).toBeNull();
  });

  it('with a single attachment live there is no menu: the upload button itself', () => {
    show({ narrow: true, features: { companionPhotos: false, videos: false } });
    expect(buttonNames()).toEqual(['Отправить фото']);
  });
});

describe('the voice message (issue 15)', () => {
  it('«Голосовое» opens the recorder once voice messages are live, in the menu too', async () => {
    useVoiceDialog.setState({ opened: false, ever: false });
    screenWidth(false);
    useAuth.setState({ token: 't', user: FREE, isAuthenticated: true, isInitialized: true });
    const features = { ...LIVE, voiceMessages: true };
    const { user, unmount } = render(<Attachments onAttachPhoto={() => {}} features={features} />);
    expect(buttonNames()).toEqual([
      'Отправить фото',
      'Записать голосовое сообщение',
      'Попросить фото',
      'Видео',
    ]);
    await user.click(screen.getByRole('button', { name: 'Записать голосовое сообщение' }));
    expect(useVoiceDialog.getState()).toMatchObject({ opened: true, ever: true });
    unmount();

    useVoiceDialog.setState({ opened: false });
    screenWidth(true);
    const narrow = render(<Attachments onAttachPhoto={() => {}} features={features} />);
    await narrow.user.click(screen.getByRole('button', { name: 'Вложения' }));
    await narrow.user.click(screen.getByRole('menuitem', { name: 'Голосовое' }));
    expect(useVoiceDialog.getState().opened).toBe(true);
  });

  it('is not offered while voice messages are off', () => {
    show();
    expect(buttonNames()).not.toContain('Записать голосовое сообщение');
  });
});

describe('the call attachment (000 §2, §4 "Starting a call")', () => {
  const CALLS = { ...LIVE, voiceMessages: true, voiceCalls: true };
  const INFO = `GET ${VOICE_CALL_PATHS.agentInfo('char-1')}`;
  const CREATE = `POST ${VOICE_CALL_PATHS.createAgent('char-1')}`;

  beforeEach(() => {
    useVoiceCall.setState({
      target: { characterId: 'char-1', characterName: 'Алиса', characterAvatar: null },
      agentId: null,
      opened: false,
      ever: false,
      starting: false,
    });
  });

  it('sits next to the voice message on a wide screen', () => {
    show({ features: CALLS });
    expect(buttonNames()).toEqual([
      'Отправить фото',
      'Записать голосовое сообщение',
      'Голосовой звонок',
      'Попросить фото',
      'Видео',
    ]);
  });

  it('on a phone, «Звонок» in the menu: no agent yet → made, «Голосовой звонок начат», the dialog opens', async () => {
    const stub = stubApi({
      [INFO]: () => ({ has_agent: false, agent_id: null }),
      [CREATE]: () => ({ agent_id: 'agent-9' }),
    });
    const { user } = show({ narrow: true, features: CALLS });
    await user.click(screen.getByRole('button', { name: 'Вложения' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Звонок' }));
    await expectToast(VOICE_CALL_TEXTS.started);
    await waitFor(() => expect(useVoiceCall.getState()).toMatchObject({ opened: true, agentId: 'agent-9' }));
    expect(stub.calls).toEqual([INFO, CREATE]);
  });

  it('when the agent can be neither found nor made: the toast, and no call', async () => {
    stubApi({
      [INFO]: () => {
        throw apiError(503, { detail: VOICE_CALL_TEXTS.unavailable });
      },
    });
    const { user } = show({ features: CALLS });
    await user.click(screen.getByRole('button', { name: 'Голосовой звонок' }));
    await expectToast(VOICE_CALL_TEXTS.startFailed);
    await waitFor(() => expect(useVoiceCall.getState().starting).toBe(false));
    expect(useVoiceCall.getState().opened).toBe(false);
  });
});
