import type { Product } from '@podruga/shared';
import type { Mail } from '../../providers/mail/port.ts';
import { PAYMENT_TEXTS } from './payments.texts.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface MailContent {
  subject: string;
  lines: string[];
  action: string;
  path: string;
}

/** One plain-text and one HTML body from the same paragraphs, with the action link as a button. */
function render(to: string, name: string, brand: string, baseUrl: string, content: MailContent): Mail {
  const link = `${baseUrl}${content.path}`;
  const greeting = `Привет, ${name}!`;
  const text = [greeting, '', ...content.lines, '', `${content.action}: ${link}`, '', `— ${brand}`].join(
    '\n',
  );
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
${content.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#e64980;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(content.action)}</a></p>
<p>— ${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: content.subject, text, html, fromName: brand };
}

export interface MailTarget {
  to: string;
  name: string;
  brand: string;
  baseUrl: string;
}

export const activatedMail = (t: MailTarget, product: Product, days: number, until: Date): Mail =>
  render(t.to, t.name, t.brand, t.baseUrl, PAYMENT_TEXTS.activatedMail(t.brand, product, days, until));

export const accessEndedMail = (t: MailTarget): Mail =>
  render(t.to, t.name, t.brand, t.baseUrl, PAYMENT_TEXTS.endedMail(t.brand));
