import type { ConfigResponse } from '@podruga/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';

/** What the app works with when /api/config cannot be read (000 §3: a fetch failure yields empty maps). */
const EMPTY_CONFIG: ConfigResponse = {
  config: { system_prompts: {}, image_scenarios: {} },
  providers: {},
  features: { debug_routes: false },
  // Unknown until the server answers: no method is offered as available.
  payments: {
    crypto: { mode: 'off', provider: 'off' },
    platega: { mode: 'off', provider: 'off' },
    twinpay: { mode: 'off', provider: 'off' },
    cactuspay: { mode: 'off', provider: 'off' },
  },
  // The page reads the media host from its meta tag (shared/media.ts); this is the API's copy.
  media_base_url: null,
};

async function fetchConfig(): Promise<ConfigResponse> {
  try {
    const body = await api.get<Partial<ConfigResponse> | null>('/api/config');
    return {
      config: { ...EMPTY_CONFIG.config, ...body?.config },
      providers: body?.providers ?? {},
      features: { ...EMPTY_CONFIG.features, ...body?.features },
      payments: { ...EMPTY_CONFIG.payments, ...body?.payments },
      media_base_url: body?.media_base_url ?? null,
    };
  } catch {
    return EMPTY_CONFIG;
  }
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: fetchConfig,
  staleTime: 5 * 60_000,
});

export function useConfig(): ConfigResponse {
  return useQuery(configQuery).data ?? EMPTY_CONFIG;
}
