/** The install flow's toasts (001 §4); the instructions dialog's copy is in dialogTexts.ts (its own chunk). */
export const INSTALL_TEXTS = {
  installed: 'Приложение успешно установлено!',
  alreadyInstalled: 'Приложение уже установлено',
} as const;
