import { AFFILIATE, affiliateTouchFresh, normalizeAffiliateCode } from '@podruga/shared';
import { api } from '../../shared/api/index.ts';
import { local } from '../../shared/storage.ts';

/** The device's first affiliate touch: the code (the original's key holds it alone) and its visit. */
interface StoredVisit {
  code: string;
  /** The server's visit id, when the visit could be recorded. */
  id: string | null;
  /** When the device arrived (ms). */
  at: number;
}

function readVisit(): StoredVisit | null {
  const raw = local.get(AFFILIATE.visitStorageKey);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredVisit>;
    return typeof v.code === 'string' && typeof v.at === 'number'
      ? { code: v.code, id: typeof v.id === 'string' ? v.id : null, at: v.at }
      : null;
  } catch {
    return null;
  }
}

/** The stored touch while it is within the attribution window, else null. */
export function storedTouch(now: number = Date.now()): StoredVisit | null {
  const visit = readVisit();
  const code = normalizeAffiliateCode(local.get(AFFILIATE.storageKey));
  if (!visit || !code || visit.code !== code) return null;
  return affiliateTouchFresh(visit.at, now) ? visit : null;
}

/**
 * /aff/:code and /gfs/aff/:code (002 §2): the first code this device arrived with is kept for 30 days
 * (a later link does not replace it), and each arrival is counted by the server. A bad code is ignored.
 */
export async function rememberAffiliate(raw: string | undefined, now: number = Date.now()): Promise<void> {
  const code = normalizeAffiliateCode(raw);
  if (!code) return;
  const kept = storedTouch(now);
  if (!kept) {
    local.set(AFFILIATE.storageKey, code);
    local.set(AFFILIATE.visitStorageKey, JSON.stringify({ code, id: null, at: now } satisfies StoredVisit));
  }
  try {
    const { visit_id } = await api.post<{ visit_id: string }>('/api/affiliates/visit', { json: { code } });
    if (!kept) local.set(AFFILIATE.visitStorageKey, JSON.stringify({ code, id: visit_id, at: now }));
  } catch {
    // The visit is not counted; the code is still kept and sent with a sign-up or a payment.
  }
}

/** Requests that carry the touch: a guest's creation, sign-in, sign-up and every payment. */
const CARRIERS = /^\/api\/(?:auth\/(?:anonymous|token|register)$|payment\/)/;

/** The headers a request carries of the stored touch (none once the window has passed). */
export function affiliateHeaders(path: string, now: number = Date.now()): Record<string, string> {
  if (!CARRIERS.test(path)) return {};
  const touch = storedTouch(now);
  if (!touch) return {};
  return {
    [AFFILIATE.codeHeader]: touch.code,
    ...(touch.id ? { [AFFILIATE.visitHeader]: touch.id } : {}),
  };
}
