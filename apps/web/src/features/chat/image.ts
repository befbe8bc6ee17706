import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@podruga/shared';

/** 000 §5 "Image upload", §8. */
export const IMAGE_TEXTS = {
  title: 'Отправить фото',
  hint: 'PNG, JPG, GIF до 10 МБ',
  unsupported: 'Неподдерживаемый формат файла',
  tooLarge: 'Файл слишком большой (максимум 10 МБ)',
  sendFailed: 'Ошибка отправки изображения',
} as const;

/** The file input's `accept`: the spec's extensions plus their MIME types. */
export const IMAGE_ACCEPT_ATTR = [...IMAGE_ACCEPT, 'image/jpeg', 'image/png', 'image/gif', 'image/webp'].join(
  ',',
);

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** What validation needs of a File (a plain object in tests). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Null when the file may be sent, else the Russian error: the extension must be one of IMAGE_ACCEPT (and a
 * MIME type, when the browser gives one, must match an image of those kinds); at most 10485760 bytes.
 */
export function validateImageFile(file: FileLike): string | null {
  const ext = extensionOf(file.name);
  const expected = MIME_BY_EXTENSION[ext];
  if (!expected) return IMAGE_TEXTS.unsupported;
  if (file.type && !Object.values(MIME_BY_EXTENSION).includes(file.type.toLowerCase())) {
    return IMAGE_TEXTS.unsupported;
  }
  if (file.size <= 0) return IMAGE_TEXTS.unsupported;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TEXTS.tooLarge;
  return null;
}

/** The file as a `data:` URL (base64) for the socket's image_message. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}
