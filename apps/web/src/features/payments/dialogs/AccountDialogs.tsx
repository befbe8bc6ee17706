import { Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';

/**
 * After paying with a temporary account (002 §4 "Guest purchase flow" 5): the address typed was taken,
 * so the purchase went to an account with a placeholder address. Both variants lead to /profile, where
 * the account's address is set.
 */
export function TempAccountDialog(props: { opened: boolean; onClose(): void; hasEmail: boolean }) {
  const navigate = useNavigate();
  const toProfile = () => {
    props.onClose();
    navigate('/profile');
  };
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title="Оплата на временный аккаунт" size={440}>
      <Text size="sm">
        {props.hasEmail
          ? 'Аккаунт с указанной эл. почтой войти не дал, поэтому доступ оформлен на временный аккаунт. Обнови эл. почту в профиле, чтобы не потерять доступ при выходе.'
          : 'Доступ оформлен на временный аккаунт. Добавь эл. почту в профиле, чтобы не потерять доступ при выходе.'}
      </Text>
      <DialogActions>
        <Button variant="default" onClick={props.onClose}>
          Позже
        </Button>
        <Button onClick={toProfile}>{props.hasEmail ? 'Обновить эл. почту' : 'Добавить эл. почту'}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** After paying as an anonymous guest (002 §4 "Guest purchase flow" 6): set up e-mail and password. */
export function AnonymousAccountDialog(props: { opened: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const toProfile = () => {
    props.onClose();
    navigate('/profile');
  };
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title="Сохрани доступ" size={440}>
      <Text size="sm">
        Оплата прошла на гостевой аккаунт. Задай эл. почту и пароль в профиле, чтобы входить с любого
        устройства и не потерять доступ.
      </Text>
      <DialogActions>
        <Button variant="default" onClick={props.onClose}>
          Позже
        </Button>
        <Button onClick={toProfile}>Настроить вход</Button>
      </DialogActions>
    </Dialog>
  );
}
