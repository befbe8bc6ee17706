// @vitest-environment jsdom
import { AFFILIATE } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/index.ts';
import { affiliateHeaders, rememberAffiliate, storedTouch } from './touch.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T10:00:00Z');

let visits: string[] = [];
beforeEach(() => {
  localStorage.clear();
  visits = [];
  vi.spyOn(api, 'post').mockImplementation(async (_path, options) => {
    const code = (options?.json as { code: string } | undefined)?.code ?? '';
    visits.push(code);
    return { visit_id: `visit-${visits.length}`, code } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the affiliate touch', () => {
  it('keeps the first code for 30 days, counting every arrival, and sends it only with sign-ups and payments', async () => {
    await rememberAffiliate('Blogger');
    expect(localStorage.getItem(AFFILIATE.storageKey)).toBe('blogger');
    await rememberAffiliate('other');
    expect(visits).toEqual(['blogger', 'other']);
    expect(storedTouch()?.code).toBe('blogger');

    const headers = affiliateHeaders('/api/auth/register');
    expect(headers).toEqual({ [AFFILIATE.codeHeader]: 'blogger', [AFFILIATE.visitHeader]: 'visit-1' });
    expect(affiliateHeaders('/api/payment/platega/create')).toEqual(headers);
    expect(affiliateHeaders('/api/auth/anonymous')).toEqual(headers);
    expect(affiliateHeaders('/api/messages/')).toEqual({});
    expect(affiliateHeaders('/api/auth/logout')).toEqual({});
  });

  it('lets a new link replace a touch older than 30 days, and sends nothing once it has expired', async () => {
    await rememberAffiliate('old', NOW);
    expect(affiliateHeaders('/api/auth/register', NOW + 31 * DAY)).toEqual({});
    await rememberAffiliate('new', NOW + 31 * DAY);
    expect(storedTouch(NOW + 31 * DAY)?.code).toBe('new');
  });

  it('ignores what is not a code, and keeps the code when the visit cannot be counted', async () => {
    await rememberAffiliate('<script>');
    await rememberAffiliate(undefined);
    expect(localStorage.getItem(AFFILIATE.storageKey)).toBeNull();
    vi.mocked(api.post).mockRejectedValueOnce(new Error('offline'));
    await rememberAffiliate('promo');
    expect(affiliateHeaders('/api/auth/register')).toEqual({ [AFFILIATE.codeHeader]: 'promo' });
  });
});
