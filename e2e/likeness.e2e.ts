import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LIKENESS_TEXTS } from '@podruga/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { registerFromMenu } from './support/account.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, visitHome } from './support/steps.ts';
import { assistantBubbles, CHAT_URL } from './support/wizard.ts';

// No keys: the offline vision (a colour estimate), the offline language model, the offline portraits,
// and the payment sandbox to make the user Plus — as on a fresh `npm start`.
const journey = useJourney();

/** A portrait-like PNG made here: dark red "hair" on top, a light "face" in the middle, noise throughout. */
async function makePhoto(): Promise<Buffer> {
  const width = 400;
  const height = 520;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + Date.now()) % 251;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#6b8fb5"/>
    <rect x="60" y="0" width="280" height="110" fill="#8a2f1c"/>
    <ellipse cx="200" cy="210" rx="90" ry="120" fill="#f2d2bd"/></svg>`;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(svg), blend: 'over' }])
    .png()
    .toBuffer();
}

/** Every file under the app's data folder (the database's own files included). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

/** The files that hold `needle` anywhere in their bytes. */
function filesHolding(dir: string, needle: Buffer): string[] {
  return filesUnder(dir).filter((file) => readFileSync(file).includes(needle));
}

/** Registers from the menu and buys a month of Plus through the sandbox, as the /plus page would. */
async function becomePlus(page: Page): Promise<void> {
  await registerFromMenu(page, { name: 'Олег', email: `likeness-${Date.now()}@mail.ru` });
  const paid = await page.evaluate(async () => {
    const token = localStorage.getItem('auth_token');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown, withToken = true) =>
      (
        await fetch(path, {
          method: 'POST',
          headers: withToken ? headers : { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const order = await post('/api/payment/create', { plan_type: 'monthly' });
    await post(`/api/payment/sandbox/${order.order_id}/pay`, { outcome: 'paid' }, false);
    return post('/api/payment/status', { payment_id: order.payment_id });
  });
  expect(paid.paid, JSON.stringify(paid)).toBe(true);
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('creation by likeness (/ex, /exgenerate)', () => {
  it('a Plus user: the photo suggests fields, previews from the traits, she is created and her chat opens; the photo is on no disk', async () => {
    const page = await visitHome(journey.browser, journey.app.url);
    await becomePlus(page);
    await page.goto(`${journey.app.url}/ex`);
    await expectSettled(page, /\/ex$/, page.getByRole('heading', { name: LIKENESS_TEXTS.title, level: 1 }));
    await page.getByText(LIKENESS_TEXTS.photoPromise).waitFor();
    expect(await page.getByRole('dialog', { name: LIKENESS_TEXTS.upsellTitle }).count()).toBe(0);

    const photo = await makePhoto();
    const mediaDir = join(journey.app.dataDir, 'media');
    const mediaBefore = filesUnder(journey.app.dataDir).filter((f) => f.startsWith(mediaDir));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    const note = page.getByText(LIKENESS_TEXTS.estimateNote);
    await note.waitFor();
    // The offline estimate suggests a hair colour and a skin shade from the colours; the user may change them.
    expect(await page.getByRole('combobox', { name: 'Цвет волос' }).inputValue()).not.toBe('');
    expect(await page.getByRole('combobox', { name: 'Оттенок кожи' }).inputValue()).not.toBe('');
    expect(filesUnder(journey.app.dataDir).filter((f) => f.startsWith(mediaDir))).toEqual(mediaBefore);

    await page.getByRole('textbox', { name: 'Имя' }).fill('Марина');
    await pick(page, 'Национальность', 'Европейская');
    await pick(page, 'Телосложение', 'Спортивное');
    await pick(page, 'Размер груди', 'Средняя');
    await pick(page, 'Форма попы', 'Спортивная');
    await pick(page, 'Цвет волос', 'Рыжие');
    await pick(page, 'Прическа', 'Боб');
    await page
      .getByRole('textbox', { name: 'Описание' })
      .fill('Смешливая, любит горы, кофе по утрам и разговоры о книгах.');
    expect(await page.getByTestId('completion').textContent()).toBe('100%');
    await screenshot(page, 'likeness-form');

    await page.getByRole('button', { name: LIKENESS_TEXTS.create }).click();
    await expectSettled(page, /\/exgenerate$/, page.getByRole('radio', { name: 'Портрет 1' }));
    await screenshot(page, 'likeness-previews');
    await page.getByRole('radio', { name: 'Портрет 2' }).click();
    await page.getByRole('button', { name: LIKENESS_TEXTS.choose }).click();
    await expectSettled(page, CHAT_URL, assistantBubbles(page), { stableMs: 2500 });
    await screenshot(page, 'likeness-chat');

    const her = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      const list = await (
        await fetch('/api/characters/', { headers: { authorization: `Bearer ${token}` } })
      ).json();
      return list.find((c: { name: string }) => c.name === 'Марина');
    });
    expect(her).toMatchObject({ is_ex: true, hair_color: 'red', hairstyle: 'bob_cut' });
    expect(her.image).toMatch(/^[0-9a-f]{40}\.png$/);

    // Nowhere on disk — media, database files, logs — is the photo: a slice of its compressed data.
    const slice = photo.subarray(Math.floor(photo.length / 2), Math.floor(photo.length / 2) + 64);
    expect(filesHolding(journey.app.dataDir, slice)).toEqual([]);
    expect(journey.app.logs().includes(slice.toString('base64'))).toBe(false);
  });

  it('a free user sees the upsell: «Назад» leads home', async () => {
    const page = await visitHome(journey.browser, journey.app.url);
    await registerFromMenu(page, { name: 'Ира', email: `free-${Date.now()}@mail.ru` });
    await page.goto(`${journey.app.url}/ex`);
    const dialog = page.getByRole('dialog', { name: LIKENESS_TEXTS.upsellTitle });
    await dialog.getByText(LIKENESS_TEXTS.upsellText).waitFor();
    await dialog.getByRole('button', { name: LIKENESS_TEXTS.upsellUpgrade }).waitFor();
    await screenshot(page, 'likeness-upsell');
    await dialog.getByRole('button', { name: LIKENESS_TEXTS.upsellBack }).click();
    await expectSettled(page, /\/$/, page.getByRole('button', { name: 'Довести до идеала' }));
  });
});
