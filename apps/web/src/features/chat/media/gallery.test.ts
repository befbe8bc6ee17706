import { describe, expect, it } from 'vitest';
import { fromServer } from '../messages.ts';
import { herMediaMessage, storedMessage } from '../testing.ts';
import { galleryItems } from './gallery.ts';

describe('the chat’s preview gallery', () => {
  it('holds the user’s photos, her photos and her videos in the list’s order, not what is still being made', () => {
    const messages = [
      storedMessage({ id: 'u1', is_user: true, image_path: '/pics/mine.png', content: '[Image: кот]' }),
      herMediaMessage('photo', 'ready', { id: 'p1' }),
      herMediaMessage('photo', 'pending', { id: 'p2' }),
      herMediaMessage('photo', 'failed', { id: 'p3' }),
      herMediaMessage('video', 'ready', { id: 'v1', content: 'Смотри!' }),
      storedMessage({ id: 't1', content: 'просто текст' }),
    ].map((m) => fromServer(m));
    expect(galleryItems(messages)).toEqual([
      { id: 'u1', src: '/pics/mine.png', alt: 'кот', kind: 'photo' },
      { id: 'p1', src: '/pics/p1.png', alt: 'Фото', kind: 'photo' },
      { id: 'v1', src: '/vids/v1.mp4', alt: 'Смотри!', kind: 'video' },
    ]);
  });
});
