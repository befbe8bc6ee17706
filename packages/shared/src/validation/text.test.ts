import { describe, expect, it } from 'vitest';
import { hasControlChars } from './text.ts';

describe('hasControlChars', () => {
  it('finds NUL, escape, DEL, C1 controls and bidi overrides', () => {
    for (const bad of ['a\u0000b', '\u001b[31m', 'x\u007f', 'x\u0085', 'abc\u202eevil', '\ufeffname']) {
      expect(hasControlChars(bad, true)).toBe(true);
      expect(hasControlChars(bad)).toBe(true);
    }
  });
  it('lets free text keep tabs and line breaks, one-line fields none', () => {
    expect(hasControlChars('Привет,\r\nкак дела?\tэто я', true)).toBe(false);
    expect(hasControlChars('Привет,\nкак дела?')).toBe(true);
    expect(hasControlChars('Алиса 😊 — «ёлка»')).toBe(false);
  });
});
