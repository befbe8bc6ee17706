import { TIER_LIMITS } from '@podruga/shared';

/** The install flow's texts: the spec's toasts (001 §4) and the dialog's copy in the same voice. */
export const INSTALL_TEXTS = {
  installed: 'Приложение успешно установлено!',
  alreadyInstalled: 'Приложение уже установлено',
  title: 'Установить приложение',
  // 001 §1: installing is described as giving a higher daily limit (DESIGN §5: the pwa tier).
  intro: `Приложение открывается в своём окне, как обычное, и в нём больше сообщений в день: до ${TIER_LIMITS.pwa.messagesPerDay} вместо ${TIER_LIMITS.verified.messagesPerDay} для зарегистрированных.`,
  browserLabel: 'Твой браузер',
  detected: 'определили автоматически',
  close: 'Понятно',
} as const;
