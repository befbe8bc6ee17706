import { TOKEN_EXPIRY_SKEW_S } from '@podruga/shared';

/** The claims of a JWT (its middle part), or null when the token is not a readable JWT. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as unknown;
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim in seconds since the epoch, or null when absent. */
export function jwtExpiry(token: string): number | null {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/**
 * Whether a stored token is worth validating with the server (000 §4): a readable JWT that is not within
 * TOKEN_EXPIRY_SKEW_S seconds of its `exp`. A token without `exp` is left to the server to judge.
 */
export function isTokenFresh(token: string, nowMs: number, skewS: number = TOKEN_EXPIRY_SKEW_S): boolean {
  const claims = jwtClaims(token);
  if (!claims) return false;
  const exp = jwtExpiry(token);
  return exp === null || exp - skewS > nowMs / 1000;
}
