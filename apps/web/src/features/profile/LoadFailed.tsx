import { Button, Text } from '@mantine/core';

/** A profile section's data did not load: the spec's text and a way to ask again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <Text size="sm" c="red" mb={6}>
        {text}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}
