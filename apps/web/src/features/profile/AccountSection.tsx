import { Alert, Badge, Button, Group, Text, Title } from '@mantine/core';
import {
  AUTH_MESSAGES,
  GUEST_NAME,
  isPlusActive,
  PROFILE_MESSAGES,
  ruPlural,
  TIER_LIMITS,
  type User,
} from '@podruga/shared';

/** After «до»: the genitive (до 20 сообщений, до 21 сообщения). */
const MESSAGES_FORMS = ['сообщения', 'сообщений', 'сообщений'] as const;
const VERIFIED_LIMIT = TIER_LIMITS.verified.messagesPerDay;

import { notify } from '../../shared/ui/notify.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { NotificationsControl } from '../notifications/NotificationsControl.tsx';
import { useResendVerification, useUserStats } from './api.ts';
import { formatDate } from './format.ts';
import classes from './ProfilePage.module.css';

interface AccountSectionProps {
  user: User;
  isGuest: boolean;
  /** Whether confirming the address would raise the daily limit (free tier: 10 → 20). */
  verifyRaisesLimit: boolean;
  onChangeEmail: () => void;
  onSignOut: () => void;
}

/** 001 §2 Account: e-mail and status, member since, total messages, notifications, sign-out. */
export function AccountSection({
  user,
  isGuest,
  verifyRaisesLimit,
  onChangeEmail,
  onSignOut,
}: AccountSectionProps) {
  const stats = useUserStats();
  const openAuth = useAuthDialog((s) => s.open);
  const memberSince = stats.data?.created_at ?? user.created_at;

  return (
    <section className={classes.section} aria-labelledby="profile-account">
      <Title order={2} size="h3" id="profile-account">
        {isGuest ? PROFILE_MESSAGES.guestAccount : 'Аккаунт'}
      </Title>
      <div>
        <Text fw={700} size="lg">
          {isGuest ? GUEST_NAME : user.name}
        </Text>
        {!isGuest && user.email && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" className={classes.email}>
              {user.email}
            </Text>
            {user.email_verified ? (
              <Badge color="teal" variant="light" tt="none">
                Подтверждена
              </Badge>
            ) : (
              <Badge color="yellow" variant="light" tt="none">
                Не подтверждена
              </Badge>
            )}
          </Group>
        )}
      </div>

      {!isGuest && !user.email_verified && <VerifyPrompt raisesLimit={verifyRaisesLimit} />}

      {isGuest && (
        <Alert color="pink" variant="light" title="Создай аккаунт">
          <Text size="sm" mb="sm">
            {isPlusActive(user)
              ? 'Укажи эл. почту и пароль: доступ, подруги и переписка сохранятся в аккаунте, их можно будет открыть с любого устройства.'
              : `Подруги и переписка сохранятся в аккаунте, их можно будет открыть с любого устройства, а сообщений в день станет больше: ${TIER_LIMITS.free.messagesPerDay} вместо ${TIER_LIMITS.guest.messagesPerDay}.`}
          </Text>
          <Group gap="xs">
            <Button size="sm" onClick={() => openAuth('register')}>
              Создать аккаунт
            </Button>
            <Button size="sm" variant="subtle" onClick={() => openAuth('login')}>
              Уже есть аккаунт
            </Button>
          </Group>
        </Alert>
      )}

      <dl className={classes.facts}>
        <dt>С нами с</dt>
        <dd>{formatDate(memberSince)}</dd>
        <dt>Сообщений отправлено</dt>
        <dd>{stats.data ? stats.data.totalMessages : stats.isError ? '—' : '…'}</dd>
      </dl>

      <NotificationsControl />

      {!isGuest && (
        <Group gap="xs" mt="xs">
          <Button variant="default" onClick={onChangeEmail}>
            Сменить эл. почту
          </Button>
          <Button variant="subtle" color="red" onClick={onSignOut}>
            Выйти
          </Button>
        </Group>
      )}
    </section>
  );
}

/** 001 §6: an unconfirmed address, the resend button and what confirming gives (20 messages a day). */
function VerifyPrompt({ raisesLimit }: { raisesLimit: boolean }) {
  const resend = useResendVerification();
  async function send() {
    try {
      await resend.mutateAsync();
      notify.success(AUTH_MESSAGES.resendOk);
    } catch {
      notify.error(AUTH_MESSAGES.resendFailed);
    }
  }
  return (
    <Alert color="yellow" variant="light" title="Подтверди эл. почту">
      <Text size="sm" mb="sm">
        {raisesLimit
          ? `Открой ссылку из письма — и лимит вырастет до ${VERIFIED_LIMIT} ${ruPlural(VERIFIED_LIMIT, MESSAGES_FORMS)} в день.`
          : 'Открой ссылку из письма, чтобы подтвердить адрес.'}
      </Text>
      <Button size="xs" variant="light" color="yellow" loading={resend.isPending} onClick={() => void send()}>
        Отправить письмо ещё раз
      </Button>
    </Alert>
  );
}
