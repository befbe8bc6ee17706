import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { closeMenu, expectSettled, openUserMenu, passAdultGate, storedToken } from './support/steps.ts';

const journey = useJourney();

describe('a new visitor', () => {
  it('gets a guest session and sees the shell after the 18+ gate', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(journey.app.url);
    await page.getByRole('dialog', { name: 'Только для взрослых' }).waitFor();
    await passAdultGate(page);

    const token = await storedToken(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const validate = await page.evaluate(async (t) => {
      const res = await fetch('/api/auth/validate', { headers: { authorization: `Bearer ${t}` } });
      return res.json();
    }, token);
    expect(validate.user.membership_type).toBe('guest');
    expect(validate.user.adult_confirmed).toBe(true);

    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    await expect(page.title()).resolves.toContain('Podruga');
    await page.getByRole('link', { name: /на главную/ }).waitFor();
    await page.getByRole('contentinfo').getByText('Пользовательское соглашение').waitFor();
    await openUserMenu(page);
    await page.getByRole('menu').getByText('Гость').waitFor();
    await page.getByRole('menuitem', { name: 'Войти' }).waitFor();
    await closeMenu(page);
    await screenshot(page, 'shell-desktop');

    await page.reload();
    await page.getByRole('button', { name: 'Меню пользователя' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Только для взрослых' }).count()).toBe(0);
    expect(await storedToken(page)).toBe(token);
    // The app runs under its own CSP without a single violation or script error.
    expect(consoleErrors).toEqual([]);
    await ctx.close();
  });

  it('looks right on a phone', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    await page.getByRole('button', { name: 'Меню пользователя' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'shell-phone');
    await ctx.close();
  });

  it('opens the privacy dialog from /privacy', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(`${journey.app.url}/privacy`);
    await passAdultGate(page);
    const dialog = page.getByRole('dialog', { name: /Политика конфиденциальности/ });
    // Home, the parameter handled and dropped, the dialog open.
    await expectSettled(page, /\/$/, dialog);
    await dialog.getByText('1.2', { exact: false }).first().waitFor();
    await screenshot(page, 'privacy-dialog');
    await ctx.close();
  });

  it('is sent home with authRequired=true from a route that needs an account', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    // The guest session the start creates is written a moment after the gate; removing the token before
    // that write would let the write land after it, and the visitor would arrive at /vip with a session.
    await page.waitForFunction(
      () => !!(localStorage.getItem('auth_token') ?? sessionStorage.getItem('auth_token')),
    );
    // The token is removed on a page of the same site that runs none of the app: a request the app still
    // had in flight (the age confirmation) would meet the missing token with a 401 and create a new guest.
    await page.goto(`${journey.app.url}/offline.html`);
    await page.evaluate(() => {
      localStorage.removeItem('auth_token');
      sessionStorage.removeItem('auth_token');
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${journey.app.url}/vip`);
    // The guard's address (002 §2 rule 5) is passed through; the user settles on home with the sign-in
    // dialog that leads back to /vip.
    const login = page.getByRole('dialog', { name: 'Вход' });
    await expectSettled(page, /\/$/, login);
    await login.getByText('Чтобы открыть эту страницу, войдите в аккаунт.').waitFor();
    const guarded = visited.map((u) => new URL(u)).find((u) => u.searchParams.get('authRequired') === 'true');
    expect(guarded?.pathname).toBe('/');
    expect(guarded?.searchParams.get('redirect')).toBe('/vip');
    await ctx.close();
  });

  it('keeps the light theme across a reload (dark by default)', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.getByRole('button', { name: 'Переключить тему' }).click();
    expect(await scheme()).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Переключить тему' }).waitFor();
    expect(await scheme()).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    await screenshot(page, 'shell-light');
    await ctx.close();
  });

  it('sees the not-found page for an unknown path and for /undress', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(`${journey.app.url}/no-such-page`);
    await passAdultGate(page);
    await expectSettled(page, /\/no-such-page$/, page.getByText('404'));
    await page.goto(`${journey.app.url}/undress`);
    await expectSettled(page, /\/undress$/, page.getByText('404'));
    await ctx.close();
  });
});
