import sharp from 'sharp';

let bomb: Promise<Buffer> | undefined;

/**
 * Issue 9's decompression bomb: a 16000×16000 PNG of one colour, well under the 10 MB upload limit
 * (about 0.8 MB) yet 768 MB once decoded. Made once per test file (it takes a few seconds).
 */
export function hugePng(): Promise<Buffer> {
  bomb ??= sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return bomb;
}

/** A photo of the given size with some detail (a gradient), as a phone would send. */
export function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: '#c0392b' },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#2980b9"/><stop offset="1" stop-color="#f1c40f"/></linearGradient></defs><rect width="100%" height="50%" fill="url(#g)"/></svg>`,
      ),
    },
  ]);
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}
