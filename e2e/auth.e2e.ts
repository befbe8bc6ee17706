import { AUTH_MESSAGES } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { logIn, logOut, menuName, openAuthDialog } from './support/account.ts';
import { linkFromMail } from './support/app.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, expectToast, passAdultGate, storedToken } from './support/steps.ts';

const journey = useJourney();

const email = `anna.e2e-${Date.now()}@mail.ru`;
const password = 'lunnaya-noch-7';
const newPassword = 'novyi-parol-42';

describe('accounts in the journey.browser', () => {
  it('registers with the validation messages in order, survives a reload, logs out and in again', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    const guestToken = await storedToken(page);
    const guestId = JSON.parse(Buffer.from(guestToken!.split('.')[1]!, 'base64url').toString()).sub;

    const login = await openAuthDialog(page);
    await login.getByRole('checkbox', { name: 'Создать новый аккаунт' }).check();
    const dialog = page.getByRole('dialog', { name: 'Создать аккаунт' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Создать аккаунт' });
    const consent = dialog.getByRole('checkbox', { name: /Я принимаю/ });
    expect(await submit.isDisabled()).toBe(true);
    await consent.check();

    const steps: Array<[() => Promise<void>, string]> = [
      [async () => {}, AUTH_MESSAGES.nameRequired],
      [() => dialog.getByLabel('Имя').fill('Анна'), AUTH_MESSAGES.emailRequired],
      [() => dialog.getByLabel('Эл. почта').fill('anna@mail'), AUTH_MESSAGES.emailInvalid],
      [() => dialog.getByLabel('Эл. почта').fill(email), AUTH_MESSAGES.passwordRequired],
      [() => dialog.getByLabel('Пароль', { exact: true }).fill('short'), AUTH_MESSAGES.passwordTooShort],
    ];
    for (const [act, message] of steps) {
      await act();
      await submit.click();
      await expectToast(page, message);
    }
    await dialog.getByLabel('Пароль', { exact: true }).fill(password);
    // With consent unticked the button is disabled; Enter in the form still reaches the consent rule.
    await consent.uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Пароль', { exact: true }).press('Enter');
    await expectToast(page, AUTH_MESSAGES.consentRequired);
    await screenshot(page, 'register-validation');

    await consent.check();
    await submit.click();
    await expectToast(page, AUTH_MESSAGES.registerSuccess);
    await dialog.waitFor({ state: 'detached' });
    expect(await menuName(page)).toBe('Анна');

    // The guest was upgraded in place: same user id.
    const token = await storedToken(page);
    expect(JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).sub).toBe(guestId);

    await page.reload();
    await page.getByRole('button', { name: 'Меню пользователя' }).waitFor();
    expect(await menuName(page)).toBe('Анна');

    await logOut(page);
    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    expect(await menuName(page)).toBe('Гость');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    const newGuest = await storedToken(page);
    expect(newGuest).not.toBe(token);

    await logIn(page, email, password);
    expect(await menuName(page)).toBe('Анна');

    // The registration mail confirms the address.
    const verifyLink = linkFromMail(
      journey.app.outbox().find((m) => m.includes('/verify-email'))!,
      '/verify-email',
    );
    await page.goto(verifyLink);
    await expectSettled(page, /\/verify-email/, page.getByRole('heading', { name: /подтвержден/i }));
    await screenshot(page, 'verify-email');
    await ctx.close();
  });

  it('recovers a forgotten password through the mailed link', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    const dialog = await openAuthDialog(page);
    await dialog.getByRole('button', { name: 'Забыли пароль?' }).click();
    const recovery = page.getByRole('dialog', { name: 'Восстановление пароля' });
    await recovery.waitFor();
    await recovery.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expectToast(page, AUTH_MESSAGES.recoveryEmailRequired);
    await recovery.getByLabel('Эл. почта').fill(email);
    const before = journey.app.outbox().length;
    await recovery.getByRole('button', { name: 'Отправить ссылку' }).click();
    await recovery.getByText(AUTH_MESSAGES.recoverySuccess).waitFor();
    await page.getByRole('dialog', { name: 'Вход' }).waitFor({ timeout: 8000 });
    await page.keyboard.press('Escape');

    let mails = journey.app.outbox();
    for (let i = 0; i < 50 && mails.length === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = journey.app.outbox();
    }
    const link = linkFromMail(mails.at(-1)!, '/reset-password');
    await page.goto(link);
    await page.getByLabel('Новый пароль').fill(newPassword);
    await page.getByLabel('Повторите пароль').fill(newPassword);
    await page.getByRole('button', { name: /Сохранить|Изменить/ }).click();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    await screenshot(page, 'reset-password-done');

    await page.goto(journey.app.url);
    await logIn(page, email, newPassword);
    expect(await menuName(page)).toBe('Анна');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('Новый пароль').fill('esche-odin-parol');
    await page.getByLabel('Повторите пароль').fill('esche-odin-parol');
    await page.getByRole('button', { name: /Сохранить|Изменить/ }).click();
    await page
      .getByText(/недействительна|устарела/)
      .first()
      .waitFor();
    await ctx.close();
  });
});
