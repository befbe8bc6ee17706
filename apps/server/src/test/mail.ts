/** The text/plain body of a raw message as nodemailer writes it (base64 or quoted-printable). */
export function plainTextOf(raw: string): string {
  const part =
    /Content-Type: text\/plain[^\n]*\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(
      raw,
    );
  if (!part?.[2]) throw new Error(`no text/plain part in:\n${raw.slice(0, 500)}`);
  const [, encoding, body] = part;
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}
