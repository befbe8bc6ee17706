/**
 * The support form's issue types (001 §5), in the spec's order: a stable id on the wire and in the
 * database, the spec's Russian label on screen and in the mail (decision 0019).
 */
export const SUPPORT_ISSUE_TYPES = [
  { id: 'account', label: 'Проблема с аккаунтом' },
  { id: 'payment', label: 'Проблема с оплатой' },
  { id: 'bug', label: 'Сообщение об ошибке' },
  { id: 'feature', label: 'Запрос на новую функцию' },
  { id: 'limits', label: 'Больше грязи (увеличение лимитов)' },
  { id: 'other', label: 'Другое' },
] as const;

export type SupportIssueType = (typeof SUPPORT_ISSUE_TYPES)[number]['id'];

/** The type Plus users get, locked, from the menu and from the limit card's «Нужны большие лимиты?» (001 §5, §6). */
export const SUPPORT_LIMITS_ISSUE: SupportIssueType = 'limits';

/** An id, or a label (the store's `open({type})` accepts either), to the id; null when it is neither. */
export function supportIssueTypeOf(value: string | null | undefined): SupportIssueType | null {
  if (!value) return null;
  const found = SUPPORT_ISSUE_TYPES.find((t) => t.id === value || t.label === value);
  return found ? found.id : null;
}

export function supportIssueLabel(id: SupportIssueType): string {
  return SUPPORT_ISSUE_TYPES.find((t) => t.id === id)?.label ?? id;
}
