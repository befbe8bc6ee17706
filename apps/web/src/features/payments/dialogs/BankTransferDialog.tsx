import { Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import {
  PAYMENT_MESSAGES,
  PAYMENT_TIMERS,
  type PaidStatusResponse,
  type PaymentState,
  type TwinpayData,
  type TwinpayMethod,
} from '@podruga/shared';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../shared/api/index.ts';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';
import { notify } from '../../../shared/ui/notify.tsx';
import { useSupportDialog } from '../../support/supportStore.ts';
import { paymentsApi } from '../api.ts';
import { formatRub } from '../format.ts';
import {
  CopyField,
  formatCardNumber,
  formatCountdown,
  PaymentCreateFailed,
  PaymentCreating,
  planTitle,
  SandboxNotice,
} from './parts.tsx';
import type { PaymentDialogProps } from './types.ts';

const TITLES: Record<TwinpayMethod, string> = {
  TO_CARD: 'Перевод на карту',
  SBP: 'Оплата по СБП',
  SBP_ALFA: 'Оплата по СБП (Альфа-Банк)',
};

/** The states that end a transfer without money (002 §4: cancelled, failed, expired). */
const ENDED: readonly PaymentState[] = ['failed', 'expired', 'refunded', 'chargeback'];

const COPIED = { ok: 'Скопировано в буфер обмена', failed: 'Не удалось скопировать' };

type View =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'instructions' }
  | { state: 'verifying'; since: number }
  | { state: 'success'; since: number }
  | { state: 'timeout'; ended: boolean };

/**
 * A bank transfer through TwinPay (002 §2, §4 "Bank-transfer dialog"): the requisites (polled every
 * 60 s while shown); «Я оплатил» checks at once and, if the money is not there yet, verifies for up to
 * 15 minutes polling every 15 s; success closes itself after 5 s; a timeout or an ended payment offers
 * support.
 */
export function BankTransferDialog({
  opened,
  planType,
  method,
  onClose,
  onSuccess,
}: PaymentDialogProps & { method: TwinpayMethod }) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [data, setData] = useState<TwinpayData | null>(null);
  const [checking, setChecking] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const session = useRef(0);
  const succeeded = useRef(false);

  /** Creates the transfer: on each opening and on «Повторить». */
  function start() {
    session.current += 1;
    const mine = session.current;
    succeeded.current = false;
    setView({ state: 'loading' });
    setData(null);
    setChecking(false);
    paymentsApi
      .twinpayCreate(planType, method)
      .then((answer) => {
        if (session.current !== mine) return;
        if (!answer.success) {
          setView({ state: 'failed', text: answer.message || PAYMENT_MESSAGES.createFailed });
          return;
        }
        setData(answer.data);
        setView({ state: 'instructions' });
      })
      .catch((error: unknown) => {
        if (session.current === mine)
          setView({ state: 'failed', text: errorText(error, PAYMENT_MESSAGES.createFailed) });
      });
  }
  const startRef = useRef(start);
  startRef.current = start;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new plan or method is a new transfer
  useEffect(() => {
    if (opened) startRef.current();
    else session.current += 1;
  }, [opened, planType, method]);

  /** Applies an answer; returns whether it settled the payment. */
  function settle(answer: PaidStatusResponse): boolean {
    if (answer.is_paid || answer.status === 'paid') {
      setNow(Date.now());
      setView({ state: 'success', since: Date.now() });
      return true;
    }
    if (ENDED.includes(answer.status)) {
      setView({ state: 'timeout', ended: true });
      return true;
    }
    return false;
  }

  const poll = useRef<() => Promise<void>>(async () => {});
  poll.current = async () => {
    if (!data) return;
    const mine = session.current;
    try {
      const answer = await paymentsApi.twinpayStatus(data.invoice_id);
      if (session.current === mine) settle(answer);
    } catch {
      // A missed poll is retried by the next one.
    }
  };

  // Instructions: a quiet check every 60 s. Verifying: every 15 s, and the 15-minute window.
  useEffect(() => {
    // A closed dialog neither polls nor closes itself.
    if (!opened) return undefined;
    if (view.state === 'instructions') {
      const timer = window.setInterval(() => void poll.current(), PAYMENT_TIMERS.transferIdlePollMs);
      return () => window.clearInterval(timer);
    }
    if (view.state === 'verifying') {
      const pollTimer = window.setInterval(() => void poll.current(), PAYMENT_TIMERS.transferPollMs);
      const clock = window.setInterval(() => {
        const current = Date.now();
        setNow(current);
        if (current - view.since >= PAYMENT_TIMERS.transferWindowMs) {
          setView((v) => (v.state === 'verifying' ? { state: 'timeout', ended: false } : v));
        }
      }, 1000);
      return () => {
        window.clearInterval(pollTimer);
        window.clearInterval(clock);
      };
    }
    if (view.state === 'success') {
      const clock = window.setInterval(() => {
        const current = Date.now();
        setNow(current);
        if (current - view.since >= PAYMENT_TIMERS.transferSuccessCloseMs) {
          window.clearInterval(clock);
          finishRef.current();
        }
      }, 1000);
      return () => window.clearInterval(clock);
    }
    return undefined;
  }, [view, opened]);

  function finish() {
    if (succeeded.current || !data) return;
    succeeded.current = true;
    onSuccess(data.order_id);
  }
  const finishRef = useRef(finish);
  finishRef.current = finish;

  async function paid() {
    if (!data || checking) return;
    const mine = session.current;
    setChecking(true);
    try {
      const answer = await paymentsApi.twinpayStatus(data.invoice_id);
      if (session.current !== mine) return;
      if (!settle(answer)) setView({ state: 'verifying', since: Date.now() });
      setNow(Date.now());
    } catch {
      if (session.current === mine) notify.error(PAYMENT_MESSAGES.statusCheckErrorShort);
    } finally {
      if (session.current === mine) setChecking(false);
    }
  }

  const requisites = data?.response.paymentRequisites;
  const holder = data ? (data.cardholder ?? requisites?.holder ?? null) : null;

  return (
    <Dialog opened={opened} onClose={onClose} title={TITLES[method]} size={460}>
      {view.state === 'loading' && <PaymentCreating />}

      {view.state === 'failed' && <PaymentCreateFailed text={view.text} onClose={onClose} onRetry={start} />}

      {view.state === 'instructions' && data && (
        <Stack gap="md">
          {data.sandbox && <SandboxNotice url={data.sandbox_url} />}
          <Text size="sm" c="dimmed">
            {planTitle(planType)}
          </Text>
          <CopyField
            label="Сумма"
            value={String(data.amount)}
            display={formatRub(data.amount)}
            messages={COPIED}
          />
          {method === 'TO_CARD' ? (
            <CopyField
              label="Номер карты"
              value={(data.card_number ?? requisites?.requisites ?? '').replace(/\s+/g, '')}
              display={formatCardNumber(data.card_number ?? requisites?.requisites ?? '')}
              messages={COPIED}
            />
          ) : (
            <CopyField
              label={method === 'SBP_ALFA' ? 'Телефон для СБП (Альфа-Банк)' : 'Телефон для СБП'}
              value={data.sbp_details ?? requisites?.requisites ?? ''}
              messages={COPIED}
            />
          )}
          {holder && (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Получатель
              </Text>
              <Text size="sm" fw={600}>
                {holder}
              </Text>
            </Stack>
          )}
          <Text size="sm">Переведи ровно эту сумму одним платежом, затем нажми «Я оплатил».</Text>
          <DialogActions mt="xs">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button onClick={() => void paid()} loading={checking}>
              Я оплатил
            </Button>
          </DialogActions>
        </Stack>
      )}

      {view.state === 'verifying' && (
        <Stack gap="md">
          <Text size="sm">
            Проверяем платеж. Обычно это занимает пару минут, но может занять до{' '}
            {PAYMENT_TIMERS.transferWindowMs / 60_000} минут. Окно можно не закрывать.
          </Text>
          <Progress
            value={Math.min(100, ((now - view.since) / PAYMENT_TIMERS.transferWindowMs) * 100)}
            animated
            aria-label="Проверка платежа"
          />
          <Text size="xs" c="dimmed" ta="center">
            {formatCountdown((now - view.since) / 1000)} из{' '}
            {formatCountdown(PAYMENT_TIMERS.transferWindowMs / 1000)}
          </Text>
          <DialogActions mt="xs">
            <Button variant="default" onClick={() => setView({ state: 'instructions' })}>
              {PAYMENT_MESSAGES.cancel}
            </Button>
          </DialogActions>
        </Stack>
      )}

      {view.state === 'success' && (
        <Stack gap="sm" align="center" ta="center">
          <Title order={3} size="h4" c="teal">
            {PAYMENT_MESSAGES.success}
          </Title>
          <Text size="sm" aria-live="polite">
            Окно закроется через{' '}
            {Math.max(0, Math.ceil((view.since + PAYMENT_TIMERS.transferSuccessCloseMs - now) / 1000))} с
          </Text>
          <Button onClick={finish} mt="sm">
            Готово
          </Button>
        </Stack>
      )}

      {view.state === 'timeout' && (
        <Stack gap="sm">
          <Paper withBorder p="sm" radius="md">
            <Text size="sm">
              {view.ended
                ? 'Платеж не был завершен. Если ты уже перевел деньги, напиши в поддержку — мы проверим перевод вручную.'
                : 'Мы пока не получили платеж. Если ты уже перевел деньги, напиши в поддержку — мы проверим перевод вручную.'}
            </Text>
          </Paper>
          <DialogActions mt="xs" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              Закрыть
            </Button>
            <Button onClick={() => useSupportDialog.getState().open({ type: 'payment' })}>
              {PAYMENT_MESSAGES.contactSupport}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Dialog>
  );
}
