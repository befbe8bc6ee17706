import { Anchor, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import {
  AUTH_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateLengths,
  validateRegister,
} from '@podruga/shared';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { type LegalDocumentId, useLegalDialog } from '../legal/legalDialogStore.ts';
import type { AuthFormProps } from './dialogStore.ts';
import { EmailField } from './EmailField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { authActions } from './store.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';

/** "Создать аккаунт" (000 §2): name, e-mail, password, required consent with links to both texts. */
export function RegisterForm({ email, onEmailChange, onSuccess }: AuthFormProps) {
  const showLegal = useLegalDialog((s) => s.show);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);

  const { busy, submit } = useAuthSubmit({
    validate: () =>
      validateRegister({ name, email, password, consent }) ?? validateLengths({ name, password }),
    run: () => authActions.register({ name, email, password }),
    successText: AUTH_MESSAGES.registerSuccess,
    failedText: AUTH_MESSAGES.registerFailed,
    onSuccess,
  });

  // The links sit inside the checkbox label: open the text without ticking the box.
  const openLegal = (doc: LegalDocumentId) => (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    showLegal(doc);
  };

  // The button waits for consent, but Enter in a field still submits so the consent rule can speak (000 §5).
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const field = event.target;
    if (event.key !== 'Enter' || consent || !(field instanceof HTMLInputElement) || field.type === 'checkbox')
      return;
    void submit(event);
  }

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Имя"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <EmailField value={email} onValueChange={onEmailChange} />
        <PasswordField
          label="Пароль"
          description={`Не менее ${PASSWORD_MIN_LENGTH} символов`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Checkbox
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
          label={
            <>
              Я принимаю{' '}
              <Anchor component="button" type="button" inherit onClick={openLegal('terms')}>
                пользовательское соглашение
              </Anchor>{' '}
              и{' '}
              <Anchor component="button" type="button" inherit onClick={openLegal('privacy')}>
                политику конфиденциальности
              </Anchor>
            </>
          }
        />
        <Button type="submit" fullWidth loading={busy} disabled={!consent}>
          Создать аккаунт
        </Button>
      </Stack>
    </form>
  );
}
