import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { companionPaywall, paywallFromError } from './decide.ts';

describe('companion paywall (000 §5, 001 §4)', () => {
  it('lets a guest have 1, a free account 3, Plus any number', () => {
    expect(companionPaywall('guest', 0)).toBeNull();
    expect(companionPaywall('guest', 1)).toEqual({ context: 'guest_limit', currentCount: 1 });
    expect(companionPaywall('free', 2)).toBeNull();
    expect(companionPaywall('free', 3)).toEqual({ context: 'free_limit', currentCount: 3 });
    expect(companionPaywall('plus', 100)).toBeNull();
  });

  it('reads the server 403 companion_limit body, and nothing else', () => {
    const error = ApiError.fromBody(403, {
      detail: 'Лимит',
      code: 'companion_limit',
      paywall_context: 'free_limit',
      current_count: 3,
      limit: 3,
    });
    expect(paywallFromError(error)).toEqual({ context: 'free_limit', currentCount: 3 });
    expect(paywallFromError(ApiError.fromBody(403, { detail: 'Нет доступа', code: 'forbidden' }))).toBeNull();
    expect(paywallFromError(new Error('x'))).toBeNull();
  });
});
