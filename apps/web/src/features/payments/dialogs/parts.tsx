import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { PAYMENT_MESSAGES, PLAN_DAYS, type PlanType, parsePlanType, ruPlural } from '@podruga/shared';
import { DialogActions } from '../../../shared/ui/Dialog.tsx';
import { notify } from '../../../shared/ui/notify.tsx';

/** Copies `text`; the toasts of 002 §8 (the spec words them for the address, the dialogs reuse them). */
export async function copyText(
  text: string,
  messages: { ok: string; failed: string } = {
    ok: PAYMENT_MESSAGES.copied,
    failed: PAYMENT_MESSAGES.copyFailed,
  },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(messages.ok);
  } catch {
    notify.error(messages.failed);
  }
}

/** 'Plus на 90 дней', 'VIP на 365 дней'. */
export function planTitle(planType: PlanType): string {
  const { product, plan } = parsePlanType(planType);
  const days = PLAN_DAYS[plan];
  return `${product === 'vip' ? 'VIP' : 'Plus'} на ${days} ${ruPlural(days, ['день', 'дня', 'дней'])}`;
}

/** Seconds as 'мм:сс'. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A 16-digit card number in groups of four (002 §5); anything else as it came. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\s+/g, '');
  return /^\d{16}$/.test(digits) ? (digits.match(/\d{4}/g) ?? []).join(' ') : value;
}

/**
 * A value to copy: its label, the value in a monospace line that wraps on a narrow phone, and a copy
 * button named after the label.
 */
export function CopyField(props: {
  label: string;
  value: string;
  display?: string;
  messages?: { ok: string; failed: string };
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text ff="monospace" fw={600} size="sm" style={{ wordBreak: 'break-all', flex: 1, minWidth: 0 }}>
          {props.display ?? props.value}
        </Text>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={`Скопировать: ${props.label}`}
          title="Скопировать"
          onClick={() => void copyText(props.value, props.messages)}
        >
          <CopyIcon />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

function CopyIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

/**
 * A sandbox order says so (DESIGN §5): a badge, and the local test page where a tester decides the
 * outcome, opened in a new tab so the dialog keeps polling.
 */
export function SandboxNotice(props: { url: string | null }) {
  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Badge color="yellow" variant="filled" size="lg">
        {PAYMENT_MESSAGES.sandboxTitle}
      </Badge>
      {props.url && (
        <Button
          component="a"
          href={props.url}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="light"
          color="yellow"
        >
          Открыть тестовую оплату
        </Button>
      )}
    </Group>
  );
}

/** While a dialog creates its payment. */
export function PaymentCreating() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Создание платежа" />
    </Center>
  );
}

/** The payment could not be created: the reason, «Закрыть» and «Повторить». */
export function PaymentCreateFailed({
  text,
  onClose,
  onRetry,
}: {
  text: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light">
        <Text size="sm">{text}</Text>
      </Alert>
      <DialogActions mt="xs">
        <Button variant="default" onClick={onClose}>
          Закрыть
        </Button>
        <Button onClick={onRetry}>Повторить</Button>
      </DialogActions>
    </Stack>
  );
}
