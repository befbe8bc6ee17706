import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/app.ts';
import { createPaymentProviders, describePaymentModes, REAL_PAYMENT_ADAPTERS } from './index.ts';
import type { SandboxStore } from './sandbox.ts';

const store: SandboxStore = { insert: async () => {}, find: async () => undefined, setState: async () => {} };
const none = { nowpayments: undefined, platega: undefined, twinpay: undefined, cactuspay: undefined };
const clock = new TestClock();

describe('choosing the payment provider of each method', () => {
  it('real when its variables are set, else the sandbox outside production, else off', () => {
    const payments = {
      ...none,
      platega: { merchantId: 'm', secret: 's', baseUrl: 'https://platega.example' },
    };
    const dev = createPaymentProviders(
      { production: false, payments },
      { store, clock, real: REAL_PAYMENT_ADAPTERS },
    );
    expect(dev.modes).toEqual({
      crypto: { mode: 'sandbox', provider: 'sandbox' },
      platega: { mode: 'real', provider: 'platega' },
      twinpay: { mode: 'sandbox', provider: 'sandbox' },
      cactuspay: { mode: 'sandbox', provider: 'sandbox' },
    });
    expect(dev.sandbox).not.toBeNull();
    expect(dev.ports.platega?.offline).toBe(false);
    expect(dev.ports.crypto?.adapter).toBe('sandbox');

    const prod = createPaymentProviders(
      { production: true, payments },
      { store, clock, real: REAL_PAYMENT_ADAPTERS },
    );
    expect(prod.sandbox).toBeNull();
    expect(prod.ports.crypto).toBeNull();
    expect(prod.ports.platega?.adapter).toBe('platega');
    expect(describePaymentModes(prod.modes)).toBe(
      'payments: real: platega (platega); off (unavailable to users): crypto, twinpay, cactuspay; set NOWPAYMENTS_API_KEY + NOWPAYMENTS_IPN_SECRET, TWINPAY_CLIENT_ID + TWINPAY_CLIENT_SECRET, CACTUSPAY_TOKEN for real payments',
    );
  });

  it('a configured provider without an adapter stops start-up', () => {
    const payments = { ...none, cactuspay: { token: 't', baseUrl: 'https://c.example/api/' } };
    expect(() => createPaymentProviders({ production: true, payments }, { store, clock })).toThrow(
      /no adapter for cactuspay/,
    );
  });
});
