import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { type PaywallContext, ruPlural, TIER_LIMITS } from '@podruga/shared';
import { useNavigate } from 'react-router';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { usePaywall } from './paywallStore.ts';

const friends = (n: number) => `${n} ${ruPlural(n, ['подруга', 'подруги', 'подруг'])}`;
const friendsAcc = (n: number) => `${n} ${ruPlural(n, ['подругу', 'подруги', 'подруг'])}`;
const messages = (n: number) => `${n} ${ruPlural(n, ['сообщение', 'сообщения', 'сообщений'])}`;

/** What Plus gives, with the real numbers (DESIGN §5: 50 messages a day, never "unlimited"). */
function plusPerks(): string[] {
  const plus = TIER_LIMITS.plus;
  const minutes = Math.round(plus.voiceSecondsPerDay / 60);
  return [
    'Сколько угодно подруг',
    `${messages(plus.messagesPerDay)} в день`,
    `${plus.videosPerDay} видео в день`,
    `${minutes} ${ruPlural(minutes, ['минута', 'минуты', 'минут'])} голосовых звонков в день`,
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
      }. С Plus подруг может быть сколько угодно.`,
      note: 'Скоро можно будет установить приложение — в нём дневной лимит сообщений выше.',
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

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={copy.title}
      centered
      size={460}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <Stack gap="sm">
        <Text size="sm">{copy.text}</Text>
        <Text size="sm" fw={600}>
          Что даёт Plus:
        </Text>
        <List size="sm" spacing={4}>
          {plusPerks().map((perk) => (
            <List.Item key={perk}>{perk}</List.Item>
          ))}
        </List>
        {copy.note && (
          <Text size="xs" c="dimmed">
            {copy.note}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
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
          <Button variant="default" onClick={close}>
            Не сейчас
          </Button>
        )}
        <Button
          onClick={() => {
            close();
            navigate('/plus');
          }}
        >
          Улучшить до Plus
        </Button>
      </Group>
    </Modal>
  );
}
