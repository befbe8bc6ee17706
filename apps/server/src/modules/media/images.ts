import { createHash } from 'node:crypto';
import { errors } from '../../errors.ts';
import { loadSharp } from '../../sharp.ts';
import { CHARACTER_MESSAGES } from '../characters/characters.messages.ts';

const ACCEPTED = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
type Accepted = keyof typeof ACCEPTED;

export const AVATAR_SIZE = 256;

export interface EncodedImage {
  bytes: Buffer;
  /** Content-addressed: the same picture always gets the same name, so it can be cached forever. */
  name: string;
  contentType: string;
}

/**
 * Checks the bytes (not the file name or the declared type) with sharp: JPEG, PNG or WebP only, else
 * 415. Re-encodes in the same format, which drops EXIF/XMP metadata, applying the EXIF rotation first.
 * An avatar becomes a 256 px square.
 */
export async function encodeUpload(input: Buffer, kind: 'image' | 'avatar'): Promise<EncodedImage> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw errors.unsupportedMediaType(CHARACTER_MESSAGES.imageUnsupported);
  }
  if (!format || !(format in ACCEPTED))
    throw errors.unsupportedMediaType(CHARACTER_MESSAGES.imageUnsupported);
  const accepted = format as Accepted;
  let pipeline = sharp(input).rotate();
  if (kind === 'avatar')
    pipeline = pipeline.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'top' });
  pipeline =
    accepted === 'jpeg'
      ? pipeline.jpeg({ quality: 88, mozjpeg: true })
      : accepted === 'png'
        ? pipeline.png()
        : pipeline.webp({ quality: 88 });
  let bytes: Buffer;
  try {
    bytes = await pipeline.toBuffer();
  } catch {
    throw errors.unsupportedMediaType(CHARACTER_MESSAGES.imageUnsupported);
  }
  return {
    bytes,
    name: `${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.${ACCEPTED[accepted]}`,
    contentType: `image/${accepted}`,
  };
}

/** A PNG portrait (from the image port) → stored name for the image and a 256 px avatar. */
export async function encodePortrait(png: Buffer): Promise<{ image: EncodedImage; avatar: EncodedImage }> {
  return { image: await encodeUpload(png, 'image'), avatar: await encodeUpload(png, 'avatar') };
}
