import type { SupportContactBody, SupportContactResponse } from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

/** POST /api/support/contact (001 §7); the caller's signal carries the form's 15 s timeout. */
export const supportApi = {
  contact: (body: SupportContactBody, signal: AbortSignal) =>
    api.post<SupportContactResponse | Record<string, unknown>>('/api/support/contact', {
      json: body,
      signal,
    }),
};
