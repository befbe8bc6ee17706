import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A short page with its content centred: status pages, forms, sections still in preparation. */
export function CenteredPage({ children, size = 560 }: { children: ReactNode; size?: number }) {
  return (
    <Container
      size={size}
      w="100%"
      py={48}
      px="md"
      style={{ flex: 1, display: 'flex', alignItems: 'center' }}
    >
      <Stack align="center" ta="center" gap="md" w="100%">
        {children}
      </Stack>
    </Container>
  );
}
