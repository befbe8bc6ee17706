import { Anchor, Text } from '@mantine/core';
import { getBrand } from '../../app/brand.ts';

/** The brand's support address (mailto) and, when configured, its Telegram handle (BRANDS). */
export function SupportContacts({ lead = 'Или напишите нам напрямую:' }: { lead?: string }) {
  const { supportEmail, supportTelegram } = getBrand();
  return (
    <Text size="sm" c="dimmed" data-testid="support-contacts">
      {lead} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
      {supportTelegram && (
        <>
          {' '}
          или в Telegram{' '}
          <Anchor href={`https://t.me/${supportTelegram}`} target="_blank" rel="noopener noreferrer">
            @{supportTelegram}
          </Anchor>
        </>
      )}
    </Text>
  );
}
