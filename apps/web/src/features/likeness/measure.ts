/**
 * The picture's size as the browser decodes it; null when it cannot be decoded ('Файл не может быть
 * загружен'); undefined when this browser cannot tell (the server checks the bytes anyway).
 */
export async function measureImage(
  file: Blob,
): Promise<{ width: number; height: number } | null | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
