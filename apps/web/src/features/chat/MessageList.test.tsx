import type { Message } from '@podruga/shared';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from 'zustand';
import { act, render, screen, within } from '../../test/render.tsx';
import { ImageGallery } from './ImageGallery.tsx';
import { MessageList } from './MessageList.tsx';
import { type ChatStore, createChatStore } from './store.ts';
import { storedMessage } from './testing.ts';

type ListProps = ComponentProps<typeof MessageList>;

const CHAT = 'c1';
const stores: ChatStore[] = [];

/** The list as the chat page shows it: fed by the page's store, which the socket's events drive. */
function LiveList({
  store,
  ...callbacks
}: { store: ChatStore } & Pick<ListProps, 'onRetry' | 'onOpenImage'>) {
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
  const view = render(<LiveList store={store} onRetry={onRetry} onOpenImage={onOpenImage} />);
  /** A store action as the socket would trigger it, outside any React event. */
  const emit = (event: (s: ReturnType<ChatStore['getState']>) => void) => act(() => event(store.getState()));
  return { ...view, store, emit, onRetry, onOpenImage };
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

describe('chat photo gallery', () => {
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
