import { loadSharp } from '../../sharp.ts';
import { ImageProviderError } from './port.ts';

/**
 * Whatever the provider sent (PNG, or WebP/JPEG despite asking for PNG) becomes a clean PNG: decoded
 * and re-encoded by sharp, so bytes that are not an image are a bad response, not a stored file.
 */
export async function sanitizePng(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes).png().toBuffer();
  } catch (error) {
    throw new ImageProviderError('bad_response', undefined, { cause: error });
  }
}
