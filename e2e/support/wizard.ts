import type { Locator, Page } from 'playwright-core';
import { expectSettled } from './steps.ts';

/** A chat's address: /chat/{uuid}. */
export const CHAT_URL = /\/chat\/[0-9a-f-]{36}$/;

/** Her bubbles in the chat (the greeting is the first). */
export function assistantBubbles(page: Page): Locator {
  return page.locator('[data-testid="chat-message"][data-sender="assistant"]');
}

/** Picks an option of one of the wizard's radio groups (cards and chips). */
export function choose(page: Page, group: string, option: string): Promise<void> {
  return page
    .getByRole('radiogroup', { name: group })
    .getByRole('radio', { name: option, exact: true })
    .click();
}

/** Picks an option of one of the wizard's selects. */
async function selectOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills every required field of step one (001 §5). */
export async function fillStepOne(page: Page, name: string): Promise<void> {
  await page.getByLabel('Имя', { exact: true }).fill(name);
  await page.getByLabel('Возраст').fill('24');
  await choose(page, 'Телосложение', 'Стройное');
  await choose(page, 'Размер груди', 'Средняя');
  await choose(page, 'Форма попы', 'Спортивная');
  await choose(page, 'Национальность', 'Белая');
  await choose(page, 'Цвет волос', 'Рыжий');
}

/** Fills every required field of the personality page (001 §5). */
export async function fillPersonality(page: Page): Promise<void> {
  await choose(page, 'Характер', 'Лисичка');
  await choose(page, 'Профессия', 'Шеф-повар');
  await choose(page, 'Сексуальные привычки', 'Романтичная');
  await choose(page, 'Манера речи', 'Поэтичная');
  await selectOption(page, 'Прическа', 'Боб');
  await selectOption(page, 'Оттенок кожи', 'Светлая');
  await choose(page, 'Преобладающее настроение', 'Спокойное');
}

/** Waits for the generated portrait to be drawn and returns its source. */
export async function portrait(page: Page): Promise<string> {
  const img = page.getByRole('button', { name: 'Открыть портрет крупно' }).locator('img');
  await img.waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const el = document.querySelector('img[src^="data:image/png"]') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  return (await img.getAttribute('src')) ?? '';
}

/**
 * "Узнать {имя} ближе": the user settles on her chat (not a page passed through on the way) with her
 * greeting on screen. Returns the chat's id.
 */
export async function getToKnow(page: Page, accusative: string): Promise<string> {
  await page.getByRole('button', { name: `Узнать ${accusative} ближе` }).click();
  await expectSettled(page, CHAT_URL, assistantBubbles(page), { stableMs: 2500 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** The whole "Довести до идеала" path from a filled step one to the generation page's portrait. */
export async function refineToPortrait(page: Page, name: string): Promise<void> {
  await fillStepOne(page, name);
  await page.getByRole('button', { name: 'Довести до идеала' }).click();
  await expectSettled(page, /\/personify$/, page.getByRole('button', { name: 'Создать подругу' }));
  await fillPersonality(page);
  await page.getByRole('button', { name: 'Создать подругу' }).click();
  await expectSettled(page, /\/generation$/, page.getByRole('button', { name: 'Открыть портрет крупно' }));
  await portrait(page);
}

/** The "Сгенерировать и почувствовать" path from a filled step one to the generation page's portrait. */
export async function generateToPortrait(page: Page, name: string): Promise<void> {
  await fillStepOne(page, name);
  await page.getByRole('button', { name: 'Сгенерировать и почувствовать' }).click();
  await expectSettled(page, /\/generation$/, page.getByRole('button', { name: 'Открыть портрет крупно' }));
  await portrait(page);
}
