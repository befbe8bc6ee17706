/**
 * Control characters in what a user sends (issue 9): PostgreSQL refuses NUL in text, and the other C0/C1
 * controls and the Unicode bidi overrides only ever arrive from scripts or pasted junk. Free text keeps
 * tab and line breaks; one-line fields (names, paths, e-mails) keep none.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;
const CONTROL_MULTI_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** The 400 detail for a value with control characters. */
export const CONTROL_CHARS_MESSAGE = 'Текст содержит недопустимые управляющие символы';

/** True when `value` holds a control character; `multiline` allows tab, LF and CR (messages, descriptions). */
export function hasControlChars(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_ONE_LINE).test(value);
}
