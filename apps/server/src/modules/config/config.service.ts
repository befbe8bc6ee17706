import { createHash, timingSafeEqual } from 'node:crypto';
import type { ConfigResponse, PaymentMethodsConfig } from '@podruga/shared';
import type { ProviderInfo } from '../../providers/port.ts';
import { DEFAULT_IMAGE_SCENARIOS, DEFAULT_SYSTEM_PROMPTS } from './defaults.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** What the client learns at start (prompts, which providers are offline) and the debug-route check. */
export class ConfigService {
  constructor(
    private readonly providers: Record<string, ProviderInfo>,
    private readonly debugRoutesSecret: string | undefined,
    /** Which payment methods are real, sandbox or off (read late: the payments module is built after). */
    private readonly payments: () => PaymentMethodsConfig,
    /** MEDIA_BASE_URL (no trailing slash): where the client loads /pics and /vids from; unset = here. */
    private readonly mediaBaseUrl?: string | undefined,
  ) {}

  clientConfig(): ConfigResponse {
    return {
      config: { system_prompts: DEFAULT_SYSTEM_PROMPTS, image_scenarios: DEFAULT_IMAGE_SCENARIOS },
      providers: Object.fromEntries(
        Object.entries(this.providers).map(([port, p]) => [port, { adapter: p.adapter, offline: p.offline }]),
      ),
      features: { debug_routes: this.debugRoutesSecret !== undefined },
      payments: this.payments(),
      media_base_url: this.mediaBaseUrl ?? null,
    };
  }

  /** Compared as fixed-length digests in constant time, so timing reveals nothing about the secret. */
  debugAccessAllowed(token: string): boolean {
    if (this.debugRoutesSecret === undefined) return false;
    return timingSafeEqual(digest(token), digest(this.debugRoutesSecret));
  }
}
