import { Button, Stack, Text } from '@mantine/core';
import { IMAGE_REQUEST_EXAMPLES, MEDIA_DIALOG_TEXTS, VIDEO_REQUEST_EXAMPLES } from '@podruga/shared';
import { Dialog } from '../../../shared/ui/Dialog.tsx';
import classes from './MediaDialogs.module.css';

export interface RequestExamplesProps {
  opened: boolean;
  onClose: () => void;
  /** The chat's own send (the input bar's): the example goes as the user's message. */
  onSend: (text: string) => void;
}

/** A title, a hint and request examples; a tap sends that example and closes the dialog (001 §2). */
function RequestExamplesDialog({
  title,
  hint,
  examples,
  opened,
  onClose,
  onSend,
}: RequestExamplesProps & { title: string; hint: string; examples: readonly string[] }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size={480}>
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      <Stack gap="xs">
        {examples.map((example) => (
          <Button
            key={example}
            variant="light"
            color="grape"
            fullWidth
            justify="flex-start"
            classNames={{ root: classes.example, label: classes.exampleLabel }}
            onClick={() => {
              onSend(example);
              onClose();
            }}
          >
            {example}
          </Button>
        ))}
      </Stack>
    </Dialog>
  );
}

/** «Как попросить фото»: the 6 photo request examples (001 §2, §9). */
export function ImageInstructionsDialog(props: RequestExamplesProps) {
  return (
    <RequestExamplesDialog
      title={MEDIA_DIALOG_TEXTS.imageInstructionsTitle}
      hint={MEDIA_DIALOG_TEXTS.imageInstructionsHint}
      examples={IMAGE_REQUEST_EXAMPLES}
      {...props}
    />
  );
}

/** «Как попросить видео»: the 5 video request examples, for Plus (001 §2, §9). */
export function VideoInstructionsDialog(props: RequestExamplesProps) {
  return (
    <RequestExamplesDialog
      title={MEDIA_DIALOG_TEXTS.videoInstructionsTitle}
      hint={MEDIA_DIALOG_TEXTS.videoInstructionsHint}
      examples={VIDEO_REQUEST_EXAMPLES}
      {...props}
    />
  );
}
