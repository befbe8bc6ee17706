import { Button, List, Stack, Text } from '@mantine/core';
import { type PaywallContext, PRODUCT_FEATURES, ruPlural, TIER_LIMITS } from '@podruga/shared';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { usePaywall } from './paywallStore.ts';

const friends = (n: number) => `${n} ${ruPlural(n, ['подруга', 'подруги', 'подруг'])}`;
const friendsAcc = (n: number) => `${n} ${ruPlural(n, ['подругу', 'подруги', 'подруг'])}`;
const messages = (n: number) => `${n} ${ruPlural(n, ['сообщение', 'сообщения', 'сообщений'])}`;

/**
 * What Plus gives, with the real numbers (DESIGN §5: 50 messages a day, never "unlimited"), and only
 * the parts that exist (PRODUCT_FEATURES): videos and voice minutes appear when they land.
 */
function plusPerks(features = PRODUCT_FEATURES): string[] {
  const plus = TIER_LIMITS.plus;
  const minutes = Math.round(plus.voiceSecondsPerDay / 60);
  return [
    'Сколько угодно подруг',
    `${messages(plus.messagesPerDay)} в день`,
    ...(features.videos ? [`${plus.videosPerDay} видео в день`] : []),
    ...(features.voiceCalls
      ? [`${minutes} ${ruPlural(minutes, ['минута', 'минуты', 'минут'])} голосовых звонков в день`]
      : []),
  ];
}

interface Copy {
  title: string;
  text: string;
  note?: string;
}

function copyFor(context: PaywallContext, count: number | null): Copy {
  if (context === 'guest_limit') {
    const limit = TIER_LIMITS.guest.companions ?? 1;
    const free = TIER_LIMITS.free;
    return {
      title: 'Хочешь ещё одну подругу?',
      text: `В гостевом режиме можно создать только ${friendsAcc(limit)}${
        count !== null ? ` — у тебя уже ${friends(count)}` : ''
      }. Зарегистрируйся бесплатно: в аккаунте можно до ${free.companions ?? 3} подруг и ${messages(
        free.messagesPerDay,
      )} в день, а твоя подруга и переписка сохранятся.`,
    };
  }
  if (context === 'free_limit') {
    const limit = TIER_LIMITS.free.companions ?? 3;
    return {
      title: 'Все места для подруг заняты',
      text: `В бесплатном аккаунте можно создать до ${limit} подруг${
        count !== null ? ` — у тебя уже ${friends(count)}` : ''
      }.${PRODUCT_FEATURES.payments ? ' С Plus подруг может быть сколько угодно.' : ''}`,
      ...(PRODUCT_FEATURES.appInstall
        ? { note: 'Установи приложение — в нём дневной лимит сообщений выше.' }
        : {}),
    };
  }
  if (!PRODUCT_FEATURES.payments) {
    return {
      title: 'Лимит бесплатного доступа',
      text: 'Это ограничение бесплатного доступа. Платный доступ Plus пока не подключён.',
    };
  }
  return {
    title: 'Открой больше с Plus',
    text: 'Plus снимает ограничение на число подруг и поднимает дневные лимиты.',
  };
}

/** The paywall (001 §4): guest_limit offers registration and Plus, free_limit and general offer Plus. */
export function PaywallDialog() {
  const { opened, context, currentCount, close } = usePaywall();
  const openAuth = useAuthDialog((s) => s.open);
  const navigate = useNavigate();
  const copy = copyFor(context, currentCount);
  // Copy follows PRODUCT_FEATURES.payments (live since issue 13): no button leads where nothing is sold.
  const payments = PRODUCT_FEATURES.payments;

  return (
    <Dialog opened={opened} onClose={close} title={copy.title} size={460}>
      <Stack gap="sm">
        <Text size="sm">{copy.text}</Text>
        {payments && (
          <>
            <Text size="sm" fw={600}>
              Что даёт Plus:
            </Text>
            <List size="sm" spacing={4}>
              {plusPerks().map((perk) => (
                <List.Item key={perk}>{perk}</List.Item>
              ))}
            </List>
          </>
        )}
        {copy.note && (
          <Text size="xs" c="dimmed">
            {copy.note}
          </Text>
        )}
      </Stack>
      <DialogActions>
        {context === 'guest_limit' ? (
          <Button
            variant="default"
            onClick={() => {
              close();
              openAuth('register');
            }}
          >
            Создать аккаунт
          </Button>
        ) : (
          <Button variant={payments ? 'default' : 'filled'} onClick={close}>
            {payments ? 'Не сейчас' : 'Понятно'}
          </Button>
        )}
        {payments && (
          <Button
            onClick={() => {
              close();
              navigate('/plus');
            }}
          >
            Улучшить до Plus
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
