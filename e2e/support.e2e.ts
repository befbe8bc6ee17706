import { SUPPORT_MESSAGES } from '@podruga/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerFromMenu } from './support/account.ts';
import { screenshot, type Viewport } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, expectToast, visitHome } from './support/steps.ts';

const SUPPORT_EMAIL = 'help@podruga.test';
const TELEGRAM = 'podruga_help';
const journey = useJourney({
  env: {
    BRANDS: JSON.stringify([
      {
        id: 'podruga',
        hosts: ['podruga.app'],
        logoText: 'Podruga',
        title: 'Podruga — твоя AI-подруга',
        supportEmail: SUPPORT_EMAIL,
        supportTelegram: TELEGRAM,
      },
    ]),
  },
});

/** The text/plain part of an .eml as nodemailer writes it (quoted-printable or base64). */
function plainText(raw: string): string {
  const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: ([\w-]+)\n\n([\s\S]*?)\n--/.exec(
    raw,
  );
  if (!part?.[2]) return raw;
  if (part[1] === 'base64') return Buffer.from(part[2].replace(/\s+/g, ''), 'base64').toString('utf8');
  if (part[1] === 'quoted-printable') {
    const bytes = part[2].replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return part[2];
}

/** The mails in the app's outbox addressed to `to`, waiting up to 30 s for the first. */
async function mailsTo(to: string): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = journey.app.outbox().filter((raw) => new RegExp(`^To: ${to}$`, 'm').test(raw));
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function openFromFooter(page: Page, label: 'Помощь' | 'Поддержка') {
  const link = page.getByRole('contentinfo').getByRole('button', { name: label });
  await link.scrollIntoViewIfNeeded();
  await link.click();
}

describe('support', () => {
  it('a registered user writes to support: the toast, and the request in the outbox for the brand’s address', async () => {
    const page = await visitHome(journey.browser, journey.app.url);
    const email = `anya-${Date.now()}@mail.ru`;
    await registerFromMenu(page, { name: 'Аня', email });

    await openFromFooter(page, 'Поддержка');
    const dialog = page.getByRole('dialog', { name: 'Поддержка' });
    await dialog.waitFor();
    // Her own address is filled in; the brand's address and Telegram are in view.
    expect(await dialog.getByLabel('Эл. почта для ответа').inputValue()).toBe(email);
    await dialog.getByRole('link', { name: SUPPORT_EMAIL }).waitFor();
    expect(await dialog.getByRole('link', { name: `@${TELEGRAM}` }).getAttribute('href')).toBe(
      `https://t.me/${TELEGRAM}`,
    );

    // The spec's first rule speaks before anything is sent.
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText(SUPPORT_MESSAGES.issueTypeRequired).waitFor();
    await dialog.getByLabel('Тип проблемы').selectOption({ label: 'Сообщение об ошибке' });
    const message = 'Не приходит письмо подтверждения.\nПроверила спам — пусто.';
    await dialog.getByRole('textbox', { name: 'Сообщение' }).fill(message);
    await screenshot(page, 'support-dialog-desktop');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expectToast(page, SUPPORT_MESSAGES.success);
    await dialog.waitFor({ state: 'detached' });
    await expectSettled(page, /\/$/, page.getByRole('heading', { level: 1 }));

    const [mail] = await mailsTo(SUPPORT_EMAIL);
    expect(mail, 'a mail to the support address in the outbox').toBeDefined();
    expect(mail).toMatch(new RegExp(`^Reply-To: ${email}$`, 'm'));
    const text = plainText(mail ?? '');
    expect(text).toContain('Тип: Сообщение об ошибке');
    expect(text).toContain(message);
    await page.context().close();
  });

  for (const viewport of ['phone', 'desktop'] satisfies Viewport[]) {
    it(`the help guide on a ${viewport}: 9 sections (the spec's 8 and the crisis protocol's), the limits, a portrait preview, and the way to support`, async () => {
      const page = await visitHome(journey.browser, journey.app.url, viewport);
      await openFromFooter(page, 'Помощь');
      const guide = page.getByRole('dialog', { name: 'Как всё устроено' });
      await guide.waitFor();
      expect(await guide.locator('[data-testid="help-section"]').count()).toBe(9);
      await screenshot(page, `help-guide-${viewport}`);

      await guide.getByRole('table', { name: 'Лимиты по тарифам' }).scrollIntoViewIfNeeded();
      await screenshot(page, `help-guide-limits-${viewport}`);

      // The catalogue's portraits, drawn by the app's own image provider at start.
      const portrait = guide.getByRole('button', { name: /^Открыть портрет:/ }).first();
      await portrait.waitFor({ timeout: 60_000 });
      await portrait.scrollIntoViewIfNeeded();
      await screenshot(page, `help-guide-photos-${viewport}`);
      const name = ((await portrait.getAttribute('aria-label')) ?? '').replace('Открыть портрет: ', '');
      await portrait.click();
      const preview = page.getByRole('dialog', { name, exact: true });
      await preview.waitFor();
      // The picture on screen once it has faded in and loaded, not half-way.
      await preview.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await screenshot(page, `help-guide-preview-${viewport}`);
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      await guide.waitFor();

      await guide.getByRole('button', { name: 'Написать в поддержку' }).click();
      const support = page.getByRole('dialog', { name: 'Поддержка' });
      await support.waitFor();
      await guide.waitFor({ state: 'detached' });
      // A guest has no address on file: the field is empty.
      expect(await support.getByLabel('Эл. почта для ответа').inputValue()).toBe('');
      await screenshot(page, `support-dialog-${viewport}`);

      // The light theme too.
      await page.keyboard.press('Escape');
      await support.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Переключить тему' }).click();
      await openFromFooter(page, 'Помощь');
      await guide.getByRole('table', { name: 'Лимиты по тарифам' }).scrollIntoViewIfNeeded();
      await screenshot(page, `help-guide-light-${viewport}`);
      await guide.getByRole('button', { name: 'Написать в поддержку' }).click();
      await support.waitFor();
      await screenshot(page, `support-dialog-light-${viewport}`);
      await page.context().close();
    });
  }
});
