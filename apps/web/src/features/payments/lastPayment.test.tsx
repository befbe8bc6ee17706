import { lastPaymentKeys, PAYMENT_TIMERS } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { lastPayment } from './lastPayment.ts';

const keys = lastPaymentKeys('plus');
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('the stored last payment (002 §3, §4)', () => {
  it('keeps a fresh order id and its time', () => {
    lastPayment.save('plus', 'order_abcdefgh12345678', NOW - 60_000);
    expect(lastPayment.take('plus', NOW)).toBe('order_abcdefgh12345678');
    expect(localStorage.getItem(keys.time)).toBe(String(NOW - 60_000));
  });

  it('drops ids of an old format', () => {
    for (const id of ['client-123456789', 'pay_123456789', '12345', 'order_']) {
      localStorage.setItem(keys.id, id);
      localStorage.setItem(keys.time, String(NOW));
      expect(lastPayment.take('plus', NOW), id).toBeNull();
      expect(localStorage.getItem(keys.id)).toBeNull();
      expect(localStorage.getItem(keys.time)).toBeNull();
    }
  });

  it('drops a payment older than 24 hours, or without a time', () => {
    lastPayment.save('plus', 'order_abcdefgh12345678', NOW - PAYMENT_TIMERS.storedPaymentMaxAgeMs - 1);
    expect(lastPayment.take('plus', NOW)).toBeNull();
    expect(localStorage.getItem(keys.id)).toBeNull();
    localStorage.setItem(keys.id, 'order_abcdefgh12345678');
    expect(lastPayment.take('plus', NOW)).toBeNull();
  });

  it('keeps Plus and VIP apart', () => {
    lastPayment.save('vip', 'order_vipvipvip12345678', NOW);
    expect(lastPayment.take('plus', NOW)).toBeNull();
    expect(lastPayment.take('vip', NOW)).toBe('order_vipvipvip12345678');
  });
});
