import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { passAdultGate } from './support/steps.ts';

const journey = useJourney();

/** The page-level dialogs /test/dialogs opens with sample data (features/debug/SampleDialogsDebug.tsx). */
const SAMPLES = [
  'Галерея фото',
  'Загрузка фото',
  'Подсказки для фото',
  'Подсказки для видео (Plus)',
  'Примеры видео (без Plus)',
  'Голосовое сообщение',
  'Голосовой звонок',
  'Портреты (просмотр)',
  'Пейвол: лимит гостя',
  'Пейвол: лимит бесплатного',
  'Пейвол: общий',
  'Создание по образу: только Plus',
  'Выход из аккаунта',
  'Удаление подруги',
  'Отмена Plus',
  'Отмена VIP',
  'Смена e-mail',
  'Уведомления: вариант 1',
  'Уведомления: вариант 2',
  'Уведомления: вариант 3',
];

describe('/test/dialogs', () => {
  it('opens every page-level dialog with sample data, and each closes with Escape', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    await page.goto(`${journey.app.url}/test/dialogs?token=${journey.app.debugSecret}`);
    await passAdultGate(page);
    await page.getByRole('heading', { name: 'Тест диалогов' }).waitFor();
    const titles: string[] = [];
    for (const label of SAMPLES) {
      await page.getByRole('button', { name: label, exact: true }).click();
      const dialog = page.getByRole('dialog').last();
      await dialog.waitFor();
      const title =
        (await dialog.getAttribute('aria-label')) ?? (await dialog.locator('h2').first().textContent());
      titles.push(`${label}: ${title}`);
      if (label === 'Удаление подруги') await dialog.getByText('Алиса', { exact: false }).first().waitFor();
      if (label === 'Пейвол: лимит гостя') await screenshot(page, 'debug-dialogs-paywall');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    }
    expect(titles).toHaveLength(SAMPLES.length);
    await ctx.close();
  });
});
