import { Button, Modal, Stack, Text } from '@mantine/core';
import { getBrand } from '../../app/brand.ts';
import { UNDERAGE_EXIT_URL } from './adultGate.ts';

interface Props {
  /** Opened from /test/dialogs: answering only closes it. */
  preview: boolean;
  onConfirmed: () => void;
  onPreviewClosed: () => void;
}

/** The first-visit 18+ confirmation. It cannot be dismissed: "18+" enters, "no" leaves the site. */
export function AdultGate({ preview, onConfirmed, onPreviewClosed }: Props) {
  function accept() {
    if (preview) onPreviewClosed();
    else onConfirmed();
  }

  function decline() {
    if (preview) onPreviewClosed();
    else window.location.replace(UNDERAGE_EXIT_URL);
  }

  return (
    <Modal
      opened
      onClose={() => {}}
      title="Только для взрослых"
      centered
      size={440}
      // Above every other dialog (a /privacy visit opens the policy at once): the gate is answered first.
      zIndex={400}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      overlayProps={{ backgroundOpacity: 0.85, blur: 6 }}
    >
      <Stack gap="md">
        <Text size="sm">
          {getBrand().logoText} — сервис для взрослых: в разговорах с подругой бывают откровенные темы и
          материалы 18+. Все персонажи — вымышленные взрослые.
        </Text>
        <Text size="sm" fw={600}>
          Подтверди, что тебе уже исполнилось 18 лет.
        </Text>
        <Stack gap="xs">
          <Button onClick={accept} fullWidth data-autofocus>
            Мне есть 18
          </Button>
          <Button variant="default" onClick={decline} fullWidth>
            Мне нет 18
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
