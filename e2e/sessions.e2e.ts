import { AUTH_MESSAGES } from '@podruga/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, logOut, menuName, registerFromMenu } from './support/account.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, passAdultGate, storedToken } from './support/steps.ts';

const journey = useJourney();

const email = `sessions.e2e-${Date.now()}@mail.ru`;
const password = 'zvezdnaya-noch-5';

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

    await registerFromMenu(page, { name: 'Вера', email, password });
    expect(await menuName(page)).toBe('Вера');

    const tokens = new Set([await storedToken(page)]);
    for (let round = 1; round <= 4; round++) {
      await logOut(page);
      await expectSettled(page, /\/$/, home(page));
      await expectNoLimitDialog(page);
      expect(await menuName(page)).toBe('Гость');
      expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
      tokens.add(await storedToken(page));

      // A returning device: the guest survives a reload.
      await page.reload();
      await expectSettled(page, /\/$/, home(page));
      await expectNoLimitDialog(page);

      await logIn(page, email, password);
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
