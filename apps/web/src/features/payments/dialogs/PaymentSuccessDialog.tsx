import { Button, List, Stack, Text } from '@mantine/core';
import { PAYMENT_MESSAGES, PRODUCT_FEATURES, type Product, ruPlural, TIER_LIMITS } from '@podruga/shared';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';

/**
 * What the purchase gives (DESIGN §5, TIER_LIMITS): calls and videos only once they exist (decision
 * 0010: copy promises only live parts, PRODUCT_FEATURES).
 */
export function limitLines(product: Product, features = PRODUCT_FEATURES): string[] {
  const limits = TIER_LIMITS[product];
  const minutes = Math.round(limits.voiceSecondsPerDay / 60);
  const lines = [
    `${limits.messagesPerDay} ${ruPlural(limits.messagesPerDay, ['сообщение', 'сообщения', 'сообщений'])} в день`,
    'Сколько угодно подруг',
  ];
  if (features.voiceCalls)
    lines.push(`${minutes} ${ruPlural(minutes, ['минута', 'минуты', 'минут'])} звонков в день`);
  if (features.videos) lines.push(`${limits.videosPerDay} видео в день`);
  return lines;
}

/**
 * 'Оплата прошла успешно!' on the Plus and VIP pages (002 §2, §8). The VIP page reuses the Plus wording
 * in the spec; here it names VIP, which is what was bought.
 */
export function PaymentSuccessDialog(props: { opened: boolean; product: Product; onContinue(): void }) {
  const text =
    props.product === 'vip'
      ? PAYMENT_MESSAGES.successPlus.replace('Plus', 'VIP')
      : PAYMENT_MESSAGES.successPlus;
  return (
    <Dialog opened={props.opened} onClose={props.onContinue} title={PAYMENT_MESSAGES.successTitle} size={420}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Text size="sm" fw={600}>
          Теперь тебе доступно:
        </Text>
        <List size="sm" spacing={4}>
          {limitLines(props.product).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
      <DialogActions>
        <Button onClick={props.onContinue} data-autofocus>
          Продолжить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
