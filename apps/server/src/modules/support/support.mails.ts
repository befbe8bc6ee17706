import { type Brand, type LimitTier, type SupportIssueType, supportIssueLabel } from '@podruga/shared';
import type { SupportRequestRow, UserRow } from '../../db/schema/index.ts';
import type { Mail } from '../../providers/mail/port.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const TIER_NAMES: Record<LimitTier, string> = {
  guest: 'гость',
  free: 'бесплатный (эл. почта не подтверждена)',
  verified: 'бесплатный (эл. почта подтверждена)',
  pwa: 'бесплатный, установленное приложение',
  plus: 'Plus',
  vip: 'VIP',
};

const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  dateStyle: 'long',
  timeStyle: 'short',
});

/**
 * A support request as it reaches the brand's support mailbox: the user's address as Reply-To (answer
 * the mail and the user gets it), who sent it (user id, account, tier) and the message as written.
 */
export function supportRequestMail(
  brand: Brand,
  request: SupportRequestRow,
  sender: { user: UserRow | null; tier: LimitTier | null },
): Mail {
  const label = supportIssueLabel(request.issueType as SupportIssueType);
  const { user, tier } = sender;
  const account = !user
    ? 'удалён'
    : user.membershipType === 'guest'
      ? 'гостевой (без регистрации)'
      : `${user.email ?? '—'}${user.emailVerified ? ', подтверждена' : ', не подтверждена'}`;
  const facts: Array<[string, string]> = [
    ['Тип', label],
    ['Ответить на', request.email],
    ['Пользователь', request.userId ?? '—'],
    ['Аккаунт', account],
    ['Тариф', tier ? `${TIER_NAMES[tier]} (${tier})` : '—'],
    ['Бренд', `${brand.logoText} (${brand.id})`],
    ['Получено', `${moscowTime.format(request.createdAt)} (МСК)`],
    ['Номер обращения', request.id],
  ];
  const text = [
    `Новое обращение в поддержку ${brand.logoText}.`,
    '',
    ...facts.map(([name, value]) => `${name}: ${value}`),
    '',
    'Сообщение:',
    request.message,
    '',
    'Ответьте на это письмо — ответ уйдёт пользователю.',
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#222">
<p>Новое обращение в поддержку ${escapeHtml(brand.logoText)}.</p>
<table style="border-collapse:collapse">
${facts.map(([name, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#666">${escapeHtml(name)}</td><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p><b>Сообщение:</b></p>
<div style="white-space:pre-wrap;border-left:3px solid #e64980;padding-left:12px">${escapeHtml(request.message)}</div>
<p style="font-size:13px;color:#666">Ответьте на это письмо — ответ уйдёт пользователю.</p>
</body></html>`;
  return {
    to: brand.supportEmail,
    replyTo: request.email,
    subject: `Обращение в поддержку: ${label} — ${brand.logoText}`,
    text,
    html,
    fromName: `${brand.logoText} — поддержка`,
  };
}
