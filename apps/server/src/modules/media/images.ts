import { createHash } from 'node:crypto';
import { SERVER_MESSAGES } from '@podruga/shared';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { errors } from '../../errors.ts';
import { loadSharp } from '../../sharp.ts';
import { CHARACTER_MESSAGES } from '../characters/characters.messages.ts';

/** Issue 9: no side over 4096 px… */
const IMAGE_MAX_SIDE_PX = 4096;
/** …and at most 16 megapixels (2^24) decoded, all frames of an animation together. */
const IMAGE_MAX_PIXELS = 4096 * 4096;

/** sharp's own guard as well, in case a header understates what decoding produces. */
export const DECODE_LIMITS = { limitInputPixels: IMAGE_MAX_PIXELS } as const;

/**
 * Reads the header (sharp's metadata decodes no pixels) and refuses, before anything is decoded, a
 * picture over 4096 px a side or 16 megapixels: a 729 KB PNG can declare 16000×16000 and decode to
 * 768 MB (a decompression bomb). Unreadable bytes are `unsupported` (415). Returns the format.
 */
export async function checkDimensions(
  sharp: typeof Sharp,
  input: Buffer,
  unsupported: string,
): Promise<string | undefined> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw errors.unsupportedMediaType(unsupported);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw errors.unsupportedMediaType(unsupported);
  const frames = meta.pages ?? 1;
  if (width > IMAGE_MAX_SIDE_PX || height > IMAGE_MAX_SIDE_PX || width * height * frames > IMAGE_MAX_PIXELS) {
    throw errors.validation(SERVER_MESSAGES.imageDimensions);
  }
  return meta.format;
}

const ACCEPTED = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
type Accepted = keyof typeof ACCEPTED;

const AVATAR_SIZE = 256;

export interface EncodedImage {
  bytes: Buffer;
  /** Content-addressed: the same picture always gets the same name, so it can be cached forever. */
  name: string;
  contentType: string;
}

/**
 * Checks the bytes (not the file name or the declared type) with sharp: JPEG, PNG or WebP only, else
 * 415; over 4096 px a side or 16 megapixels, 400 before decoding. Re-encodes in the same format, which drops EXIF/XMP metadata, applying the EXIF rotation first.
 * An avatar becomes a 256 px square.
 */
export async function encodeUpload(input: Buffer, kind: 'image' | 'avatar'): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const format = await checkDimensions(sharp, input, CHARACTER_MESSAGES.imageUnsupported);
  if (!format || !(format in ACCEPTED))
    throw errors.unsupportedMediaType(CHARACTER_MESSAGES.imageUnsupported);
  const accepted = format as Accepted;
  let pipeline = sharp(input, DECODE_LIMITS).rotate();
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
