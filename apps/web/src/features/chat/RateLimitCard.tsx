import { Anchor, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { getBrand } from '../../app/brand.ts';
import { useAuthDialog } from '../auth/dialogStore.ts';
import classes from './ChatPage.module.css';
import type { ChatMessage } from './messages.ts';
import { rateLimitActions, resetText } from './rateLimit.ts';

const DEFAULT_TEXT = 'Дневной лимит сообщений исчерпан.';

/** The card a rate-limit event adds (000 §4), with buttons by tier. */
export function RateLimitCard({ message }: { message: ChatMessage }) {
  const navigate = useNavigate();
  const meta = message.rateLimit;
  const tier = meta?.tier ?? 'guest';
  const actions = meta?.show_upgrade_button === false ? [] : rateLimitActions(tier);
  return (
    <div className={classes.card} role="status">
      <Text fw={600}>{message.text || DEFAULT_TEXT}</Text>
      {meta && !/обновится/i.test(message.text) && (
        <Text size="sm" c="dimmed" mt={4}>
          {resetText(meta.reset_hours, meta.reset_minutes)}
        </Text>
      )}
      {actions.length > 0 && (
        <Group gap="xs" mt="sm">
          {actions.includes('register') && (
            <Button size="xs" variant="light" onClick={() => useAuthDialog.getState().open('register')}>
              Регистрация
            </Button>
          )}
          {actions.includes('plus') && (
            <Button size="xs" color="grape" onClick={() => navigate('/plus')}>
              Получить Plus
            </Button>
          )}
          {actions.includes('moreLimits') && (
            <Text size="sm">
              Нужны большие лимиты? Напиши нам:{' '}
              <Anchor href={`mailto:${getBrand().supportEmail}`}>{getBrand().supportEmail}</Anchor>
            </Text>
          )}
        </Group>
      )}
    </div>
  );
}
