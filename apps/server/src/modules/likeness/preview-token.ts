import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The previews are not kept on the server: each is handed out with a signature of its bytes for the
 * user, and select-model takes back only a signed preview — so a user cannot make any other picture
 * (a real person's photo above all, DESIGN §6) her portrait through this route.
 */
export class PreviewTokens {
  constructor(private readonly secret: string) {}

  sign(userId: string, png: Buffer): string {
    const digest = createHash('sha256').update(png).digest('hex');
    return createHmac('sha256', this.secret)
      .update(`likeness-preview|${userId}|${digest}`)
      .digest('base64url');
  }

  verify(userId: string, png: Buffer, token: string): boolean {
    const expected = Buffer.from(this.sign(userId, png));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
