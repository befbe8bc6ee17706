import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@podruga/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, registerFromMenu } from './support/account.ts';
import { linkFromMail } from './support/app.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import {
  adoptFirstCompanion,
  expectSettled,
  expectToast,
  openUserMenu,
  passAdultGate,
} from './support/steps.ts';
import { CHAT_URL } from './support/wizard.ts';

const journey = useJourney();

const email = `vera.profile-${Date.now()}@mail.ru`;
const newEmail = `vera.new-${Date.now()}@mail.ru`;
const password = 'tihaya-gavan-5';

const PROFILE_URL = /\/profile$/;

function profileHeading(page: Page) {
  return page.getByRole('heading', { name: 'Профиль', level: 1 });
}

/** The newest mail in the outbox sent to `to`, waited for (the offline adapter writes it a moment later). */
async function mailTo(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = journey.app
      .outbox()
      .filter((m) => m.toLowerCase().includes(`to: ${to}`))
      .at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

async function chooseInGallery(page: Page, index: number): Promise<string> {
  await page.goto(`${journey.app.url}/gfs`);
  const card = page.getByRole('article').nth(index);
  await card.waitFor();
  const name = (await card.getAttribute('aria-label'))?.split(',')[0] ?? '';
  await page.getByRole('button', { name: `Выбрать: ${name}` }).click();
  await expectSettled(page, CHAT_URL, page.locator('[data-testid="chat-message"][data-sender="assistant"]'));
  return name;
}

async function setTheme(page: Page, dark: boolean): Promise<void> {
  const isDark = async () =>
    (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark';
  if ((await isDark()) !== dark) await page.getByRole('button', { name: 'Переключить тему' }).click();
  await page.waitForFunction(
    (want) => (document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark') === want,
    dark,
  );
}

/**
 * Gives the account 30 days of Plus while the app is down (buying it is e2e/payments.e2e.ts): the embedded
 * database in the app's DATA_DIR, written directly, as a purchase will write it.
 */
async function grantPlus(address: string): Promise<void> {
  await journey.app.restart('graceful', {
    whileDown: async () => {
      const db = await PGlite.create(join(journey.app.dataDir, 'pglite'));
      try {
        const res = await db.query(
          `update users set membership_type = 'plus', membership_expiry = now() + interval '30 days'
            where email = $1`,
          [address],
        );
        expect(res.affectedRows).toBe(1);
      } finally {
        await db.close();
      }
    },
  });
}

describe('the profile', () => {
  it('a registered user manages her companions and her e-mail from the profile', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    const first = await adoptFirstCompanion(page, journey.app.url);
    await registerFromMenu(page, { name: 'Вера', email, password });
    const second = await chooseInGallery(page, 1);

    // The menu's «Аккаунт» leads to the profile.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Аккаунт' }).click();
    await expectSettled(page, PROFILE_URL, profileHeading(page));
    const account = page.getByRole('region', { name: 'Аккаунт' });
    await account.getByText(email).waitFor();
    await account.getByText('Не подтверждена').waitFor();
    await account.getByText(/лимит вырастет до 20 сообщений в день/).waitFor();
    const plan = page.getByRole('region', { name: 'Тариф' });
    expect(await plan.getByTestId('plan-name').textContent()).toBe('Бесплатный');
    const messages = plan.locator('li[data-resource="messages"]');
    await messages.getByText('10/день').waitFor();
    await messages.getByText('Сегодня: 0 из 10').waitFor();
    await plan.locator('li[data-resource="gfs"]').getByText('Создано: 2 из 3').waitFor();
    await plan.getByRole('link', { name: 'Обновить до Plus' }).waitFor();

    const grid = page.getByRole('region', { name: 'Твои подруги' });
    await grid.getByRole('button', { name: new RegExp(`^Открыть чат: ${second},`) }).waitFor();
    expect(await grid.getByRole('link', { name: 'Создать подругу' }).count()).toBe(1);
    await setTheme(page, true);
    await screenshot(page, 'profile-desktop-dark');
    await setTheme(page, false);
    await screenshot(page, 'profile-desktop-light');

    // Her card opens her chat.
    await grid.getByRole('button', { name: new RegExp(`^Открыть чат: ${first},`) }).click();
    await expectSettled(
      page,
      CHAT_URL,
      page.locator('[data-testid="chat-message"][data-sender="assistant"]'),
    );

    // Deleting asks first; then the toast names her and her slot is a placeholder again.
    await page.goto(`${journey.app.url}/profile`);
    await expectSettled(page, PROFILE_URL, profileHeading(page));
    await grid.getByRole('button', { name: `Удалить: ${second}` }).click();
    const confirm = page.getByRole('dialog', { name: `Удалить подругу «${second}»?` });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expectToast(page, PROFILE_MESSAGES.deleted(second));
    await grid
      .getByRole('button', { name: new RegExp(`^Открыть чат: ${second},`) })
      .waitFor({ state: 'detached' });
    await grid.getByRole('button', { name: new RegExp(`^Открыть чат: ${first},`) }).waitFor();
    expect(await grid.getByRole('link', { name: 'Создать подругу' }).count()).toBe(2);

    // A wrong password is refused; the right one sends the link to the new mailbox.
    await page.getByRole('button', { name: 'Сменить эл. почту' }).click();
    const change = page.getByRole('dialog', { name: 'Сменить эл. почту' });
    const submit = change.getByRole('button', { name: 'Сменить' });
    expect(await submit.isDisabled()).toBe(true);
    await change.getByLabel('Текущий пароль').fill('ne-tot-parol-1');
    await change.getByLabel('Новая эл. почта').fill(newEmail);
    await submit.click();
    await change.getByRole('alert').getByText(AUTH_MESSAGES.wrongPassword).waitFor();
    await change.getByLabel('Текущий пароль').fill(password);
    await submit.click();
    await change.getByText(/сменится, только когда ты откроешь ссылку из этого письма/).waitFor();
    await screenshot(page, 'profile-change-email-sent');
    await change.getByRole('button', { name: 'Понятно' }).click();
    await change.waitFor({ state: 'detached' });
    // Until the link is opened the address stays the old one.
    await page.reload();
    await expectSettled(page, PROFILE_URL, account.getByText(email));

    await page.goto(linkFromMail(await mailTo(newEmail), '/verify-email'));
    await expectSettled(page, /\/verify-email/, page.getByRole('heading', { name: /подтвержден/i }));
    await page.goto(`${journey.app.url}/profile`);
    await expectSettled(page, PROFILE_URL, account.getByText(newEmail));
    await account.getByText('Подтверждена', { exact: true }).waitFor();
    expect(await account.getByText(email).count()).toBe(0);
    await ctx.close();

    // On a phone, signed in with the new address.
    const phone = await newVisitor(journey.browser, 'phone');
    const mobile = await phone.newPage();
    await mobile.goto(journey.app.url);
    await passAdultGate(mobile);
    await logIn(mobile, newEmail, password);
    await mobile.goto(`${journey.app.url}/profile`);
    await expectSettled(
      mobile,
      PROFILE_URL,
      mobile.getByRole('region', { name: 'Аккаунт' }).getByText(newEmail),
    );
    await mobile.locator('li[data-resource="messages"]').getByText('20/день').waitFor();
    await setTheme(mobile, true);
    await screenshot(mobile, 'profile-phone-dark');
    await setTheme(mobile, false);
    await screenshot(mobile, 'profile-phone-light');
    await mobile.getByRole('region', { name: 'Твои подруги' }).scrollIntoViewIfNeeded();
    await screenshot(mobile, 'profile-phone-companions');
    await phone.close();
  });

  it('a guest sees «Гостевой аккаунт», no sign-out, and the register prompt', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(`${journey.app.url}/profile`);
    await passAdultGate(page);
    await expectSettled(page, PROFILE_URL, page.getByRole('region', { name: 'Гостевой аккаунт' }));
    const account = page.getByRole('region', { name: 'Гостевой аккаунт' });
    await account.getByText('Гость', { exact: true }).waitFor();
    expect(await account.getByRole('button', { name: 'Выйти' }).count()).toBe(0);
    await page.locator('li[data-resource="messages"]').getByText('5/день').waitFor();
    await screenshot(page, 'profile-phone-guest');
    await account.getByRole('button', { name: 'Создать аккаунт' }).click();
    await page.getByRole('dialog', { name: 'Создать аккаунт' }).waitFor();
    await ctx.close();
  });

  it('a Plus member cancels her access: the dialog says it ends now, then she is on the free plan', async () => {
    const plusEmail = `lena.plus-${Date.now()}@mail.ru`;
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    await registerFromMenu(page, { name: 'Лена', email: plusEmail, password });
    await grantPlus(plusEmail);

    await page.goto(`${journey.app.url}/profile?cancelSubscription=true`);
    const dialog = page.getByRole('dialog', { name: 'Отменить доступ Plus?' });
    await expectSettled(page, PROFILE_URL, dialog);
    await dialog.getByText(/он закончится сразу/).waitFor();
    await screenshot(page, 'profile-cancel-dialog-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'profile-cancel-dialog-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.getByTestId('plan-name').textContent()).toBe('Plus');
    await dialog.getByRole('button', { name: 'Отменить доступ' }).click();
    await expectToast(page, PROFILE_MESSAGES.cancelled);
    await page.getByTestId('plan-name').getByText('Бесплатный').waitFor();
    await page.getByRole('link', { name: 'Обновить до Plus' }).first().waitFor();

    // Asked again: nothing left to cancel, and a way to buy.
    await page.goto(`${journey.app.url}/profile?cancelSubscription=true`);
    await expectSettled(page, PROFILE_URL, page.getByText(PROFILE_MESSAGES.noActiveAccess));
    await page.locator('.mantine-Notification-root').getByRole('button', { name: 'Купить' }).click();
    await expectSettled(page, /\/plus$/, page.getByRole('heading', { name: 'Plus' }));
    await ctx.close();
  });
});
