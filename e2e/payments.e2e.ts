import { PAYMENT_MESSAGES, PLAN_DAYS } from '@podruga/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillRegistration, registerFromMenu } from './support/account.ts';
import { newVisitor, screenshot } from './support/browser.ts';
import { bubbles, say } from './support/chat.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, storedToken } from './support/steps.ts';

// No payment keys: every method is the sandbox (decision 0020), as on a fresh `npm start`.
const journey = useJourney();

const PLUS_PAGE = /\/plus(\?.*)?$/;
const longDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const inDays = (days: number) => longDate.format(new Date(Date.now() + days * 86_400_000));

const plans = (page: Page) => page.getByRole('radiogroup', { name: 'Срок доступа' });

/** Picks a way to pay on /plus or /vip and presses «Оплатить …»; the sandbox page opens in a new tab. */
async function payWith(page: Page, method: string): Promise<Page> {
  await page.getByRole('radio', { name: method }).check();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const tab = await popup;
  await tab.getByRole('heading', { name: 'Тестовая оплата' }).waitFor();
  return tab;
}

/** The profile says Plus (and VIP) until the expected day. */
async function expectPlan(page: Page, lines: string[]): Promise<void> {
  await page.goto(`${journey.app.url}/profile`);
  await expectSettled(page, /\/profile$/, page.getByRole('heading', { name: 'Профиль', level: 1 }));
  for (const line of lines) await page.getByText(line).first().waitFor();
}

describe('payments through the sandbox', () => {
  it('a guest at her daily limit buys Plus for 3 months by redirect, comes back and chats on', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    const chatUrl = page.url();

    // A guest has 5 messages a day; the sixth meets the limit card, which now offers Plus.
    for (let i = 1; i <= 5; i++) await say(page, `Сообщение номер ${i}`);
    await page.getByRole('textbox', { name: 'Сообщение' }).fill('Ещё одно');
    await page.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
    await page.getByText(/с Plus — 50/).waitFor();
    await page.getByRole('button', { name: 'Получить Plus' }).click();

    await expectSettled(page, PLUS_PAGE, plans(page));
    // Three months is chosen first; the price comes from the server's table.
    expect(
      await plans(page)
        .getByRole('radio', { name: /^3 месяца/ })
        .isChecked(),
    ).toBe(true);
    await page.getByText('Тестовая оплата').first().waitFor();
    await screenshot(page, 'payments-plus-page');

    // No details typed: her guest session pays (002 §4, decision 0020).
    const tab = await payWith(page, 'Карта или СБП');
    expect(await tab.textContent('body')).toMatch(/2\s?490/);
    await screenshot(tab, 'payments-sandbox-page');
    await tab.getByRole('button', { name: 'Оплатить' }).click();
    await expectSettled(tab, /\/payment-return\?/, tab.getByText(PAYMENT_MESSAGES.successTitle));
    await screenshot(tab, 'payments-return-paid');
    await tab.close();

    // Back in her tab the dialog hears it from the server.
    await page.getByRole('button', { name: 'Я оплатил' }).click();
    const success = page.getByRole('dialog', { name: PAYMENT_MESSAGES.successTitle });
    await success.getByText('50 сообщений в день').waitFor();
    await screenshot(page, 'payments-success');
    await success.getByRole('button', { name: 'Продолжить' }).click();
    // She paid from her guest session: 2 s later she is offered to keep the access with an e-mail (002 §4).
    const keep = page.getByRole('dialog', { name: 'Сохрани доступ' });
    await keep.getByRole('button', { name: 'Настроить вход' }).click();
    await expectSettled(page, /\/profile$/, page.getByText(`Plus до ${inDays(PLAN_DAYS.quarterly)}`));
    await screenshot(page, 'payments-profile-plus');

    // Paid from a guest session: the profile offers an account, and registering keeps the Plus.
    await page.getByRole('heading', { name: 'Гостевой аккаунт' }).waitFor();
    await page.getByRole('button', { name: 'Создать аккаунт' }).click();
    await fillRegistration(page, { name: 'Лиза', email: `plus.e2e-${Date.now()}@mail.ru` });
    await page.getByText('Лиза', { exact: true }).waitFor();
    await page.getByText(`Plus до ${inDays(PLAN_DAYS.quarterly)}`).waitFor();

    // The chat takes her message now: Plus has 50 a day.
    await page.goto(chatUrl);
    await expectSettled(page, /\/chat\//, bubbles(page, 'assistant'));
    await say(page, 'Я теперь с Plus!');
    await ctx.close();
  });

  it('a Plus member buys VIP with crypto: coin, address with QR code and countdown, paid', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    await registerFromMenu(page, {
      name: 'Ника',
      email: `vip.e2e-${Date.now()}@mail.ru`,
      password: 'solnce-v-okne-7',
    });

    // Plus first, bought through the API as her page would (the redirect flow is the journey above).
    const token = await storedToken(page);
    const auth = { authorization: `Bearer ${token}` };
    const created = await page.request.post(`${journey.app.url}/api/payment/platega/create`, {
      headers: auth,
      data: { plan_type: 'monthly' },
    });
    expect(created.status()).toBe(200);
    const { order_id } = (await created.json()) as { order_id: string };
    const paid = await page.request.post(`${journey.app.url}/api/payment/sandbox/${order_id}/pay`, {
      data: { outcome: 'paid' },
    });
    expect(paid.status()).toBe(200);

    await page.goto(`${journey.app.url}/vip`);
    await expectSettled(page, /\/vip$/, plans(page));
    await page.getByRole('radio', { name: 'Криптовалюта' }).check();
    await page.getByRole('button', { name: /^Оплатить/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'BTC' }).click();
    await dialog.getByTestId('crypto-estimate').waitFor();
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await dialog.getByTestId('crypto-qr').locator('svg').waitFor();
    await dialog.getByText(/Осталось времени: 1\d:\d\d|Осталось времени: 20:00/).waitFor();
    await screenshot(page, 'payments-crypto-qr-phone');

    const popup = page.waitForEvent('popup');
    await dialog.getByRole('link', { name: 'Открыть тестовую оплату' }).click();
    const tab = await popup;
    await tab.getByRole('button', { name: 'Оплатить' }).click();
    await expectSettled(tab, /\/payment-return\?/, tab.getByText(PAYMENT_MESSAGES.successTitle));
    await tab.close();

    await dialog.getByRole('button', { name: 'Я оплатил' }).click();
    await page.getByRole('button', { name: 'Продолжить' }).click();
    // Three months by default; VIP extends Plus by the same period (DESIGN §5).
    await expectPlan(page, [
      `VIP до ${inDays(PLAN_DAYS.quarterly)}`,
      `Plus до ${inDays(30 + PLAN_DAYS.quarterly)}`,
    ]);
    await screenshot(page, 'payments-profile-vip-phone');
    await ctx.close();
  });

  it('a declined payment says «Платеж не завершен», and trying again pays', async () => {
    const ctx = await newVisitor(journey.browser, 'desktop');
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    await page.goto(`${journey.app.url}/plus`);
    await expectSettled(page, PLUS_PAGE, plans(page));
    await plans(page)
      .getByRole('radio', { name: /^1 месяц/ })
      .check();

    const tab = await payWith(page, 'Карта или СБП');
    await tab.getByRole('button', { name: 'Отклонить' }).click();
    // The payment page sends her back to the offer, which says so and clears the query.
    const notCompleted = tab.getByRole('dialog', { name: PAYMENT_MESSAGES.notCompletedTitle });
    await expectSettled(tab, /\/plus$/, notCompleted);
    await notCompleted.getByText(PAYMENT_MESSAGES.failedQuery).waitFor();
    await screenshot(tab, 'payments-declined');
    await notCompleted.getByRole('button', { name: PAYMENT_MESSAGES.tryAgain }).click();

    await plans(tab)
      .getByRole('radio', { name: /^1 месяц/ })
      .check();
    const again = await payWith(tab, 'Карта или СБП');
    await again.getByRole('button', { name: 'Оплатить' }).click();
    await expectSettled(again, /\/payment-return\?/, again.getByText(PAYMENT_MESSAGES.successTitle));
    await expectPlan(again, [`Plus до ${inDays(PLAN_DAYS.monthly)}`]);
    await ctx.close();
  });
});
