import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerFromMenu } from './support/account.ts';
import { linkFromMail } from './support/app.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, passAdultGate } from './support/steps.ts';

const journey = useJourney({ env: { ADMIN_EMAILS: 'boss@podruga.app' } });

/** Pays for the chosen Plus plan on /plus through the sandbox's own page (no payment keys here). */
async function buyPlus(page: Page): Promise<void> {
  await page.goto(`${journey.app.url}/plus`);
  await expectSettled(page, /\/plus$/, page.getByRole('radiogroup', { name: 'Срок доступа' }));
  await page.getByRole('radio', { name: 'Карта или СБП' }).check();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const tab = await popup;
  await tab.getByRole('heading', { name: 'Тестовая оплата' }).waitFor();
  await tab.getByRole('button', { name: 'Оплатить' }).click();
  await tab.getByText('Оплата прошла успешно').first().waitFor();
  await tab.close();
}

describe('affiliate links', () => {
  it('a payment made after an affiliate link shows up in the admin report; no one else sees it', async () => {
    // The buyer arrives through a blogger's link, signs up and buys Plus.
    const buyerCtx = await newVisitor(journey.browser, 'desktop');
    const buyer = await buyerCtx.newPage();
    await buyer.goto(`${journey.app.url}/aff/Blogger-7`);
    await passAdultGate(buyer);
    await expectSettled(buyer, /\/$/, buyer.getByRole('heading', { name: /Создай свою/ }));
    expect(await buyer.evaluate(() => localStorage.getItem('affiliate_code'))).toBe('blogger-7');
    await registerFromMenu(buyer, { name: 'Покупатель', email: 'buyer@podruga.app' });
    await buyPlus(buyer);

    // Not an admin: the report is refused.
    await buyer.goto(`${journey.app.url}/admin/affiliates`);
    await expectSettled(
      buyer,
      /\/admin\/affiliates$/,
      buyer.getByText('Эта страница доступна только администраторам'),
    );

    // The admin, with a confirmed address from ADMIN_EMAILS.
    const adminCtx = await newVisitor(journey.browser, 'desktop');
    const admin = await adminCtx.newPage();
    await admin.goto(journey.app.url);
    await passAdultGate(admin);
    await registerFromMenu(admin, { name: 'Админ', email: 'boss@podruga.app' });
    const mail = journey.app
      .outbox()
      .find((m) => m.includes('boss@podruga.app') && m.includes('/verify-email'));
    await admin.goto(linkFromMail(mail ?? '', '/verify-email'));
    await expectSettled(admin, /\/verify-email/, admin.getByRole('heading', { name: /подтвержден/i }));
    await admin.goto(`${journey.app.url}/admin/affiliates`);
    const table = admin.getByRole('table', { name: 'Партнёрские ссылки' });
    await expectSettled(admin, /\/admin\/affiliates$/, table);
    const row = table.getByRole('row').filter({ hasText: 'blogger-7' });
    // Visits, users, sign-ups, payments, revenue (the 3-month plan, chosen first on /plus).
    await expect
      .poll(async () =>
        (await row.getByRole('cell').allTextContents()).slice(0, 6).map((t) => t.replace(/\s/g, ' ')),
      )
      .toEqual(['blogger-7', '1', '1', '1', '1', '2 490 ₽']);
    await screenshot(admin, 'affiliates-admin-report');

    // The same admin sees the job queue (issue 17): the kinds this app runs, and no failures.
    await admin.goto(`${journey.app.url}/admin/jobs`);
    const kinds = admin.getByRole('table', { name: 'Задачи по видам' });
    await expectSettled(admin, /\/admin\/jobs$/, kinds);
    await kinds.getByRole('row', { name: /her-media/ }).waitFor();
    await screenshot(admin, 'admin-jobs');
    await buyerCtx.close();
    await adminCtx.close();
  });
});
