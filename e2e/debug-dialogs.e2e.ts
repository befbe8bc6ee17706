import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, passAdultGate } from './support/steps.ts';

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

  it('/hbar turns on the console log of API calls and socket events; /hbar/off turns it off', async () => {
    const ctx = await newVisitor(journey.browser);
    const page = await ctx.newPage();
    const lines: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('[admin]')) lines.push(m.text());
    });
    await page.goto(`${journey.app.url}/hbar`);
    await passAdultGate(page);
    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    expect(await page.evaluate(() => localStorage.getItem('admin_logging'))).toBe('true');
    await page.reload();
    await page.getByRole('heading', { name: /Создай свою/ }).waitFor();
    await expect
      .poll(() => lines.some((l) => /\[admin\] api (GET|POST) \/api\/\S+ → \d+ in \d+ ms/.test(l)))
      .toBe(true);
    await page.goto(`${journey.app.url}/hbar/off`);
    await expectSettled(page, /\/$/, page.getByRole('heading', { name: /Создай свою/ }));
    expect(await page.evaluate(() => localStorage.getItem('admin_logging'))).toBeNull();
    await ctx.close();
  });
});
