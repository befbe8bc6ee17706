import type { ModerationPort, ModerationRequest, ModerationVerdict } from '../providers/moderation/port.ts';

/**
 * A moderation port a test steers: `flag` decides which requests are flagged (as `flagged`), and every
 * request is recorded in `asked`.
 */
export function fakeModeration(
  flag: (request: ModerationRequest) => Promise<boolean> | boolean = () => false,
  flagged: Extract<ModerationVerdict, { flagged: true }> = {
    flagged: true,
    reason: 'minor',
    categories: ['S4'],
  },
) {
  const asked: ModerationRequest[] = [];
  const port: ModerationPort = {
    adapter: 'fake',
    offline: false,
    describe: () => 'moderation: fake',
    async check(request) {
      asked.push(request);
      return (await flag(request)) ? flagged : { flagged: false };
    },
  };
  return { port, asked };
}
