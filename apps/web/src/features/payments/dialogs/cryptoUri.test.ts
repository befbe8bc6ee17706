import { describe, expect, it } from 'vitest';
import { paymentUri, plainAmount, toWei } from './cryptoUri.ts';

describe('the crypto QR contents (002 §9)', () => {
  it('writes bitcoin, litecoin and bitcoin cash as coin:address?amount', () => {
    expect(paymentUri('btc', 'bc1qaddr', 0.00012345)).toBe('bitcoin:bc1qaddr?amount=0.00012345');
    expect(paymentUri('LTC', 'ltc1addr', 0.5)).toBe('litecoin:ltc1addr?amount=0.5');
    expect(paymentUri('bch', 'bitcoincash:qaddr', 0.1)).toBe('bitcoincash:qaddr?amount=0.1');
  });

  it('writes ether in wei, a token without a value, monero with tx_amount, others bare', () => {
    expect(paymentUri('eth', '0xabc', 0.0123)).toBe('ethereum:0xabc?value=12300000000000000');
    expect(paymentUri('usdterc20', '0xabc', 20)).toBe('ethereum:0xabc');
    expect(paymentUri('xmr', '4addr', 0.1234)).toBe('monero:4addr?tx_amount=0.1234');
    expect(paymentUri('trx', 'Taddr', 100)).toBe('Taddr');
  });

  it('never writes an exponent', () => {
    expect(plainAmount(1e-7)).toBe('0.0000001');
    expect(toWei(1)).toBe('1000000000000000000');
    expect(toWei(0.000000000000000001)).toBe('1');
  });
});
