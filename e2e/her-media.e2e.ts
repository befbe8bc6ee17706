import { HER_MEDIA_TEXTS, IMAGE_REQUEST_EXAMPLES, MEDIA_DIALOG_TEXTS } from '@podruga/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerFromMenu } from './support/account.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { bubbles } from './support/chat.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, storedToken } from './support/steps.ts';

// A guest may ask for one photo a day here (PHOTOS_PER_DAY), so the second one meets the card; a
// registered user keeps the default 5. Images and videos come from the offline adapters, as on a fresh
// `npm start`.
// On PGlite the server turns V8's WebAssembly tier-up off for its memory (decision 0029), which makes the
// offline clip encoder 1.6× slower; the clips' render speed is not what these journeys test, and three
// journeys share two cores, so this one keeps the tier-up.
const journey = useJourney({
  env: { PHOTOS_PER_DAY: 'guest:1', PREVIEW_CLIPS: '3', PGLITE_WASM_TIER_UP: 'on' },
});
const CHAT = /\/chat\/[0-9a-f-]{36}$/;

/** Her photo and video frames, newest last. */
const herMedia = (page: Page) => page.locator('[data-testid="her-media"]');

async function ask(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
  await bubbles(page, 'user').filter({ hasText: text }).last().waitFor();
}

/** Waits until the image really loaded (decoded, with a size), not just until the tag is there. */
async function expectLoadedImage(image: Locator): Promise<void> {
  await image.waitFor({ timeout: 60_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** Waits until a video has decoded frames (the browser can play it), not just until the tag is there. */
async function expectPlayableVideo(video: Locator): Promise<void> {
  await video.waitFor({ timeout: 90_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
}

async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const token = await storedToken(page);
  const res = await fetch(`${journey.app.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

describe('photos and videos of her', () => {
  it('a registered user asks for a photo in words and gets one that survives a reload', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    await registerFromMenu(page, { name: 'Фотограф', email: `photo-${Date.now()}@mail.ru` });

    await ask(page, 'Пришли фото на пляже');
    const frame = herMedia(page).last();
    await frame.waitFor();
    // The placeholder first (the offline drawing is quick: it may already be done), then the photo.
    await expectLoadedImage(frame.getByRole('img', { name: /фото/i }));
    await screenshot(page, 'her-photo-desktop');
    const src = await frame.getByRole('img').getAttribute('src');
    expect(src).toMatch(/\/pics\//);

    await page.reload();
    await expectSettled(page, CHAT, herMedia(page).last());
    const again = herMedia(page).last().getByRole('img', { name: /фото/i });
    await expectLoadedImage(again);
    expect(await again.getAttribute('src')).toBe(src);
    expect(await page.getByText(HER_MEDIA_TEXTS.demo).count()).toBeGreaterThan(0);
  });

  it('a guest asks through the photo tips; the second photo of the day meets the photo card', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);

    await page.getByRole('button', { name: HER_MEDIA_TEXTS.attachImageTips }).click();
    const tips = page.getByRole('dialog', { name: MEDIA_DIALOG_TEXTS.imageInstructionsTitle });
    await tips.waitFor();
    expect(await tips.getByRole('button').filter({ hasText: /\S/ }).count()).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'her-photo-tips');
    await tips.getByRole('button', { name: IMAGE_REQUEST_EXAMPLES[1] }).click();
    await tips.waitFor({ state: 'hidden' });
    await bubbles(page, 'user').filter({ hasText: IMAGE_REQUEST_EXAMPLES[1] }).waitFor();
    await expectLoadedImage(herMedia(page).last().getByRole('img', { name: /фото/i }));

    await ask(page, 'А теперь пришли фото в кафе');
    await page.getByText('Фото на сегодня закончились').first().waitFor();
    await screenshot(page, 'her-photo-limit-card');
    // Only one photo: the refused request made none, and words still go through.
    expect(await herMedia(page).count()).toBe(1);
  });

  it('a guest asking for a video hears her answer and sees the preview of Plus', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);

    await ask(page, 'Пришли видео, где ты танцуешь');
    const preview = page.getByRole('dialog', { name: MEDIA_DIALOG_TEXTS.videoPreviewTitle });
    await preview.waitFor({ timeout: 30_000 });
    // The clips are made at the first start from the ready-made companions (here the first 3, to spare
    // the machine the other journeys run on; the dialog skips clips not made): one plays.
    await expect
      .poll(
        () =>
          preview
            .locator('video')
            .evaluateAll((videos: HTMLVideoElement[]) => videos.some((v) => v.readyState >= 2 && !v.paused)),
        { timeout: 90_000 },
      )
      .toBe(true);
    await screenshot(page, 'her-video-preview-phone');
    await preview.getByRole('button', { name: MEDIA_DIALOG_TEXTS.upgrade }).click();
    await expectSettled(page, /\/plus(\?.*)?$/, page.getByRole('radiogroup', { name: 'Срок доступа' }));
  });

  it('a Plus member gets her video, and it arrives after a reload in the middle of its making', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    // Plus through the payment sandbox, the way a purchase grants it (decision 0020).
    const order = await api<{ order_id: string }>(page, '/api/payment/create', { plan_type: 'monthly' });
    const paid = await api<{ success: boolean }>(page, `/api/payment/sandbox/${order.order_id}/pay`, {
      outcome: 'paid',
    });
    expect(paid.success).toBe(true);
    await page.reload();
    await expectSettled(page, CHAT, bubbles(page, 'assistant'));

    // A Plus member's video button opens the video tips.
    await page.getByRole('button', { name: HER_MEDIA_TEXTS.attachVideo }).click();
    const tips = page.getByRole('dialog', { name: MEDIA_DIALOG_TEXTS.videoInstructionsTitle });
    await tips.waitFor();
    await screenshot(page, 'her-video-tips');
    await tips.getByRole('button', { name: 'Закрыть' }).first().click();

    await ask(page, 'Сними видео, где ты улыбаешься в камеру');
    await herMedia(page).last().getByText(HER_MEDIA_TEXTS.videoPending).waitFor();
    await screenshot(page, 'her-video-pending');
    await page.reload();
    await expectSettled(page, CHAT, herMedia(page).last());
    const video = herMedia(page).last().locator('video');
    await expectPlayableVideo(video);
    expect(await video.getAttribute('src')).toMatch(/\/vids\/her_[\w-]+\.mp4$/);
    await screenshot(page, 'her-video-ready');
  });
});
