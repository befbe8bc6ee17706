import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGES, validateSupportContact } from './support.ts';
import { SUPPORT_ISSUE_TYPES, supportIssueTypeOf } from './supportIssues.ts';

describe('support form rules (001 §5)', () => {
  it('has the spec’s six types in its order', () => {
    expect(SUPPORT_ISSUE_TYPES.map((t) => t.label)).toEqual([
      'Проблема с аккаунтом',
      'Проблема с оплатой',
      'Сообщение об ошибке',
      'Запрос на новую функцию',
      'Больше грязи (увеличение лимитов)',
      'Другое',
    ]);
  });

  it('reads a type by its id or its label, and nothing else', () => {
    expect(supportIssueTypeOf('limits')).toBe('limits');
    expect(supportIssueTypeOf('Больше грязи (увеличение лимитов)')).toBe('limits');
    expect(supportIssueTypeOf('Больше грязи')).toBeNull();
    expect(supportIssueTypeOf('')).toBeNull();
    expect(supportIssueTypeOf(null)).toBeNull();
  });

  it('answers the first failing rule in the spec’s order, then the length', () => {
    const ok = { issue_type: 'other', email: 'anna@mail.ru', message: 'Помогите' };
    expect(validateSupportContact({ issue_type: '', email: '', message: '' })).toBe(
      SUPPORT_MESSAGES.issueTypeRequired,
    );
    expect(validateSupportContact({ ...ok, email: '' })).toBe(SUPPORT_MESSAGES.emailRequired);
    expect(validateSupportContact({ ...ok, email: 'anna mail@mail.ru' })).toBe(SUPPORT_MESSAGES.emailInvalid);
    expect(validateSupportContact({ ...ok, message: '   ' })).toBe(SUPPORT_MESSAGES.messageRequired);
    expect(validateSupportContact({ ...ok, message: 'я'.repeat(SUPPORT_MESSAGE_MAX_LENGTH) })).toBeNull();
    expect(validateSupportContact({ ...ok, message: 'я'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) })).toBe(
      SUPPORT_MESSAGES.messageTooLong,
    );
    expect(validateSupportContact(ok)).toBeNull();
  });
});
