import { Anchor, Button, Group, Text } from '@mantine/core';
import { SUPPORT_LIMITS_ISSUE } from '@podruga/shared';
import { useNavigate } from 'react-router';
import { getBrand } from '../../app/brand.ts';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { requestInstall } from '../install/installStore.ts';
import { useSupportDialog } from '../support/supportStore.ts';
import classes from './ChatPage.module.css';
import type { ChatMessage } from './messages.ts';
import {
  cardHint,
  cardTitle,
  LIMIT_RENEWED,
  limitRenewed,
  rateLimitActions,
  resetText,
  timeToReset,
} from './rateLimit.ts';
import type { LimitStatus } from './store.ts';

/**
 * The card a rate-limit event adds (000 §4). It shows the user's limit as it is now (`limit`), not as
 * it was when the card was written: the buttons of the current tier, or — when the limit leaves room
 * again — that the user can go on. A card about her photos or videos (issue 14) speaks of them: the
 * server's text, and what a step up gives of them.
 */
export function RateLimitCard({
  message,
  limit,
  now,
}: {
  message: ChatMessage;
  limit: LimitStatus | null;
  now: number;
}) {
  const navigate = useNavigate();
  const meta = message.rateLimit;
  const kind = meta?.limit_type ?? 'messages';
  if (limitRenewed(kind, meta?.tier ?? limit?.tier ?? 'guest', limit)) {
    return (
      <div className={classes.card} role="status" data-testid="rate-limit-card">
        <Text fw={600}>{LIMIT_RENEWED}</Text>
      </div>
    );
  }
  const tier = limit?.tier ?? meta?.tier ?? 'guest';
  const actions = rateLimitActions(tier);
  const left = meta ? timeToReset(message.timestamp, meta, now) : null;
  const hint = cardHint(kind, tier);
  return (
    <div className={classes.card} role="status" data-testid="rate-limit-card" data-limit={kind}>
      <Text fw={600}>{cardTitle(message.text, kind)}</Text>
      {left && (
        <Text size="sm" c="dimmed" mt={4}>
          {resetText(left.hours, left.minutes)}
        </Text>
      )}
      {hint && (
        <Text size="sm" mt={4}>
          {hint}
        </Text>
      )}
      {actions.length > 0 && (
        <Group gap="xs" mt="sm">
          {actions.includes('register') && (
            <Button size="xs" variant="light" onClick={() => useAuthDialog.getState().open('register')}>
              Регистрация
            </Button>
          )}
          {actions.includes('install') && (
            <Button size="xs" variant="light" onClick={() => void requestInstall()}>
              Установить приложение
            </Button>
          )}
          {actions.includes('plus') && (
            <Button size="xs" color="grape" onClick={() => navigate('/plus')}>
              Получить Plus
            </Button>
          )}
          {actions.includes('moreLimits') && (
            <>
              <Text size="sm">
                Нужны большие лимиты? Напиши нам:{' '}
                <Anchor href={`mailto:${getBrand().supportEmail}`}>{getBrand().supportEmail}</Anchor>
              </Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => useSupportDialog.getState().open({ type: SUPPORT_LIMITS_ISSUE, locked: true })}
              >
                Написать в поддержку
              </Button>
            </>
          )}
        </Group>
      )}
    </div>
  );
}
