import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../../test/render.tsx';
import { PaywallDialog } from './PaywallDialog.tsx';
import { usePaywall } from './paywallStore.ts';

// With Plus on sale (PRODUCT_FEATURES.payments, live since issue 13).
vi.mock('@podruga/shared', async (original) => {
  const shared = await original<typeof import('@podruga/shared')>();
  return { ...shared, PRODUCT_FEATURES: { ...shared.PRODUCT_FEATURES, payments: true } };
});

afterEach(() => usePaywall.setState({ opened: false }));

describe('the paywall once Plus can be bought', () => {
  it('lists what Plus gives in real numbers and «Улучшить до Plus» leads to /plus', async () => {
    usePaywall.getState().open({ context: 'free_limit', currentCount: 3 });
    const { user, location } = render(<PaywallDialog />, { route: '/gfs' });
    const dialog = await screen.findByRole('dialog', { name: 'Все места для подруг заняты' });
    expect(within(dialog).getByText('50 сообщений в день')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/безлимит|неогранич/i);
    await user.click(within(dialog).getByRole('button', { name: 'Улучшить до Plus' }));
    expect(location().pathname).toBe('/plus');
    expect(usePaywall.getState().opened).toBe(false);
  });

  it('a guest at her limit is offered both an account and Plus', async () => {
    usePaywall.getState().open({ context: 'guest_limit', currentCount: 1 });
    render(<PaywallDialog />, { route: '/gfs' });
    const dialog = await screen.findByRole('dialog', { name: 'Хочешь ещё одну подругу?' });
    expect(within(dialog).getByRole('button', { name: 'Создать аккаунт' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Улучшить до Plus' })).toBeTruthy();
  });
});
