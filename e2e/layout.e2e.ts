import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, screenshot, type Viewport } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, passAdultGate } from './support/steps.ts';

const journey = useJourney();

async function visitor(viewport: Viewport): Promise<Page> {
  const ctx = await newVisitor(journey.browser, viewport);
  return ctx.newPage();
}

async function home(viewport: Viewport): Promise<Page> {
  const page = await visitor(viewport);
  await page.goto(journey.app.url);
  await passAdultGate(page);
  return page;
}

interface Edges {
  left: number;
  right: number;
}

/** The content box (inside the padding) of the first element matching `selector`. */
function contentEdges(page: Page, selector: string): Promise<Edges> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        left: box.left + Number.parseFloat(style.paddingLeft),
        right: box.right - Number.parseFloat(style.paddingRight),
      };
    });
}

/** The header's row lines up with the page's content column (issue 9: "aligned with the content width"). */
async function expectHeaderAligned(page: Page, pageSelector: string): Promise<void> {
  const header = await contentEdges(page, 'header > div');
  const content = await contentEdges(page, pageSelector);
  expect(Math.abs(header.left - content.left), 'left edges').toBeLessThanOrEqual(1);
  expect(Math.abs(header.right - content.right), 'right edges').toBeLessThanOrEqual(1);
}

describe('layout and polish', () => {
  it('on a desktop the header lines up with the gallery, the chat and the wizard', async () => {
    const page = await visitor('desktop');
    await adoptFirstCompanion(page, journey.app.url);
    // The chat column's own bar (her name and avatar) is what the header lines up with.
    await expectHeaderAligned(page, 'main > div > :first-child');
    await screenshot(page, 'layout-chat-desktop');

    await page.goto(`${journey.app.url}/gfs`);
    await page.getByRole('article').first().waitFor();
    await expectHeaderAligned(page, 'main > div');
    await screenshot(page, 'layout-gallery-desktop');

    // A fresh visitor sees the wizard at / (a returning one is sent back to her chat).
    const fresh = await home('desktop');
    await fresh.getByRole('heading', { level: 1 }).waitFor();
    await expectHeaderAligned(fresh, 'main > div');
    await screenshot(fresh, 'layout-home-desktop');
    await fresh.context().close();
    await page.context().close();
  });

  it('on a phone the gallery tags are whole words and the footer links are 44 px targets', async () => {
    const page = await home('phone');
    const links = page.locator('footer').getByRole('button');
    await links.first().scrollIntoViewIfNeeded();
    // The two legal texts, «Помощь» and «Поддержка».
    expect(await links.count()).toBe(4);
    for (const box of await Promise.all((await links.all()).map((l) => l.boundingBox()))) {
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, 'layout-footer-phone');

    await page.goto(`${journey.app.url}/gfs`);
    const tags = page.getByRole('article').locator('.mantine-Badge-label');
    await tags.first().waitFor();
    const cut = await tags.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    // A summary clamped to 3 lines is no taller than 3 lines (a stretched one shows a 4th under the ellipsis).
    const tall = await page
      .getByRole('article')
      .locator('p')
      .evaluateAll((els) =>
        els
          .filter(
            (el) =>
              el.getBoundingClientRect().height > 3 * Number.parseFloat(getComputedStyle(el).lineHeight) + 1,
          )
          .map((el) => el.textContent),
      );
    expect(tall).toEqual([]);
    await screenshot(page, 'layout-gallery-phone');
    await page.context().close();
  });

  it('on a phone the privacy dialog title stays clear of its close button', async () => {
    const page = await home('phone');
    await page.goto(`${journey.app.url}/privacy`);
    const dialog = page.getByRole('dialog', { name: 'Политика конфиденциальности' });
    await dialog.waitFor();
    // The text itself, not its box: overflowing text runs past the box it belongs to.
    const textRight = await dialog.locator('.mantine-Modal-title').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.max(...[...range.getClientRects()].map((r) => r.right));
    });
    const close = await dialog.getByRole('button', { name: 'Закрыть' }).boundingBox();
    expect(close).toBeTruthy();
    // At least 8 px of air: the close button's focus ring is drawn outside its box.
    expect(textRight + 8).toBeLessThanOrEqual(close?.x ?? 0);
    await screenshot(page, 'layout-privacy-phone');
    await page.context().close();
  });

  it('the paywall offers only what can be bought: «Улучшить до Plus» leads to /plus', async () => {
    const page = await visitor('phone');
    // A guest's second companion: the guest_limit paywall.
    await adoptFirstCompanion(page, journey.app.url);
    await page.goto(`${journey.app.url}/gfs`);
    await page
      .getByRole('article')
      .nth(1)
      .getByRole('button', { name: /^Выбрать/ })
      .click();
    const paywall = page.getByRole('dialog', { name: 'Хочешь ещё одну подругу?' });
    await paywall.waitFor();
    const text = (await paywall.textContent()) ?? '';
    // What Plus gives, with the real numbers: videos (issue 14) and call minutes (issue 15).
    expect(text).toMatch(/5 видео в день/);
    expect(text).toMatch(/5 минут голосовых звонков в день/);
    await paywall.getByRole('button', { name: 'Создать аккаунт' }).waitFor();
    await screenshot(page, 'layout-paywall-phone');
    await paywall.getByRole('button', { name: 'Улучшить до Plus' }).click();
    await expectSettled(page, /\/plus$/, page.getByRole('radiogroup', { name: 'Срок доступа' }));
    await page.context().close();
  });
});
