import { Button, Group, Text } from '@mantine/core';

/** A toast's text with one action button (notify.withAction); loaded with the first such toast. */
export function ActionToast(props: { message: string; actionLabel: string; onAction: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{props.message}</Text>
      <Button size="compact-sm" variant="light" style={{ flexShrink: 0 }} onClick={props.onAction}>
        {props.actionLabel}
      </Button>
    </Group>
  );
}
