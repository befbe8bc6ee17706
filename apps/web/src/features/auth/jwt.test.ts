import { TOKEN_EXPIRY_SKEW_S } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { isTokenFresh, jwtExpiry } from './jwt.ts';

function b64url(value: string): string {
  return Buffer.from(value).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function token(claims: Record<string, unknown>): string {
  return `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.signature`;
}

const NOW_MS = Date.UTC(2025, 8, 10, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

describe('jwtExpiry', () => {
  it('reads exp from a base64url payload, including characters that need - and _', () => {
    expect(jwtExpiry(token({ sub: 'ü?>~~~', exp: NOW_S + 3600 }))).toBe(NOW_S + 3600);
  });

  it('returns null for malformed tokens', () => {
    expect(jwtExpiry('not-a-jwt')).toBeNull();
    expect(jwtExpiry('a.%%%.c')).toBeNull();
    expect(jwtExpiry(`${b64url('{}')}.${b64url('[1]')}.s`)).toBeNull();
    expect(jwtExpiry(token({ exp: 'soon' }))).toBeNull();
  });
});

describe('isTokenFresh (60 s skew)', () => {
  it('uses the shared skew of 60 seconds', () => {
    expect(TOKEN_EXPIRY_SKEW_S).toBe(60);
  });

  it('accepts a token that expires later than the skew', () => {
    expect(isTokenFresh(token({ exp: NOW_S + 3600 }), NOW_MS)).toBe(true);
    expect(isTokenFresh(token({ exp: NOW_S + 61 }), NOW_MS)).toBe(true);
  });

  it('treats a token within 60 s of exp as expired', () => {
    expect(isTokenFresh(token({ exp: NOW_S + 60 }), NOW_MS)).toBe(false);
    expect(isTokenFresh(token({ exp: NOW_S + 30 }), NOW_MS)).toBe(false);
    expect(isTokenFresh(token({ exp: NOW_S - 1 }), NOW_MS)).toBe(false);
  });

  it('leaves a token without exp to the server, rejects garbage', () => {
    expect(isTokenFresh(token({ sub: 'u1' }), NOW_MS)).toBe(true);
    expect(isTokenFresh('garbage', NOW_MS)).toBe(false);
    expect(isTokenFresh('', NOW_MS)).toBe(false);
  });
});
