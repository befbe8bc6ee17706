import { AUTH_MESSAGES } from '@podruga/shared';
import type { Locator, Page } from 'playwright-core';
import { closeMenu, expectToast, openUserMenu } from './steps.ts';

/** Opens «Вход» from the user menu. */
export async function openAuthDialog(page: Page): Promise<Locator> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await dialog.waitFor();
  return dialog;
}

/** The name the user menu shows at its top ('Гость' for a guest). */
export async function menuName(page: Page): Promise<string> {
  await openUserMenu(page);
  const label = (await page.locator('.mantine-Menu-label').first().textContent()) ?? '';
  await closeMenu(page);
  return label.trim();
}

/** Fills the open «Создать аккаунт» dialog, consents and waits for the success toast. */
export async function fillRegistration(
  page: Page,
  account: { name: string; email?: string; password?: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Создать аккаунт' });
  await dialog.waitFor();
  await dialog.getByLabel('Имя').fill(account.name);
  await dialog.getByLabel('Эл. почта').fill(account.email ?? `user-${Date.now()}@mail.ru`);
  await dialog.getByLabel('Пароль', { exact: true }).fill(account.password ?? 'zvezdnaya-noch-9');
  await dialog.getByRole('checkbox', { name: /Я принимаю/ }).check();
  await dialog.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expectToast(page, AUTH_MESSAGES.registerSuccess);
  await dialog.waitFor({ state: 'detached' });
}

/** Registers from the user menu: «Войти», then «Создать новый аккаунт». */
export async function registerFromMenu(
  page: Page,
  account: { name: string; email?: string; password?: string },
): Promise<void> {
  const login = await openAuthDialog(page);
  await login.getByRole('checkbox', { name: 'Создать новый аккаунт' }).check();
  await fillRegistration(page, account);
}

/** Logs in from the user menu and waits for the dialog to close. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = await openAuthDialog(page);
  await dialog.getByLabel('Эл. почта').fill(email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expectToast(page, AUTH_MESSAGES.loginSuccess);
  await dialog.waitFor({ state: 'detached' });
}

/** Logs out from the user menu. */
export async function logOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expectToast(page, AUTH_MESSAGES.logoutMenu);
}
