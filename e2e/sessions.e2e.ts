import { AUTH_MESSAGES } from '@podruga/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import {
  closeMenu,
  expectSettled,
  expectToast,
  openUserMenu,
  passAdultGate,
  storedToken,
} from './support/steps.ts';

const journey = useJourney();

const email = `sessions.e2e-${Date.now()}@mail.ru`;
const password = 'zvezdnaya-noch-5';

async function menuName(page: Page): Promise<string> {
  await openUserMenu(page);
  const label = (await page.locator('.mantine-Menu-label').first().textContent()) ?? '';
  await closeMenu(page);
  return label.trim();
}

/** The dialog a user must never meet for logging out and in (issue 9). */
async function expectNoLimitDialog(page: Page): Promise<void> {
  expect(await page.getByRole('dialog', { name: AUTH_MESSAGES.anonymousLimitTitle }).count()).toBe(0);
}

const home = (page: Page) => page.getByRole('heading', { name: /Создай свою/ });

describe('sessions: logging out and in never meets the anonymous-session limit', () => {
  it('registers, then logs out and in again 4 times from one address, settling on / each time', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    await expectSettled(page, /\/$/, home(page));

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Войти' }).click();
    await page
      .getByRole('dialog', { name: 'Вход' })
      .getByRole('checkbox', { name: 'Создать новый аккаунт' })
      .check();
    const register = page.getByRole('dialog', { name: 'Создать аккаунт' });
    await register.getByLabel('Имя').fill('Вера');
    await register.getByLabel('Эл. почта').fill(email);
    await register.getByLabel('Пароль', { exact: true }).fill(password);
    await register.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await register.getByRole('button', { name: 'Создать аккаунт' }).click();
    await expectToast(page, AUTH_MESSAGES.registerSuccess);
    await register.waitFor({ state: 'detached' });
    expect(await menuName(page)).toBe('Вера');

    const tokens = new Set([await storedToken(page)]);
    for (let round = 1; round <= 4; round++) {
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Выйти' }).click();
      await expectToast(page, AUTH_MESSAGES.logoutMenu);
      await expectSettled(page, /\/$/, home(page));
      await expectNoLimitDialog(page);
      expect(await menuName(page)).toBe('Гость');
      expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
      tokens.add(await storedToken(page));

      // A returning device: the guest survives a reload.
      await page.reload();
      await expectSettled(page, /\/$/, home(page));
      await expectNoLimitDialog(page);

      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Войти' }).click();
      const login = page.getByRole('dialog', { name: 'Вход' });
      await login.getByLabel('Эл. почта').fill(email);
      await login.getByLabel('Пароль', { exact: true }).fill(password);
      await login.getByRole('button', { name: 'Войти' }).click();
      await expectToast(page, AUTH_MESSAGES.loginSuccess);
      await login.waitFor({ state: 'detached' });
      await expectSettled(page, /\/$/, home(page));
      await expectNoLimitDialog(page);
      expect(await menuName(page)).toBe('Вера');
      tokens.add(await storedToken(page));
      if (round === 4) await screenshot(page, 'sessions-fourth-login');
    }
    // Every logout and login gave this device a new session.
    expect(tokens.size).toBe(9);
    await ctx.close();
  });
});
