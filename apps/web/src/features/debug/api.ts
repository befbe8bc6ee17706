import { DEBUG_ACCESS_MS, SESSION_KEYS } from '@podruga/shared';
import { api } from '../../shared/api/index.ts';
import { session } from '../../shared/storage.ts';

/** The server alone knows the debug secret (DESIGN §5); it only says yes or no. */
export async function requestDebugAccess(token: string): Promise<boolean> {
  try {
    const body = await api.post<{ allowed?: unknown } | null>('/api/debug/access', { json: { token } });
    return body?.allowed === true;
  } catch {
    return false;
  }
}

/** Access is remembered in this tab for DEBUG_ACCESS_MS (002 §2). */
export function rememberDebugAccess(now: number): void {
  session.set(SESSION_KEYS.debugAccessUntil, String(now + DEBUG_ACCESS_MS));
}

export function hasDebugAccess(now: number): boolean {
  const until = Number(session.get(SESSION_KEYS.debugAccessUntil));
  return Number.isFinite(until) && until > now;
}
