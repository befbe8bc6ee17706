import { Button, List, Stack, Text } from '@mantine/core';
import { PAYMENT_MESSAGES, type Product } from '@podruga/shared';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';
import { limitLines } from '../format.ts';

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
