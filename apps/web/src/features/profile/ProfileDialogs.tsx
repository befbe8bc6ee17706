import { Button, Stack, Text, TextInput } from '@mantine/core';
import {
  AUTH_MESSAGES,
  type Character,
  EMAIL_MAX_LENGTH,
  PROFILE_MESSAGES,
  validateChangeEmail,
} from '@podruga/shared';
import { useState } from 'react';
import { isApiError } from '../../shared/api/index.ts';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { PasswordField } from '../auth/PasswordField.tsx';
import { useChangeEmail } from './api.ts';
import { formatDate } from './format.ts';

/** Sign-out confirmation (001 §2 profile dialogs). */
export function SignOutDialog(props: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title="Выйти из аккаунта?" size={420}>
      <Text size="sm">
        Твои подруги и переписка останутся в аккаунте: войди снова с той же эл. почтой, чтобы вернуться к ним.
      </Text>
      <DialogActions>
        <Button variant="default" onClick={props.onClose}>
          Отмена
        </Button>
        <Button color="red" loading={props.busy} onClick={props.onConfirm}>
          Выйти
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Deleting a companion: confirmed first (001 §4 "Profile actions"). */
export function DeleteCompanionDialog(props: {
  companion: Character | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const name = props.companion?.name ?? '';
  return (
    <Dialog
      opened={props.companion !== null}
      onClose={props.onClose}
      title={`Удалить подругу «${name}»?`}
      size={420}
    >
      <Text size="sm">Её чат и все сообщения в нём будут удалены. Это действие нельзя отменить.</Text>
      <DialogActions>
        <Button variant="default" onClick={props.onClose}>
          Отмена
        </Button>
        <Button color="red" loading={props.busy} onClick={props.onConfirm}>
          Удалить
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 001 §2: 'Оплата прошла успешно!' after a payment returns to /profile?payment=success. */
export function PaymentSuccessDialog(props: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog
      opened={props.opened}
      onClose={props.onClose}
      title={PROFILE_MESSAGES.paymentSuccessTitle}
      size={420}
    >
      <Text size="sm">{PROFILE_MESSAGES.paymentSuccessText}</Text>
      <DialogActions>
        <Button onClick={props.onClose}>Отлично</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Cancelling paid access (decision 0018). Purchases are one-time, so there is no renewal to stop: the
 * dialog says plainly that access ends now and that the unused days are not refunded on their own.
 */
export function CancelSubscriptionDialog(props: {
  opened: boolean;
  expiry: string | null;
  vip: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const plan = props.vip ? 'Plus и VIP' : 'Plus';
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title="Отменить доступ Plus?" size={460}>
      <Stack gap="xs">
        <Text size="sm">
          Доступ {plan} оплачивается разово и сам не продлевается, поэтому новых списаний не будет и без
          отмены.{props.expiry && ` Сейчас он действует до ${untilDate(props.expiry)}`}
        </Text>
        <Text size="sm" fw={600}>
          Если отменить доступ, он закончится сразу: аккаунт вернётся на бесплатный тариф. Ничего не спишется,
          но оставшиеся оплаченные дни автоматически не возвращаются — с вопросом о возврате напиши в
          поддержку.
        </Text>
      </Stack>
      <DialogActions>
        <Button variant="default" onClick={props.onClose}>
          Оставить доступ
        </Button>
        <Button color="red" loading={props.busy} onClick={props.onConfirm}>
          Отменить доступ
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** '25 декабря 2026 г.' ends a sentence with its own full stop. */
function untilDate(iso: string): string {
  const date = formatDate(iso);
  return date.endsWith('.') ? date : `${date}.`;
}

/** The change-email answer's failure texts (001 §8): 401, 409, else the server's detail or the default. */
export function changeEmailError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return AUTH_MESSAGES.wrongPassword;
    if (error.status === 409) return AUTH_MESSAGES.emailTaken;
    if (error.hasServerDetail) return error.detail;
  }
  return AUTH_MESSAGES.changeEmailFailed;
}

/**
 * Change e-mail (001 §5): the current password and the new address; the button waits for both, the
 * address with no spaces. The address changes only once the link sent to the new mailbox is opened, and
 * the dialog says so when the mail has gone.
 */
export function ChangeEmailDialog(props: {
  opened: boolean;
  currentEmail: string | null;
  onClose: () => void;
}) {
  const change = useChangeEmail();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const valid =
    validateChangeEmail({ current_password: password, new_email: email }) === null && !/\s/.test(email);

  function close() {
    props.onClose();
  }

  function reset() {
    setPassword('');
    setEmail('');
    setSentTo(null);
    change.reset();
  }

  async function submit() {
    if (!valid || change.isPending) return;
    try {
      await change.mutateAsync({ current_password: password, new_email: email });
      setSentTo(email);
    } catch {
      // Shown under the form from the mutation's error.
    }
  }

  return (
    <Dialog
      opened={props.opened}
      onClose={close}
      onExitTransitionEnd={reset}
      title="Сменить эл. почту"
      size={440}
    >
      {sentTo ? (
        <>
          <Stack gap="xs">
            <Text size="sm">
              Мы отправили письмо на <b>{sentTo}</b>. Эл. почта сменится, только когда ты откроешь ссылку из
              этого письма.
            </Text>
            <Text size="sm" c="dimmed">
              До этого вход и письма остаются на {props.currentEmail ?? 'прежнем адресе'}.
            </Text>
          </Stack>
          <DialogActions>
            <Button onClick={close}>Понятно</Button>
          </DialogActions>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <PasswordField
              label="Текущий пароль"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label="Новая эл. почта"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            {change.isError && (
              <Text size="sm" c="red" role="alert">
                {changeEmailError(change.error)}
              </Text>
            )}
          </Stack>
          <DialogActions>
            <Button variant="default" onClick={close}>
              Отмена
            </Button>
            <Button type="submit" disabled={!valid} loading={change.isPending}>
              Сменить
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
