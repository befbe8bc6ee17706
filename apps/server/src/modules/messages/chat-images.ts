import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES } from '@podruga/shared';
import { errors } from '../../errors.ts';
import { loadSharp } from '../../sharp.ts';
import { checkDimensions, DECODE_LIMITS } from '../media/images.ts';

/** What the vision service gets: at most 1024 px a side, JPEG (a model needs no more; less to upload). */
export const VISION_MAX_SIDE_PX = 1024;

export const CHAT_IMAGE_MESSAGES = {
  tooLarge: 'Изображение слишком большое: не больше 10 МБ',
  unsupported: 'Поддерживаются изображения PNG, JPG, GIF и WebP',
} as const;

export interface ChatImage {
  bytes: Buffer;
  /** Content-addressed, flat: served at /pics/{name}. */
  name: string;
  contentType: string;
  /** The picture as the vision service gets it: downscaled JPEG, first frame of an animation. */
  vision: { bytes: Buffer; contentType: 'image/jpeg' };
}

/**
 * A photo sent in chat (000 §5: .jpg .jpeg .png .gif .webp, at most 10 MB), checked by its bytes with
 * sharp, never by its name, and refused over 4096 px a side or 16 megapixels before decoding.
 * Re-encoded to drop EXIF (location!), rotated upright; a GIF becomes WebP. The vision service gets
 * a smaller JPEG (`vision`).
 */
export async function encodeChatImage(input: Buffer): Promise<ChatImage> {
  if (input.length > IMAGE_MAX_BYTES) throw errors.payloadTooLarge(CHAT_IMAGE_MESSAGES.tooLarge);
  if (input.length === 0) throw errors.unsupportedMediaType(CHAT_IMAGE_MESSAGES.unsupported);
  const sharp = await loadSharp();
  const format = await checkDimensions(sharp, input, CHAT_IMAGE_MESSAGES.unsupported);
  let bytes: Buffer;
  let ext: 'jpg' | 'png' | 'webp';
  let vision: Buffer;
  try {
    if (format === 'jpeg') {
      bytes = await sharp(input, DECODE_LIMITS).rotate().jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      ext = 'jpg';
    } else if (format === 'png') {
      bytes = await sharp(input, DECODE_LIMITS).rotate().png().toBuffer();
      ext = 'png';
    } else if (format === 'webp' || format === 'gif') {
      bytes = await sharp(input, { ...DECODE_LIMITS, animated: true })
        .rotate()
        .webp({ quality: 88 })
        .toBuffer();
      ext = 'webp';
    } else {
      throw errors.unsupportedMediaType(CHAT_IMAGE_MESSAGES.unsupported);
    }
    vision = await sharp(input, DECODE_LIMITS)
      .rotate()
      .resize(VISION_MAX_SIDE_PX, VISION_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw errors.unsupportedMediaType(CHAT_IMAGE_MESSAGES.unsupported);
  }
  return {
    bytes,
    name: `${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.${ext}`,
    contentType: ext === 'jpg' ? 'image/jpeg' : `image/${ext}`,
    vision: { bytes: vision, contentType: 'image/jpeg' },
  };
}

/** Base64 from the socket (with or without a data: prefix) → bytes, refusing oversize input early. */
export function decodeBase64Image(data: unknown): Buffer {
  if (typeof data !== 'string' || !data) throw errors.unsupportedMediaType(CHAT_IMAGE_MESSAGES.unsupported);
  const base64 = data.replace(/^data:[^,]*,/, '');
  if (base64.length > Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4) {
    throw errors.payloadTooLarge(CHAT_IMAGE_MESSAGES.tooLarge);
  }
  return Buffer.from(base64, 'base64');
}

/** 000 §3: the description rides in the content as `[Image: …]`; the client strips it for display. */
export function withImageDescription(content: string, description: string): string {
  const tag = `[Image: ${description}]`;
  return content ? `${content}\n${tag}` : tag;
}
