import type { CrisisLine, Message } from '@podruga/shared';
import { CRISIS_PAGE_PATH, HER_MEDIA_TEXTS } from '@podruga/shared';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from 'zustand';
import { act, render, screen, within } from '../../test/render.tsx';
import { ImageGallery } from './ImageGallery.tsx';
import { BREAK_REMINDER_MARK, MessageList } from './MessageList.tsx';
import { fromServer } from './messages.ts';
import { type ChatStore, createChatStore } from './store.ts';
import { herMediaMessage, storedMessage } from './testing.ts';

type ListProps = ComponentProps<typeof MessageList>;

const CHAT = 'c1';
const stores: ChatStore[] = [];

/** The list as the chat page shows it: fed by the page's store, which the socket's events drive. */
function LiveList({
  store,
  ...callbacks
}: { store: ChatStore } & Pick<ListProps, 'onRetry' | 'onOpenImage' | 'onRetryMedia'>) {
  const messages = useStore(store, (s) => s.messages);
  const typing = useStore(store, (s) => s.typing);
  const limit = useStore(store, (s) => s.limit);
  return <MessageList messages={messages} typing={typing} limit={limit} {...callbacks} />;
}

function openChat(history: Message[] = []) {
  const store = createChatStore();
  stores.push(store);
  store.getState().reset(CHAT, history);
  const onRetry = vi.fn<(id: string) => void>();
  const onOpenImage = vi.fn<(id: string) => void>();
  const onRetryMedia = vi.fn<(id: string) => Promise<void>>(async () => {});
  const view = render(
    <LiveList store={store} onRetry={onRetry} onOpenImage={onOpenImage} onRetryMedia={onRetryMedia} />,
  );
  /** A store action as the socket would trigger it, outside any React event. */
  const emit = (event: (s: ReturnType<ChatStore['getState']>) => void) => act(() => event(store.getState()));
  return { ...view, store, emit, onRetry, onOpenImage, onRetryMedia };
}

const typingDots = () => screen.queryByRole('status', { name: 'Подруга печатает' });

afterEach(() => {
  for (const store of stores.splice(0)) store.getState().dispose();
});

describe('chat message list', () => {
  it('shows the dots after a send, then her reply growing in one bubble until it is complete', () => {
    const { emit } = openChat();
    emit((s) => s.addOptimistic('Привет! Как ты?'));
    expect(screen.getByText('Привет! Как ты?')).toBeTruthy();
    expect(typingDots()).not.toBeNull();

    emit((s) => s.chunk({ chat_id: CHAT, chunk: 'Привет, ', chunk_index: 0, is_complete: false }));
    expect(typingDots()).toBeNull();
    expect(screen.getByText('Привет,')).toBeTruthy();
    expect(screen.getByText('печатает…')).toBeTruthy();

    emit((s) => s.chunk({ chat_id: CHAT, chunk: 'у меня всё хорошо', chunk_index: 1, is_complete: false }));
    emit((s) => s.chunk({ chat_id: CHAT, chunk: '!', chunk_index: 2, is_complete: true }));
    // One bubble that grew: the first chunk's text is no longer on screen on its own.
    expect(screen.getAllByText(/^Привет,/)).toHaveLength(1);
    expect(screen.getByText('Привет, у меня всё хорошо!')).toBeTruthy();
    expect(screen.queryByText('Привет,')).toBeNull();

    emit((s) =>
      s.streamingComplete({ chat_id: CHAT, message_id: 'm2', created_at: new Date().toISOString() }),
    );
    expect(screen.queryByText('печатает…')).toBeNull();
    expect(screen.getAllByText('только что')).toHaveLength(2);
    expect(screen.getAllByText('Привет, у меня всё хорошо!')).toHaveLength(1);
  });

  it('marks a message that did not go through «Не отправлено» and offers to send it again', async () => {
    const { emit, user, onRetry } = openChat();
    let id = '';
    emit((s) => {
      id = s.addOptimistic('Ты тут?');
    });
    emit((s) => s.markFailed(id));

    const mark = screen.getByText('Не отправлено');
    expect(typingDots()).not.toBeNull();
    await user.click(within(mark).getByRole('button', { name: 'Отправить ещё раз' }));
    expect(onRetry).toHaveBeenCalledWith(id);
  });

  it('a photo that did not go through is marked, without a retry (its file is gone)', () => {
    const { emit } = openChat();
    emit((s) => s.markFailed(s.addOptimistic('', '/pics/mine.png')));
    expect(screen.getByText('Не отправлено')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отправить ещё раз' })).toBeNull();
  });

  it('a message the daily limit refused: marked not sent, with the limit card under it', async () => {
    const { emit } = openChat();
    emit((s) => {
      const id = s.addOptimistic('Ещё одно');
      s.rateLimit({
        id: 'card-1',
        content: 'Дневной лимит сообщений исчерпан.',
        metadata: { show_upgrade_button: true, tier: 'guest', reset_hours: 5, reset_minutes: 0 },
        limit_type: 'messages',
        remaining: 0,
        reset_hours: 5,
        reset_minutes: 0,
        user_type: 'guest',
        chat_id: CHAT,
        client_id: id,
      });
    });
    expect(screen.getByText('Не отправлено')).toBeTruthy();
    // The card's code loads with the first card (DESIGN §8).
    expect(await screen.findByText('Дневной лимит сообщений исчерпан.')).toBeTruthy();
    expect(typingDots()).toBeNull();
  });

  it('a reply cut short shows what arrived and «Ответ прервался»', () => {
    openChat([
      storedMessage({
        id: 'm1',
        chat_id: CHAT,
        content: 'Я как раз хотела рассказать',
        metadata: { interrupted: true },
      }),
    ]);
    expect(screen.getByText('Я как раз хотела рассказать')).toBeTruthy();
    expect(screen.getByText('Ответ прервался')).toBeTruthy();
  });

  it('«Продолжить» on her cut reply when it is the newest message, and only then (issue 17)', async () => {
    const onContinue = vi.fn();
    const cut = (id: string, at: string) =>
      fromServer(
        storedMessage({
          id,
          chat_id: CHAT,
          content: `Оборвалось ${id}`,
          metadata: { interrupted: true },
          created_at: at,
        }),
        0,
      );
    const { rerender, user } = render(
      <MessageList
        messages={[cut('a', '2026-11-26T10:00:00Z'), cut('b', '2026-11-26T10:01:00Z')]}
        typing={false}
        onContinue={onContinue}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Продолжить' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    expect(onContinue).toHaveBeenCalledWith('b');
    // While she is typing (the continuation under way), none.
    rerender(<MessageList messages={[cut('b', '2026-11-26T10:01:00Z')]} typing onContinue={onContinue} />);
    expect(screen.queryByRole('button', { name: 'Продолжить' })).toBeNull();
  });

  it('a photo in the chat opens when tapped', async () => {
    const { user, onOpenImage } = openChat([
      storedMessage({
        id: 'p1',
        chat_id: CHAT,
        is_user: true,
        message_type: 'image',
        image_path: 'photo.png',
        content: '[Image: кот на подоконнике]',
      }),
    ]);
    const photo = screen.getByRole('img', { name: 'кот на подоконнике' });
    expect(photo.getAttribute('src')).toBe('/pics/photo.png');
    await user.click(screen.getByRole('button', { name: 'Открыть фото' }));
    expect(onOpenImage).toHaveBeenCalledWith('p1');
  });
});

describe('her photos and videos in the list (issue 14)', () => {
  const T0 = Date.parse('2026-11-22T12:00:00Z');
  const herMedia = () => screen.getByTestId('her-media');
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a placeholder with her line and a progress bar from the expected time, then the photo in its place', async () => {
    // Only the clock is fixed (the bar reads it): no timers are faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0 + 20_000);
    const pending = herMediaMessage('photo', 'pending', {
      chat_id: CHAT,
      startedAt: new Date(T0).toISOString(),
    });
    const { emit } = openChat([pending]);
    // Her media's code loads with the first one shown (lazy).
    await screen.findAllByTestId('her-media');
    expect(herMedia().dataset.status).toBe('pending');
    expect(within(herMedia()).getByText(HER_MEDIA_TEXTS.photoPending).getAttribute('aria-live')).toBe(
      'polite',
    );
    const bar = within(herMedia()).getByRole('progressbar', { name: HER_MEDIA_TEXTS.photoPending });
    // 20 s of the expected 20 s: about 82 %, never «done».
    expect(bar.getAttribute('aria-valuenow')).toBe('82');
    expect(within(herMedia()).queryByRole('img')).toBeNull();

    emit((s) =>
      s.receive(herMediaMessage('photo', 'ready', { chat_id: CHAT, startedAt: new Date(T0).toISOString() })),
    );
    expect(screen.getAllByTestId('her-media')).toHaveLength(1);
    expect(herMedia().dataset.status).toBe('ready');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(herMedia()).getByRole('img').getAttribute('src')).toBe('/pics/her-1.png');
  });

  it('a failure says why and what was asked; «Повторить» asks again, once at a time', async () => {
    let answer: () => void = () => {};
    const { user, onRetryMedia } = openChat([herMediaMessage('photo', 'failed', { chat_id: CHAT })]);
    // Her media's code loads with the first one shown (lazy).
    await screen.findAllByTestId('her-media');
    onRetryMedia.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    expect(herMedia().textContent).toContain('Сервис генерации изображений перегружен. Попробуйте позже');
    expect(herMedia().textContent).toContain('«пришли фото на пляже»');
    const retry = within(herMedia()).getByRole('button', { name: HER_MEDIA_TEXTS.retry });
    await user.click(retry);
    expect(onRetryMedia).toHaveBeenCalledExactlyOnceWith('her-1');
    expect((retry as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer());
    expect((retry as HTMLButtonElement).disabled).toBe(false);
  });

  it('her photo opens the gallery when tapped; a demo says so', async () => {
    const { user, onOpenImage } = openChat([
      herMediaMessage('photo', 'ready', { chat_id: CHAT, id: 'p1', meta: { demo: true } }),
    ]);
    // Her media's code loads with the first one shown (lazy).
    await screen.findAllByTestId('her-media');
    expect(within(herMedia()).getByText(HER_MEDIA_TEXTS.demo)).toBeTruthy();
    await user.click(within(herMedia()).getByRole('button', { name: 'Открыть фото' }));
    expect(onOpenImage).toHaveBeenCalledWith('p1');
  });

  it('her video plays in the list with its controls and opens in the gallery; video_ready makes it ready', async () => {
    const { user, emit, onOpenImage } = openChat([
      herMediaMessage('video', 'pending', { chat_id: CHAT, id: 'v1' }),
    ]);
    // Her media's code loads with the first one shown (lazy).
    await screen.findAllByTestId('her-media');
    expect(within(herMedia()).getByRole('progressbar', { name: HER_MEDIA_TEXTS.videoPending })).toBeTruthy();
    expect(herMedia().querySelector('video')).toBeNull();

    emit((s) => s.videoReady({ chat_id: CHAT, message_id: 'v1', video_url: '/vids/v1.mp4' }));
    const video = herMedia().querySelector('video');
    expect(video?.getAttribute('src')).toBe('/vids/v1.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.hasAttribute('playsinline')).toBe(true);
    expect(video?.getAttribute('preload')).toBe('metadata');
    expect(herMedia().textContent).not.toContain(HER_MEDIA_TEXTS.demo);
    await user.click(within(herMedia()).getByRole('button', { name: 'Открыть видео в галерее' }));
    expect(onOpenImage).toHaveBeenCalledWith('v1');
  });

  it('her media reply ends the typing dots', () => {
    const { emit } = openChat();
    emit((s) => s.addOptimistic('Пришли фото'));
    expect(typingDots()).not.toBeNull();
    emit((s) => s.receive(herMediaMessage('photo', 'pending', { chat_id: CHAT })));
    expect(typingDots()).toBeNull();
  });
});

describe('care (issue 27)', () => {
  const LINE: CrisisLine = {
    name: 'Телефон доверия',
    phone: '8-800-000-00-00',
    url: 'https://help.example.org',
    hours: 'круглосуточно',
    free: true,
    source: 'https://example.org',
  };
  const CHAT_LINE: CrisisLine = {
    name: 'Чат поддержки',
    url: 'https://chat.example.org',
    hours: 'с 9 до 21',
    free: true,
    source: 'https://example.org',
  };
  const TEXT =
    'Мне очень жаль, что тебе так тяжело. Я ИИ и не могу помочь так, как помогут люди: позвони в Телефон доверия 8-800-000-00-00 — это бесплатно и круглосуточно. Если опасность рядом — звони 112.';
  const reply = (metadata: Record<string, unknown>) =>
    storedMessage({ id: 'crisis-1', chat_id: CHAT, content: TEXT, metadata });

  it('her crisis reply: her message, its numbers as tel: links, the lines it does not name and the crisis page', async () => {
    openChat([reply({ crisis: true, crisis_lines: [LINE, CHAT_LINE] })]);
    const message = screen.getAllByTestId('chat-message')[0] as HTMLElement;
    expect(message.dataset.sender).toBe('assistant');
    expect(message.dataset.kind).toBe('crisis');
    // Never an error: no failed mark, no alert.
    expect(message.dataset.failed).toBeUndefined();
    expect(within(message).queryByRole('alert')).toBeNull();
    const call = await within(message).findByRole('link', { name: '8-800-000-00-00' });
    expect(call.getAttribute('href')).toBe('tel:88000000000');
    expect(within(message).getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
    // The chat line is not in the text: listed under it, as a link.
    const listed = within(message).getByRole('list', { name: 'Службы помощи' });
    expect(within(listed).getByRole('link', { name: 'chat.example.org' }).getAttribute('href')).toBe(
      'https://chat.example.org',
    );
    expect(within(listed).queryByText(/Телефон доверия/)).toBeNull();
    expect(
      within(message)
        .getByRole('link', { name: 'Как устроена помощь и куда ещё обратиться' })
        .getAttribute('href'),
    ).toBe(CRISIS_PAGE_PATH);
  });

  it('with no lines in its metadata, the numbers of its text are links all the same; live, as the socket ends it', async () => {
    const { emit } = openChat();
    emit((s) => s.addOptimistic('мне плохо'));
    emit((s) =>
      s.streamingComplete({
        chat_id: CHAT,
        message_id: 'crisis-2',
        created_at: new Date().toISOString(),
        content: TEXT,
        crisis: true,
      }),
    );
    const call = await screen.findByRole('link', { name: '8-800-000-00-00' });
    expect(call.getAttribute('href')).toBe('tel:88000000000');
    expect(screen.queryByRole('list', { name: 'Службы помощи' })).toBeNull();
  });

  it('an ordinary reply with a number in it gets no links', () => {
    openChat([storedMessage({ id: 'm1', chat_id: CHAT, content: 'Мой номер квартиры 112, заходи' })]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('her break reminder: her ordinary message, with a quiet word beside its time', () => {
    openChat([
      storedMessage({
        id: 'b1',
        chat_id: CHAT,
        content: 'Мы болтаем уже больше трёх часов. Выпей воды и потянись 💜',
        metadata: { break_reminder: true },
      }),
    ]);
    const message = screen.getAllByTestId('chat-message')[0] as HTMLElement;
    expect(message.dataset.sender).toBe('assistant');
    expect(message.dataset.kind).toBe('break-reminder');
    expect(within(message).getByText(/Выпей воды/)).toBeTruthy();
    expect(within(message).getByText(new RegExp(BREAK_REMINDER_MARK))).toBeTruthy();
  });
});

describe('chat photo gallery', () => {
  it('plays her video among the photos', () => {
    const images = [
      { src: '/pics/a.png', alt: 'кот на подоконнике' },
      { src: '/vids/v1.mp4', alt: 'Смотри!', kind: 'video' as const },
    ];
    render(<ImageGallery images={images} index={1} onIndex={() => {}} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Видео 2 из 2' });
    const video = dialog.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/vids/v1.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('shows the opened photo large, steps to the next one and closes', async () => {
    const onIndex = vi.fn<(index: number) => void>();
    const onClose = vi.fn();
    const images = [
      { src: '/pics/a.png', alt: 'кот на подоконнике' },
      { src: '/pics/b.png', alt: 'закат' },
    ];
    const { user } = render(<ImageGallery images={images} index={0} onIndex={onIndex} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: 'Фото 1 из 2' });
    expect(within(dialog).getByRole('img', { name: 'кот на подоконнике' }).getAttribute('src')).toBe(
      '/pics/a.png',
    );
    expect(within(dialog).queryByRole('button', { name: 'Предыдущее фото' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Следующее фото' }));
    expect(onIndex).toHaveBeenCalledWith(1);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('her voice (issue 15)', () => {
  const HER = '6f1c1f0e-4a8b-4c55-9a55-0c0a4d3e2b11';
  const MINE = '0b7c2e44-13d2-4f7e-8f0d-6a1b2c3d4e5f';
  const history = [
    storedMessage({ id: MINE, content: 'Привет', is_user: true }),
    storedMessage({ id: HER, content: 'Привет, милый!' }),
  ].map((m) => fromServer(m));

  it('her stored text messages get «Послушать» once her voice is live; the user’s never do', () => {
    const { rerender } = render(<MessageList messages={history} typing={false} listen />);
    expect(screen.getAllByRole('button', { name: 'Послушать' })).toHaveLength(1);
    const hers = screen.getAllByTestId('chat-message')[1] as HTMLElement;
    expect(within(hers).getByRole('button', { name: 'Послушать' })).toBeTruthy();

    rerender(<MessageList messages={history} typing={false} listen={false} />);
    expect(screen.queryByRole('button', { name: 'Послушать' })).toBeNull();
  });

  it('nothing to listen to while her reply streams or before the server stored it', () => {
    const streaming = { ...fromServer(storedMessage({ id: HER, content: 'Прив' })), streaming: true };
    const local = fromServer(storedMessage({ id: 'temp-1', content: 'Ответ по HTTP' }));
    render(<MessageList messages={[streaming, local]} typing={false} listen />);
    expect(screen.queryByRole('button', { name: 'Послушать' })).toBeNull();
  });
});
