import type { PushStatusResponse } from '@podruga/shared';
import type { PushSubscriptionRow } from '../../db/schema/index.ts';

/** The endpoint itself is not shown (it is the browser's bearer secret), only its push service. */
export function presentSubscription(row: PushSubscriptionRow): PushStatusResponse['subscriptions'][number] {
  let service = '';
  try {
    service = new URL(row.endpoint).hostname;
  } catch {
    // an endpoint is checked before it is stored; an empty name if one ever is not a URL
  }
  return {
    id: row.id,
    service,
    browser_info: row.browserInfo,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}
