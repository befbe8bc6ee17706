import {
  AUTH_MESSAGES,
  type Character,
  type LimitsStatus,
  PHOTOS_FAIR_USE_TIERS,
  PROFILE_MESSAGES,
  STORAGE_KEYS,
  TIER_LIMITS,
  type User,
} from '@podruga/shared';
import { SAMPLE_COMPANION, SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { apiError, type StubHandler, stubApi } from '../../test/api.ts';
import { expectToast, render, screen, waitFor, within } from '../../test/render.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { useAuth } from '../auth/store.ts';
import { ProfilePage } from './ProfilePage.tsx';

/** Photos of her are switched on by the issue that ships them: a test may turn them on first. */
const live = vi.hoisted(() => ({ companionPhotos: false }));
vi.mock('@podruga/shared', async (original) => {
  const shared = await original<typeof import('@podruga/shared')>();
  const features = { ...shared.PRODUCT_FEATURES };
  Object.defineProperty(features, 'companionPhotos', { get: () => live.companionPhotos, enumerable: true });
  return { ...shared, PRODUCT_FEATURES: features };
});

const FUTURE = '2099-12-25T10:00:00Z';
const PAST = '2020-03-01T10:00:00Z';

const MEMBER: User = { ...SAMPLE_USER };
const GUEST: User = { ...MEMBER, id: 'g1', name: 'Guest_1', email: null, membership_type: 'guest' };
const PLUS: User = { ...MEMBER, email_verified: true, membership_type: 'plus', membership_expiry: FUTURE };

function limits(
  tier: LimitsStatus['tier'],
  used: Partial<Record<keyof LimitsStatus['resources'], number>> = {},
) {
  const l = TIER_LIMITS[tier];
  return {
    tier,
    resources: {
      gfs: { limit: l.companions, used: used.gfs ?? 0 },
      messages: { limit: l.messagesPerDay, used: used.messages ?? 0 },
      voice_minutes: { limit: l.voiceSecondsPerDay / 60, used: 0 },
      videos: { limit: l.videosPerDay, used: 0 },
      photos: { limit: PHOTOS_FAIR_USE_TIERS.includes(tier) ? null : l.photosPerDay, used: used.photos ?? 0 },
    },
  } satisfies LimitsStatus;
}

function companion(id: string, name: string, age = 23): Character {
  return {
    ...SAMPLE_COMPANION,
    id,
    name,
    age,
    temperament: null,
    img_gen_model: null,
    avatar: null,
    image: null,
    summary: null,
    is_ex: false,
    catalogue_id: null,
  } as Character;
}

function signIn(user: User) {
  localStorage.setItem(STORAGE_KEYS.authToken, 'token');
  useAuth.setState({ token: 'token', user, isAuthenticated: true, isInitialized: true });
}

/** The page's calls, answered for `user`; `extra` adds or replaces routes. */
function stubProfile(
  user: User,
  {
    status = limits(
      user.membership_type === 'guest' ? 'guest' : user.membership_type === 'plus' ? 'plus' : 'free',
    ),
    companions = [] as Character[],
    extra = {} as Record<string, StubHandler>,
  } = {},
) {
  return stubApi({
    'GET /api/auth/validate': () => ({ valid: true, user }),
    'GET /api/user/stats': () => ({ totalMessages: 42, created_at: user.created_at }),
    'GET /api/user/limits/status': () => status,
    'GET /api/characters/': () => companions,
    ...extra,
  });
}

function renderProfile(route = '/profile') {
  return render(<ProfilePage />, { route });
}

const section = (name: string) => screen.getByRole('region', { name });
const limitRow = (resource: string) => document.querySelector<HTMLElement>(`li[data-resource="${resource}"]`);

beforeEach(() => {
  useAuthDialog.setState({ opened: false, everOpened: false, mode: 'login' });
});
afterEach(() => {
  useAuth.setState({ token: null, user: null, isAuthenticated: false });
  live.companionPhotos = false;
});

describe('profile: the account', () => {
  it('a member sees her e-mail unconfirmed, the 20-messages prompt, member since, total messages, sign-out', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER);
    renderProfile();
    const account = section('Аккаунт');
    expect(within(account).getByText('Аня')).toBeTruthy();
    expect(within(account).getByText('anya@example.ru')).toBeTruthy();
    expect(within(account).getByText('Не подтверждена')).toBeTruthy();
    expect(within(account).getByText(/лимит вырастет до 20 сообщений в день/)).toBeTruthy();
    expect(within(account).getByText('1 ноября 2026 г.')).toBeTruthy();
    expect(await within(account).findByText('42')).toBeTruthy();
    expect(within(account).getByRole('button', { name: 'Выйти' })).toBeTruthy();
    expect(within(account).getByRole('button', { name: 'Сменить эл. почту' })).toBeTruthy();
  });

  it('resends the confirmation: success and failure toasts', async () => {
    signIn(MEMBER);
    let fail = false;
    stubProfile(MEMBER, {
      extra: {
        'POST /api/auth/resend-verification': () => {
          if (fail) throw apiError(500, { detail: 'x' });
          return { success: true, message: 'ok' };
        },
      },
    });
    const { user } = renderProfile();
    const resend = screen.getByRole('button', { name: 'Отправить письмо ещё раз' });
    await user.click(resend);
    await expectToast(AUTH_MESSAGES.resendOk);
    fail = true;
    await user.click(resend);
    await expectToast(AUTH_MESSAGES.resendFailed);
  });

  it('a confirmed address has no prompt', async () => {
    signIn({ ...MEMBER, email_verified: true });
    stubProfile({ ...MEMBER, email_verified: true });
    renderProfile();
    expect(screen.getByText('Подтверждена')).toBeTruthy();
    expect(screen.queryByText(/лимит вырастет/)).toBeNull();
    await screen.findByText('42');
  });

  it('a guest sees «Гостевой аккаунт» and «Гость», no sign-out, and the register prompt opens the register form', async () => {
    signIn(GUEST);
    stubProfile(GUEST);
    const { user } = renderProfile();
    const account = section(PROFILE_MESSAGES.guestAccount);
    expect(within(account).getByText('Гость')).toBeTruthy();
    expect(within(account).queryByRole('button', { name: 'Выйти' })).toBeNull();
    expect(within(account).queryByRole('button', { name: 'Сменить эл. почту' })).toBeNull();
    expect(within(account).queryByText('Guest_1')).toBeNull();
    await user.click(within(account).getByRole('button', { name: 'Создать аккаунт' }));
    expect(useAuthDialog.getState()).toMatchObject({ opened: true, mode: 'register' });
    await screen.findByText('42');
  });

  it('with no session at all, offers the way in instead of an empty page', async () => {
    stubApi({});
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(useAuthDialog.getState()).toMatchObject({ opened: true, mode: 'login' });
  });

  it('sign-out asks first, then signs out with «Вы вышли из аккаунта» and goes home', async () => {
    signIn(MEMBER);
    const api = stubProfile(MEMBER, {
      extra: {
        'POST /api/auth/logout': () => ({
          access_token: 'guest-token',
          user_id: 'g2',
          name: 'Guest_2',
          membership_type: 'guest',
          membership_expiry: null,
          email_verified: false,
        }),
      },
    });
    const { user, location } = renderProfile();
    await user.click(within(section('Аккаунт')).getByRole('button', { name: 'Выйти' }));
    const dialog = screen.getByRole('dialog', { name: 'Выйти из аккаунта?' });
    expect(api.calls).not.toContain('POST /api/auth/logout');
    await user.click(within(dialog).getByRole('button', { name: 'Выйти' }));
    await expectToast(AUTH_MESSAGES.logout);
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(useAuth.getState().user?.membership_type).toBe('guest');
  });
});

describe('profile: the plan', () => {
  it('free: «Бесплатный», the limits by the display rules, bars by usage, «Обновить до Plus»', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER, { status: limits('free', { messages: 7, gfs: 1 }) });
    const { user, location } = renderProfile();
    const plan = section('Тариф');
    expect(within(plan).getByTestId('plan-name').textContent).toBe('Бесплатный');
    await waitFor(() => expect(limitRow('messages')).not.toBeNull());
    expect(limitRow('messages')?.textContent).toContain('10/день');
    expect(limitRow('messages')?.textContent).toContain('Сегодня: 7 из 10');
    expect(limitRow('messages')?.dataset.level).toBe('warning');
    expect(limitRow('gfs')?.textContent).toContain('3');
    expect(limitRow('gfs')?.dataset.level).toBe('positive');
    // Voice calls are live (issue 15): the day's minutes with their bar. Videos are Plus's.
    expect(limitRow('voice_minutes')?.textContent).toContain('1 мин/день');
    expect(limitRow('videos')?.textContent).toContain('Недоступно');
    expect(limitRow('photos')).toBeNull();
    await user.click(within(plan).getByRole('link', { name: 'Обновить до Plus' }));
    expect(location().pathname).toBe('/plus');
  });

  it('photos of her, once live: a day’s number with its bar below Plus, «Безлимитно» with Plus', async () => {
    live.companionPhotos = true;
    signIn(MEMBER);
    stubProfile(MEMBER, { status: limits('free', { photos: 4 }) });
    const first = renderProfile();
    await waitFor(() => expect(limitRow('photos')).not.toBeNull());
    expect(limitRow('photos')?.textContent).toContain('Фото');
    expect(limitRow('photos')?.textContent).toContain(`${TIER_LIMITS.free.photosPerDay}/день`);
    expect(limitRow('photos')?.textContent).toContain(`Сегодня: 4 из ${TIER_LIMITS.free.photosPerDay}`);
    expect(limitRow('photos')?.dataset.level).toBe('warning');
    // Listed right after the messages.
    const rows = [...document.querySelectorAll<HTMLElement>('li[data-resource]')].map(
      (li) => li.dataset.resource,
    );
    expect(rows.slice(0, 2)).toEqual(['messages', 'photos']);
    first.unmount();

    signIn(PLUS);
    stubProfile(PLUS, { status: limits('plus', { photos: 30 }) });
    renderProfile();
    await waitFor(() => expect(limitRow('photos')?.textContent).toContain('Безлимитно'));
    expect(limitRow('photos')?.dataset.level).toBeUndefined();
    expect(limitRow('photos')?.textContent).not.toContain('Сегодня');
  });

  it('a guest who registers on the page (same id) gets the account’s limits at once', async () => {
    const guest = { ...GUEST, id: 'u1' };
    signIn(guest);
    let tier: 'guest' | 'free' = 'guest';
    stubProfile(guest, { extra: { 'GET /api/user/limits/status': () => limits(tier) } });
    renderProfile();
    await waitFor(() => expect(limitRow('messages')?.textContent).toContain('5/день'));
    tier = 'free';
    useAuth.setState({ user: { ...MEMBER, id: 'u1' } });
    await waitFor(() => expect(limitRow('messages')?.textContent).toContain('10/день'));
    expect(limitRow('gfs')?.textContent).toContain('3');
  });

  it('colours a bar negative from 90 % of the limit', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER, { status: limits('free', { messages: 9, gfs: 3 }) });
    renderProfile();
    await waitFor(() => expect(limitRow('messages')?.dataset.level).toBe('negative'));
    expect(limitRow('gfs')?.dataset.level).toBe('negative');
  });

  it('Plus: the name, its expiry, companions «Безлимитно» without a bar, ways to extend, to VIP, to cancel', async () => {
    signIn(PLUS);
    stubProfile(PLUS, { status: limits('plus', { messages: 10, gfs: 4 }) });
    renderProfile();
    const plan = section('Тариф');
    expect(within(plan).getByTestId('plan-name').textContent).toBe('Plus');
    expect(within(plan).getByText('Plus до 25 декабря 2099 г.')).toBeTruthy();
    await waitFor(() => expect(limitRow('gfs')?.textContent).toContain('Безлимитно'));
    expect(limitRow('gfs')?.dataset.level).toBeUndefined();
    expect(limitRow('messages')?.textContent).toContain('50/день');
    expect(limitRow('messages')?.dataset.level).toBe('positive');
    expect(within(plan).queryByRole('link', { name: 'Обновить до Plus' })).toBeNull();
    // Buying again extends the term: /plus lets her in with renew=1 (a member is otherwise sent back).
    expect(within(plan).getByRole('link', { name: 'Продлить' }).getAttribute('href')).toBe('/plus?renew=1');
    expect(within(plan).getByRole('link', { name: 'Получить VIP' }).getAttribute('href')).toBe('/vip');
    expect(within(plan).getByRole('button', { name: 'Отменить доступ' })).toBeTruthy();
  });

  it('VIP on top of Plus: «VIP» and both dates; an expired Plus is «Бесплатный» with when it ended', async () => {
    const vip = { ...PLUS, vip_expiry: '2099-01-10T10:00:00Z' };
    signIn(vip);
    stubProfile(vip, { status: limits('vip') });
    const { unmount } = renderProfile();
    expect(screen.getByTestId('plan-name').textContent).toBe('VIP');
    expect(screen.getByText('VIP до 10 января 2099 г.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Продлить' }).getAttribute('href')).toBe('/vip');
    expect(screen.queryByRole('link', { name: 'Получить VIP' })).toBeNull();
    await waitFor(() => expect(limitRow('messages')?.textContent).toContain('300/день'));
    unmount();

    const expired = { ...PLUS, membership_expiry: PAST };
    signIn(expired);
    stubProfile(expired, { status: limits('verified') });
    renderProfile();
    expect(screen.getByTestId('plan-name').textContent).toBe('Бесплатный');
    expect(screen.getByText('Доступ Plus закончился 1 марта 2020 г.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Обновить до Plus' })).toBeTruthy();
    await waitFor(() => expect(limitRow('messages')?.textContent).toContain('20/день'));
  });

  it('says so when the limits cannot be loaded', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER, {
      extra: {
        'GET /api/user/limits/status': () => {
          throw apiError(500, { detail: 'boom' });
        },
      },
    });
    renderProfile();
    expect(await screen.findByText(PROFILE_MESSAGES.limitsLoadFailed)).toBeTruthy();
  });
});

describe('profile: her companions', () => {
  it('3 slots: a companion card and 2 placeholders leading to creation; the card opens her chat', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER, {
      companions: [companion('c1', 'Алиса', 23)],
      extra: { 'GET /api/chats/character/c1': () => [{ id: 'chat-1', character_id: 'c1' }] },
    });
    const { user, location } = renderProfile();
    const grid = section('Твои подруги');
    const card = await within(grid).findByRole('button', { name: 'Открыть чат: Алиса, 23 года' });
    expect(within(grid).getAllByRole('link', { name: 'Создать подругу' })).toHaveLength(2);
    expect(within(grid).queryByRole('link', { name: 'Создать ещё' })).toBeNull();
    await user.click(card);
    await waitFor(() => expect(location().pathname).toBe('/chat/chat-1'));
  });

  it('a companion without a chat gets a new one; a failure says «Не удалось открыть чат»', async () => {
    signIn(MEMBER);
    let fail = false;
    stubProfile(MEMBER, {
      companions: [companion('c1', 'Алиса')],
      extra: {
        'GET /api/chats/character/c1': () => {
          if (fail) throw apiError(500, { detail: 'x' });
          return [];
        },
        'POST /api/chats/': () => ({ id: 'chat-new', character_id: 'c1' }),
      },
    });
    const { user, location } = renderProfile();
    fail = true;
    await user.click(await screen.findByRole('button', { name: /Открыть чат: Алиса/ }));
    await expectToast(PROFILE_MESSAGES.openChatFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: /Открыть чат: Алиса/ }));
    await waitFor(() => expect(location().pathname).toBe('/chat/chat-new'));
  });

  it('deletes after a confirmation: the toast names her and her slot becomes a placeholder', async () => {
    signIn(MEMBER);
    let list = [companion('c1', 'Алиса'), companion('c2', 'Вера')];
    const api = stubProfile(MEMBER, {
      extra: {
        'GET /api/characters/': () => list,
        'DELETE /api/characters/c1': () => {
          list = list.filter((c) => c.id !== 'c1');
          return { success: true };
        },
      },
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Удалить: Алиса' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить подругу «Алиса»?' });
    expect(api.calls).not.toContain('DELETE /api/characters/c1');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await expectToast(PROFILE_MESSAGES.deleted('Алиса'));
    expect(PROFILE_MESSAGES.deleted('Алиса')).toBe('Подруга "Алиса" удалена');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Открыть чат: Алиса/ })).toBeNull());
    expect(screen.getByRole('button', { name: /Открыть чат: Вера/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Создать подругу' })).toHaveLength(2);
  });

  it('a failed delete says «Не удалось удалить подругу» and keeps her; cancelling deletes nothing', async () => {
    signIn(MEMBER);
    const api = stubProfile(MEMBER, {
      companions: [companion('c1', 'Алиса')],
      extra: {
        'DELETE /api/characters/c1': () => {
          throw apiError(500, { detail: 'x' });
        },
      },
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Удалить: Алиса' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отмена' }));
    expect(api.calls).not.toContain('DELETE /api/characters/c1');
    await user.click(screen.getByRole('button', { name: 'Удалить: Алиса' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await expectToast(PROFILE_MESSAGES.deleteFailed);
    expect(screen.getByRole('button', { name: /Открыть чат: Алиса/ })).toBeTruthy();
  });

  it('Plus with 3 or more gets «Создать ещё», no placeholders', async () => {
    signIn(PLUS);
    stubProfile(PLUS, {
      companions: [
        companion('c1', 'Алиса'),
        companion('c2', 'Вера'),
        companion('c3', 'Ира'),
        companion('c4', 'Оля'),
      ],
    });
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Создать ещё' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Открыть чат/ })).toHaveLength(4);
    expect(screen.queryByRole('link', { name: 'Создать подругу' })).toBeNull();
  });

  it('says so when the companions cannot be loaded', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER, {
      extra: {
        'GET /api/characters/': () => {
          throw apiError(500, { detail: 'x' });
        },
      },
    });
    renderProfile();
    expect(await screen.findByText(PROFILE_MESSAGES.companionsLoadFailed)).toBeTruthy();
  });
});

describe('profile: change e-mail', () => {
  async function openDialog(answer: StubHandler) {
    signIn({ ...MEMBER, email_verified: true });
    stubProfile({ ...MEMBER, email_verified: true }, { extra: { 'POST /api/auth/change-email': answer } });
    const rendered = renderProfile();
    await rendered.user.click(screen.getByRole('button', { name: 'Сменить эл. почту' }));
    const dialog = screen.getByRole('dialog', { name: 'Сменить эл. почту' });
    const submit = within(dialog).getByRole('button', { name: 'Сменить' }) as HTMLButtonElement;
    return { ...rendered, dialog, submit };
  }

  it('keeps the button disabled until the password and an address without spaces are there', async () => {
    const { user, dialog, submit } = await openDialog(() => ({ success: true, message: 'ok' }));
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Новая эл. почта'), 'new@mail.ru');
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Текущий пароль'), 'secret123');
    expect(submit.disabled).toBe(false);
    await user.clear(within(dialog).getByLabelText('Новая эл. почта'));
    await user.type(within(dialog).getByLabelText('Новая эл. почта'), 'new @mail.ru');
    expect(submit.disabled).toBe(true);
  });

  it.each([
    [401, { detail: 'Неверный пароль', code: 'wrong_password' }, AUTH_MESSAGES.wrongPassword],
    [409, { detail: 'whatever', code: 'email_taken' }, AUTH_MESSAGES.emailTaken],
    [
      400,
      { detail: 'Это ваш текущий адрес эл. почты', code: 'validation_failed' },
      'Это ваш текущий адрес эл. почты',
    ],
    [500, { detail: '' }, AUTH_MESSAGES.changeEmailFailed],
  ])('a %s answer says what went wrong', async (status, body, text) => {
    const { user, dialog, submit } = await openDialog(() => {
      throw apiError(status, body);
    });
    await user.type(within(dialog).getByLabelText('Текущий пароль'), 'secret123');
    await user.type(within(dialog).getByLabelText('Новая эл. почта'), 'new@mail.ru');
    await user.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
  });

  it('after sending, says plainly that the address changes only when the link in the new mailbox is opened', async () => {
    const { user, dialog, submit } = await openDialog(() => ({ success: true, message: 'ok' }));
    await user.type(within(dialog).getByLabelText('Текущий пароль'), 'secret123');
    await user.type(within(dialog).getByLabelText('Новая эл. почта'), 'new@mail.ru');
    await user.click(submit);
    expect(
      await within(dialog).findByText(/сменится, только когда ты откроешь ссылку из этого письма/),
    ).toBeTruthy();
    expect(within(dialog).getByText('new@mail.ru')).toBeTruthy();
    expect(within(dialog).getByText(/остаются на anya@example.ru/)).toBeTruthy();
  });
});

describe('profile: query actions', () => {
  it('payment=success shows the success dialog, refreshes the user and leaves the address', async () => {
    signIn(PLUS);
    const api = stubProfile(PLUS);
    const { location } = renderProfile('/profile?payment=success');
    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.paymentSuccessTitle });
    expect(within(dialog).getByText(PROFILE_MESSAGES.paymentSuccessText)).toBeTruthy();
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(api.calls.filter((c) => c === 'GET /api/auth/validate').length).toBe(2));
  });

  it('payment=success without paid access on the server shows no success dialog', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER);
    const { location } = renderProfile('/profile?payment=success');
    await expectToast('Оплата ещё не подтверждена. Доступ Plus включится, как только она пройдёт.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location().search).toBe('');
  });

  it('cancelSubscription=true without active access warns and offers to buy', async () => {
    signIn(MEMBER);
    stubProfile(MEMBER);
    const { user, location } = renderProfile('/profile?cancelSubscription=true');
    const toast = await expectToast(PROFILE_MESSAGES.noActiveAccess);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(toast).getByRole('button', { name: 'Купить' }));
    await waitFor(() => expect(location().pathname).toBe('/plus'));
  });

  it('cancelSubscription=true for Plus opens the cancel dialog, which says access ends now; confirming cancels', async () => {
    signIn(PLUS);
    const api = stubProfile(PLUS, {
      extra: { 'POST /api/payment/cancel-subscription': () => ({ success: true, message: 'ok' }) },
    });
    const { user, location } = renderProfile('/profile?cancelSubscription=true');
    const dialog = await screen.findByRole('dialog', { name: 'Отменить доступ Plus?' });
    await waitFor(() => expect(location().search).toBe(''));
    expect(dialog.textContent).toContain('сам не продлевается');
    expect(dialog.textContent).toContain('он закончится сразу');
    expect(dialog.textContent).toContain('не возвращаются');
    await user.click(within(dialog).getByRole('button', { name: 'Отменить доступ' }));
    await expectToast(PROFILE_MESSAGES.cancelled);
    expect(api.calls).toContain('POST /api/payment/cancel-subscription');
  });

  it('a failed cancellation: the server’s refusal, or the spec’s two failure texts', async () => {
    signIn(PLUS);
    let answer: () => never = () => {
      throw apiError(500, { detail: 'x' });
    };
    stubProfile(PLUS, { extra: { 'POST /api/payment/cancel-subscription': () => answer() } });
    const { user } = renderProfile();
    const cancel = async () => {
      await user.click(screen.getByRole('button', { name: 'Отменить доступ' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отменить доступ' }));
    };
    await cancel();
    await expectToast(PROFILE_MESSAGES.cancelFailed);
    answer = () => {
      throw ApiError.network();
    };
    await cancel();
    await expectToast(PROFILE_MESSAGES.cancelError);
    answer = () => {
      throw apiError(400, { detail: PROFILE_MESSAGES.noActiveAccess, code: 'no_active_access' });
    };
    await cancel();
    await expectToast(PROFILE_MESSAGES.noActiveAccess);
  });
});
