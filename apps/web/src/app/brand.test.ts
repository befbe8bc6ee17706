import { DEFAULT_BRANDS } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { resolveBrand } from './brand.ts';

const milaya = {
  id: 'milaya',
  logoText: 'Milaya',
  title: 'Milaya — AI-подруга, которая всегда рядом',
  supportEmail: 'support@milaya.app',
};

describe('resolveBrand', () => {
  it('uses the server-filled meta JSON', () => {
    expect(resolveBrand(JSON.stringify(milaya), 'localhost')).toEqual(milaya);
  });

  it('keeps a well-formed Telegram handle and drops anything else', () => {
    expect(
      resolveBrand(JSON.stringify({ ...milaya, supportTelegram: 'milaya_help' }), 'x').supportTelegram,
    ).toBe('milaya_help');
    const forged = resolveBrand(JSON.stringify({ ...milaya, supportTelegram: 'x"><script>' }), 'x');
    expect(forged).toEqual(milaya);
  });

  it('falls back to the host when the meta is empty (vite dev)', () => {
    expect(resolveBrand('', 'milaya.app').id).toBe('milaya');
    expect(resolveBrand(null, 'www.podruga.app').id).toBe('podruga');
  });

  it('gives unknown hosts the first brand', () => {
    const brand = resolveBrand('', 'localhost');
    expect(brand.id).toBe(DEFAULT_BRANDS[0]?.id);
    expect(brand).not.toHaveProperty('hosts');
  });

  it('ignores a broken or incomplete meta', () => {
    expect(resolveBrand('{not json', 'milaya.app').id).toBe('milaya');
    expect(resolveBrand(JSON.stringify({ id: 'x' }), 'podruga.app').id).toBe('podruga');
  });
});
