import type { ModerationPort } from './port.ts';

/** No moderation service: the rules (modules/safety) decide alone. Never flags, never fails. */
export function createOfflineModeration(): ModerationPort {
  return {
    adapter: 'rules-only',
    offline: true,
    describe: () =>
      'moderation: the rules alone (offline); set MODERATION_PROVIDER=openai (/moderations) or guard (a guard model) to add a second opinion',
    check: async () => ({ flagged: false }),
  };
}
