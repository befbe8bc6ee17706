import { Button, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  EMAIL_MAX_LENGTH,
  SUPPORT_ISSUE_TYPES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES,
  type SupportIssueType,
  supportIssueTypeOf,
  validateSupportContact,
} from '@podruga/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { getBrand } from '../../app/brand.ts';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { notify } from '../../shared/ui/notify.tsx';
import { useAuth } from '../auth/store.ts';
import { SupportContacts } from './SupportContacts.tsx';
import { sendSupportRequest } from './send.ts';
import { useSupportDialog } from './supportStore.ts';

type Field = 'issue_type' | 'email' | 'message';

/** Which field a rule's text belongs to, so it shows under that field. */
const FIELD_OF: Record<string, Field> = {
  [SUPPORT_MESSAGES.issueTypeRequired]: 'issue_type',
  [SUPPORT_MESSAGES.emailRequired]: 'email',
  [SUPPORT_MESSAGES.emailInvalid]: 'email',
  [SUPPORT_MESSAGES.messageRequired]: 'message',
  [SUPPORT_MESSAGES.messageTooLong]: 'message',
};

/**
 * The support form (001 §2, §5, §8): issue type (preset, and locked when opened so), the address to
 * answer (a member's own, filled in), the message. Checked with the server's rules and texts before
 * sending; sent with a 15 s timeout; the brand's address and messenger are always in view. What was
 * typed stays until it has been sent.
 */
export function SupportDialog() {
  const opened = useSupportDialog((s) => s.opened);
  const presetType = useSupportDialog((s) => s.presetType);
  const locked = useSupportDialog((s) => s.locked);
  const close = useSupportDialog((s) => s.close);
  const accountEmail = useAuth((s) => (s.user?.membership_type === 'guest' ? null : (s.user?.email ?? null)));
  const brand = getBrand();

  const [issueType, setIssueType] = useState<SupportIssueType | ''>('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const preset = supportIssueTypeOf(presetType);
  const typeLocked = locked && preset !== null;
  const lockedBefore = useRef(false);

  // Each opening: the preset type, and the account's address when the field is still empty.
  useEffect(() => {
    if (!opened) return;
    // A type locked by the last opening is not the user's choice: it does not carry over.
    if (preset) setIssueType(preset);
    else if (lockedBefore.current) setIssueType('');
    lockedBefore.current = typeLocked;
    setEmail((current) => current || accountEmail || '');
    setError(null);
  }, [opened, preset, typeLocked, accountEmail]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = { issue_type: issueType, email: email.trim(), message: message.trim() };
    const problem = validateSupportContact(body);
    if (problem) {
      setError({ field: FIELD_OF[problem] ?? 'message', text: problem });
      return;
    }
    setError(null);
    setBusy(true);
    const outcome = await sendSupportRequest(body, brand.supportEmail);
    setBusy(false);
    if (!outcome.ok) {
      notify.error(outcome.text, 8000);
      return;
    }
    notify.success(SUPPORT_MESSAGES.success);
    setMessage('');
    if (!typeLocked) setIssueType('');
    close();
  }

  const errorOf = (field: Field) => (error?.field === field ? error.text : undefined);
  // Editing a field clears its message; the next «Отправить» checks again.
  const edited = (field: Field) => setError((current) => (current?.field === field ? null : current));

  return (
    <Dialog opened={opened} onClose={close} title="Поддержка" size={480} zIndex={250}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Расскажите, что случилось, — мы ответим на вашу почту.</Text>
          <NativeSelect
            label="Тип проблемы"
            value={issueType}
            onChange={(e) => {
              setIssueType(supportIssueTypeOf(e.currentTarget.value) ?? '');
              edited('issue_type');
            }}
            disabled={typeLocked}
            error={errorOf('issue_type')}
            data={[
              { value: '', label: 'Выберите тип проблемы', disabled: true },
              ...SUPPORT_ISSUE_TYPES.map((t) => ({ value: t.id, label: t.label })),
            ]}
          />
          <TextInput
            label="Эл. почта для ответа"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              edited('email');
            }}
            error={errorOf('email')}
          />
          <Textarea
            label="Сообщение"
            description={`До ${SUPPORT_MESSAGE_MAX_LENGTH} символов`}
            rows={5}
            resize="vertical"
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              edited('message');
            }}
            error={errorOf('message')}
            data-autofocus={typeLocked || undefined}
          />
          <SupportContacts />
        </Stack>
        <DialogActions>
          <Button variant="default" onClick={close}>
            Отмена
          </Button>
          <Button type="submit" loading={busy}>
            Отправить
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
