import { TIER_LIMITS } from '@podruga/shared';

/** The instructions dialog's copy (001 §2; loaded with the dialog). */
export const INSTALL_DIALOG_TEXTS = {
  title: 'Установить приложение',
  // 001 §1: installing is described as giving a higher daily limit (DESIGN §5: the pwa tier).
  intro: `Приложение открывается в своём окне, как обычное, и в нём больше сообщений в день: до ${TIER_LIMITS.pwa.messagesPerDay} вместо ${TIER_LIMITS.verified.messagesPerDay} для зарегистрированных.`,
  browserLabel: 'Твой браузер',
  detected: 'определили автоматически',
  close: 'Понятно',
} as const;
