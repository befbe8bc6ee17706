import type { ChatMessage } from '../messages.ts';

/** One item of the chat's preview gallery: a photo (the user's or hers) or her video. */
export interface GalleryItem {
  /** The message it belongs to: the list opens the gallery at it. */
  id: string;
  src: string;
  alt: string;
  kind: 'photo' | 'video';
}

/**
 * Every photo and video of the chat, in the list's order (000 §2 "image preview gallery"; issue 14: her
 * photos and videos too). Placeholders and failures have no picture yet and are not in it.
 */
export function galleryItems(messages: readonly ChatMessage[]): GalleryItem[] {
  return messages.flatMap((m): GalleryItem[] => {
    if (m.image) return [{ id: m.id, src: m.image, alt: m.description ?? 'Фото', kind: 'photo' }];
    if (m.video) return [{ id: m.id, src: m.video, alt: m.text || 'Видео', kind: 'video' }];
    return [];
  });
}
