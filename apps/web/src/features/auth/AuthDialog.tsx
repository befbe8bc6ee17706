import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { safeRedirectPath } from '../../app/guardRules.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { useLegalDialog } from '../legal/legalDialogStore.ts';
import { type AuthMode, useAuthDialog } from './dialogStore.ts';
import { LoginForm } from './LoginForm.tsx';
import { RecoveryForm } from './RecoveryForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

const TITLES: Record<AuthMode, string> = {
  login: 'Вход',
  register: 'Создать аккаунт',
  recovery: 'Восстановление пароля',
};

/** The form state lives here, inside the modal: closing unmounts it, so every field starts empty again. */
function AuthDialogBody({ mode }: { mode: AuthMode }) {
  const navigate = useNavigate();
  const setMode = useAuthDialog((s) => s.setMode);
  const [email, setEmail] = useState('');

  function onSuccess() {
    const { redirectTo, close } = useAuthDialog.getState();
    close();
    const target = safeRedirectPath(redirectTo);
    if (target) navigate(target, { replace: true });
  }

  if (mode === 'recovery') return <RecoveryForm email={email} onEmailChange={setEmail} />;
  return (
    <>
      {mode === 'register' ? (
        <RegisterForm email={email} onEmailChange={setEmail} onSuccess={onSuccess} />
      ) : (
        <LoginForm email={email} onEmailChange={setEmail} onSuccess={onSuccess} />
      )}
      {/* login <-> register (000 §4): one element for both modes, so it keeps its focus when ticked. */}
      <Checkbox
        mt="sm"
        label="Создать новый аккаунт"
        checked={mode === 'register'}
        onChange={(e) => setMode(e.currentTarget.checked ? 'register' : 'login')}
      />
    </>
  );
}

/** Sign in, create an account, recover a password (000 §2 "Auth dialog"). */
export function AuthDialog() {
  const opened = useAuthDialog((s) => s.opened);
  const mode = useAuthDialog((s) => s.mode);
  const close = useAuthDialog((s) => s.close);
  const reset = useAuthDialog((s) => s.reset);
  // The terms/privacy dialog can open on top (consent links): Escape then closes only that one.
  const legalOpen = useLegalDialog((s) => s.open !== null);
  return (
    <Dialog
      opened={opened}
      onClose={close}
      closeOnEscape={!legalOpen}
      onExitTransitionEnd={() => {
        if (!useAuthDialog.getState().opened) reset();
      }}
      title={TITLES[mode]}
      size={420}
    >
      <AuthDialogBody mode={mode} />
    </Dialog>
  );
}
