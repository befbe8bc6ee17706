import type { ModerationPort } from './port.ts';

/** No moderation service: the rules (modules/safety) decide alone. Never flags, never fails. */
export function createOfflineModeration(): ModerationPort {
  return {
    adapter: 'rules-only',
    offline: true,
    describe: () =>
      'moderation: the rules alone (offline); a configured chat model (LLM_PROVIDER=openai) brings a guard model, or set MODERATION_PROVIDER=openai (/moderations) or guard with MODERATION_BASE_URL',
    check: async () => ({ flagged: false }),
  };
}
