/** The generated portraits arrive as base64 PNG strings (001 §7); these turn them into what the UI needs. */

/** A data URL for an <img>, whether the server sent a bare base64 string or a data URL. */
export function imageSrc(image: string): string {
  return image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
}

/** The PNG redrawn as a JPEG (the first image and avatar uploads are `{name}_first.jpg`). */
export async function pngToJpeg(image: string, quality = 0.92): Promise<Blob> {
  const img = new Image();
  img.decoding = 'async';
  img.src = imageSrc(image);
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d is unavailable');
  // JPEG has no transparency: paint a white background first.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      quality,
    );
  });
}
