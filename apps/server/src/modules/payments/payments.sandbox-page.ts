import { PAYMENT_MESSAGES } from '@podruga/shared';
import type { PaymentRow } from '../../db/schema/index.ts';
import { escapeHtml } from './payments.mails.ts';
import { PAYMENT_TEXTS, productName } from './payments.texts.ts';

const money = (amount: number, currency: string) =>
  currency.toUpperCase() === 'USD' ? `${amount} $` : `${amount.toLocaleString('ru-RU')} ₽`;

/**
 * The sandbox's payment page (DESIGN §6): a small Russian page, clearly a test, with the order's
 * product, period and amount and two buttons. Plain forms (the CSP allows no inline script): each posts
 * to /api/payment/sandbox/{order_id}/pay and the server answers with a redirect back into the app.
 * Everything shown is escaped.
 */
export function renderSandboxPage(row: PaymentRow): string {
  const t = PAYMENT_TEXTS.sandbox;
  const action = `/api/payment/sandbox/${encodeURIComponent(row.orderId)}/pay`;
  const open = row.state === 'pending';
  const button = (outcome: 'paid' | 'failed', label: string, colour: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="background:${colour}">${escapeHtml(label)}</button></form>`;
  return page(`<div class="badge">${escapeHtml(t.notice)}</div>
<dl>
<dt>${escapeHtml(t.product)}</dt><dd>${escapeHtml(productName(row.product))}</dd>
<dt>${escapeHtml(t.period)}</dt><dd>${escapeHtml(t.days(row.days))}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(money(row.amount, row.currency))}</dd>
</dl>
${
  open
    ? `<div class="buttons">${button('paid', t.pay, '#2f9e44')}${button('failed', t.decline, '#868e96')}</div>`
    : `<p>${escapeHtml(t.done)}</p>`
}
<p style="font-size:12px;color:#999">${escapeHtml(row.orderId)}</p>`);
}

/** An address that names no order (mistyped, or another server's): a page too, never a JSON answer. */
export function renderSandboxMissing(): string {
  return page(`<p>${escapeHtml(PAYMENT_MESSAGES.unknownOrder)}.</p>
<p><a href="/plus">Вернуться к оплате</a></p>`);
}

function page(content: string): string {
  const title = PAYMENT_MESSAGES.sandboxTitle;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;background:#f6f6f8;color:#222;margin:0;padding:24px}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}
.badge{display:inline-block;background:#fff3bf;color:#7a5a00;border-radius:6px;padding:4px 8px;font-size:13px;margin-bottom:16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:16px 0 24px}
dt{color:#666}dd{margin:0;font-weight:600}
.buttons{display:flex;gap:12px}
button{border:0;border-radius:8px;color:#fff;font-size:16px;padding:12px 20px;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>`;
}
