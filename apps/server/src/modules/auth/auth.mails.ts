import { PASSWORD_RESET_TTL_S } from '@podruga/shared';
import type { LinkContext } from '../../link-context.ts';
import type { Mail } from '../../providers/mail/port.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One plain-text and one HTML body from the same paragraphs, with the action link as a button. */
function render(
  ctx: LinkContext,
  to: string,
  content: {
    subject: string;
    greeting: string;
    lines: string[];
    action: string;
    link: string;
    footer: string;
  },
): Mail {
  const text = [
    content.greeting,
    '',
    ...content.lines,
    '',
    `${content.action}: ${content.link}`,
    '',
    content.footer,
    '',
    `— ${ctx.brand.logoText}`,
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(content.greeting)}</p>
${content.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(content.link)}" style="display:inline-block;padding:10px 18px;background:#e64980;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(content.action)}</a></p>
<p style="font-size:13px;color:#666">${escapeHtml(content.footer)}<br>${escapeHtml(content.link)}</p>
<p>— ${escapeHtml(ctx.brand.logoText)}</p>
</body></html>`;
  return { to, subject: content.subject, text, html, fromName: ctx.brand.logoText };
}

export function verificationMail(ctx: LinkContext, to: string, name: string, token: string): Mail {
  return render(ctx, to, {
    subject: `Подтвердите эл. почту — ${ctx.brand.logoText}`,
    greeting: `Привет, ${name}!`,
    lines: [
      `Спасибо за регистрацию в ${ctx.brand.logoText}.`,
      'Подтвердите адрес эл. почты — после этого дневной лимит сообщений вырастет.',
    ],
    action: 'Подтвердить эл. почту',
    link: `${ctx.baseUrl}/verify-email?token=${encodeURIComponent(token)}`,
    footer: 'Если вы не регистрировались, просто не обращайте внимания на это письмо.',
  });
}

export function changeEmailMail(ctx: LinkContext, to: string, name: string, token: string): Mail {
  return render(ctx, to, {
    subject: `Подтвердите новый адрес эл. почты — ${ctx.brand.logoText}`,
    greeting: `Привет, ${name}!`,
    lines: [
      'Вы попросили сменить адрес эл. почты аккаунта на этот.',
      'Адрес сменится, как только вы подтвердите его по ссылке ниже.',
    ],
    action: 'Подтвердить новый адрес',
    link: `${ctx.baseUrl}/verify-email?token=${encodeURIComponent(token)}`,
    footer: 'Если вы ничего не меняли, просто не обращайте внимания на это письмо: адрес останется прежним.',
  });
}

export function passwordResetMail(ctx: LinkContext, to: string, name: string, token: string): Mail {
  return render(ctx, to, {
    subject: `Восстановление пароля — ${ctx.brand.logoText}`,
    greeting: `Привет, ${name}!`,
    lines: [
      'Мы получили запрос на восстановление пароля.',
      `Ссылка действует ${PASSWORD_RESET_TTL_S / 60} минут и только один раз.`,
    ],
    action: 'Задать новый пароль',
    link: `${ctx.baseUrl}/reset-password?token=${encodeURIComponent(token)}`,
    footer: 'Если вы не запрашивали восстановление, просто не обращайте внимания на это письмо.',
  });
}
