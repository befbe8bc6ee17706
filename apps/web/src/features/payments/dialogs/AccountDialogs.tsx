import { Dialog } from '../../../shared/ui/Dialog.tsx';

export function TempAccountDialog(props: { opened: boolean; onClose(): void; hasEmail: boolean }) {
  return <Dialog opened={props.opened} onClose={props.onClose} title="Временный аккаунт" />;
}

export function AnonymousAccountDialog(props: { opened: boolean; onClose(): void }) {
  return <Dialog opened={props.opened} onClose={props.onClose} title="Гостевой аккаунт" />;
}
