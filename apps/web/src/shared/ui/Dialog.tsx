import { Group, type GroupProps, Modal, type ModalProps } from '@mantine/core';

/**
 * The app's dialog: Mantine's Modal, centred unless told otherwise, its close button named in Russian.
 * Every dialog goes through here, so a new one cannot forget the close button's name.
 */
export function Dialog({ centered = true, ...props }: ModalProps) {
  return <Modal centered={centered} closeButtonProps={{ 'aria-label': 'Закрыть' }} {...props} />;
}

/** A dialog's buttons, right-aligned under its text: the dismissing one first, the main one last. */
export function DialogActions(props: GroupProps) {
  return <Group justify="flex-end" mt="lg" gap="sm" {...props} />;
}
