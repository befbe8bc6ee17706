import { Button, Group, Progress, Skeleton, Text, Title } from '@mantine/core';
import { PROFILE_MESSAGES } from '@podruga/shared';
import { Link } from 'react-router';
import { useLimitsStatus } from './api.ts';
import { formatDate } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import {
  BAR_COLORS,
  barLevel,
  formatLimit,
  formatUsage,
  LIMIT_LABELS,
  type LimitResource,
  shownResources,
} from './limits.ts';
import classes from './ProfilePage.module.css';
import type { Plan } from './plan.ts';

interface PlanSectionProps {
  plan: Plan;
  /** A signed-in account (a guest cannot cancel anything). */
  isMember: boolean;
  onCancel: () => void;
}

/** 001 §2 Plan: Plus / VIP or 'Бесплатный', the expiry, the limits with their usage bars. */
export function PlanSection({ plan, isMember, onCancel }: PlanSectionProps) {
  const limits = useLimitsStatus();

  return (
    <section className={classes.section} aria-labelledby="profile-plan">
      <Title order={2} size="h3" id="profile-plan">
        Тариф
      </Title>
      <div>
        <Text fw={700} size="lg" data-testid="plan-name">
          {plan.name}
        </Text>
        {plan.kind === 'vip' && plan.vipExpiry && (
          <Text size="sm" c="dimmed">
            VIP до {formatDate(plan.vipExpiry)}
          </Text>
        )}
        {plan.kind !== 'free' && plan.plusExpiry && (
          <Text size="sm" c="dimmed">
            Plus до {formatDate(plan.plusExpiry)}
          </Text>
        )}
        {plan.expiredOn && (
          <Text size="sm" c="dimmed">
            Доступ Plus закончился {formatDate(plan.expiredOn)}
          </Text>
        )}
      </div>

      <Text fw={600} size="sm" mt="xs">
        Лимиты
      </Text>
      {limits.isError ? (
        <LoadFailed text={PROFILE_MESSAGES.limitsLoadFailed} onRetry={() => void limits.refetch()} />
      ) : limits.data ? (
        <ul className={classes.limits} aria-label="Лимиты">
          {shownResources().map((resource) => (
            <LimitRow key={resource} resource={resource} {...limits.data.resources[resource]} />
          ))}
        </ul>
      ) : (
        <Skeleton height={72} aria-label="Загружаем лимиты" />
      )}
      <Text size="xs" c="dimmed">
        Дневные лимиты обновляются в полночь по московскому времени.
      </Text>

      <Group gap="xs" mt="xs">
        {plan.kind === 'free' && (
          <Button component={Link} to="/plus" color="pink">
            Обновить до Plus
          </Button>
        )}
        {/* Buying again adds the days to the current term (DESIGN §5): /plus lets a member in with renew=1. */}
        {plan.kind === 'plus' && (
          <>
            <Button component={Link} to="/plus?renew=1" color="pink" variant="light">
              Продлить
            </Button>
            <Button component={Link} to="/vip" color="grape">
              Получить VIP
            </Button>
          </>
        )}
        {plan.kind === 'vip' && (
          <Button component={Link} to="/vip" color="grape" variant="light">
            Продлить
          </Button>
        )}
        {plan.kind !== 'free' && isMember && (
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Отменить доступ
          </Button>
        )}
      </Group>
    </section>
  );
}

function LimitRow({
  resource,
  limit,
  used,
}: {
  resource: LimitResource;
  limit: number | null;
  used: number;
}) {
  const label = LIMIT_LABELS[resource];
  const value = formatLimit(resource, limit);
  const metered = limit !== null && limit > 0;
  const level = metered ? barLevel(used, limit) : null;
  return (
    <li data-resource={resource} data-level={level ?? undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {value}
        </Text>
      </Group>
      {metered && level && (
        <>
          <Progress
            value={Math.min(100, (used / limit) * 100)}
            color={BAR_COLORS[level]}
            size="sm"
            mt={4}
            aria-label={`${label}: ${formatUsage(resource, used, limit)}`}
          />
          <Text size="xs" c="dimmed" mt={2}>
            {resource === 'gfs' ? 'Создано' : 'Сегодня'}: {formatUsage(resource, used, limit)}
          </Text>
        </>
      )}
    </li>
  );
}
