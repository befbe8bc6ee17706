import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_MESSAGES, PAYMENT_TIMERS, type PlategaCreateResponse } from '@podruga/shared';
import { useEffect, useRef, useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/index.ts';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';
import { notify } from '../../../shared/ui/notify.tsx';
import { paymentsApi } from '../api.ts';
import { formatRub } from '../format.ts';
import { PaymentNotCompletedDialog } from './PaymentNotCompletedDialog.tsx';
import { PaymentCreateFailed, PaymentCreating, planTitle } from './parts.tsx';
import type { PaymentDialogProps } from './types.ts';

/** Creation answers that mean the card service itself is down: other methods are offered (002 §8). */
const SERVICE_DOWN = [400, 502, 503];

type View =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'waiting'; payment: PlategaCreateResponse }
  | { state: 'success' };

/** 'HH:MM:SS' as minutes, for «Ссылка действительна N минут»; null when unreadable. */
export function expiryMinutes(expiresIn: string): number | null {
  const match = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(expiresIn);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 0 ? minutes : null;
}

/** This tab's navigation, apart so tests can watch it (jsdom does not navigate). */
export const sameTab = { assign: (url: string) => window.location.assign(url) };

/**
 * Opens the payment page in a new tab; where the new tab is blocked (iOS Safari after an await) the
 * page opens in this one, and the provider brings the user back to /payment-return.
 */
export function openPaymentPage(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) {
    // The provider's page gets no handle on ours.
    tab.opener = null;
    return;
  }
  sameTab.assign(url);
}

/**
 * The card/SBP redirect (Platega, 002 §2, §4 "Redirect dialog"): creates the payment on opening, opens
 * the provider's page, shows the period, the amount and a fallback button, and polls every 30 s.
 * «Я оплатил» checks at once; not paid yet opens 'Платеж не завершен' with «Проверить снова».
 */
export function RedirectPaymentDialog({
  opened,
  planType,
  onClose,
  onSuccess,
  onServiceError,
}: PaymentDialogProps & { onServiceError(): void }) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [checking, setChecking] = useState(false);
  const [notCompleted, setNotCompleted] = useState(false);
  const session = useRef(0);

  function start() {
    session.current += 1;
    const mine = session.current;
    setView({ state: 'loading' });
    setChecking(false);
    setNotCompleted(false);
    paymentsApi
      .plategaCreate(planType)
      .then((payment) => {
        if (session.current !== mine) return;
        if (!payment.success || !payment.redirect_url) {
          setView({ state: 'failed', text: PAYMENT_MESSAGES.notCreated });
          return;
        }
        setView({ state: 'waiting', payment });
        openPaymentPage(payment.redirect_url);
      })
      .catch((error: unknown) => {
        if (session.current !== mine) return;
        if (isApiError(error) && SERVICE_DOWN.includes(error.status)) {
          onServiceError();
          return;
        }
        setView({ state: 'failed', text: errorText(error, PAYMENT_MESSAGES.createFailed) });
      });
  }
  const startRef = useRef(start);
  startRef.current = start;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new plan is a new payment
  useEffect(() => {
    if (opened) startRef.current();
    else session.current += 1;
  }, [opened, planType]);

  /** Asks the server; a paid order is the success view and is reported once. */
  async function check(manual: boolean, again = false): Promise<void> {
    if (view.state !== 'waiting') return;
    const mine = session.current;
    const { order_id } = view.payment;
    if (manual) setChecking(true);
    try {
      const answer = await paymentsApi.plategaStatus(order_id);
      if (session.current !== mine) return;
      if (answer.is_paid) {
        session.current += 1;
        setNotCompleted(false);
        setView({ state: 'success' });
        onSuccess(answer.order_id || order_id);
      } else if (again) {
        // Asked again from 'Платеж не завершен', which stays open: the answer is a toast.
        notify.warning(PAYMENT_MESSAGES.notReceived);
      } else if (manual) {
        setNotCompleted(true);
      }
    } catch {
      if (manual && session.current === mine) notify.error(PAYMENT_MESSAGES.statusCheckError);
    } finally {
      if (manual && session.current === mine) setChecking(false);
    }
  }
  const checkRef = useRef(check);
  checkRef.current = check;

  const waiting = opened && view.state === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void checkRef.current(false), PAYMENT_TIMERS.redirectPollMs);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const minutes = view.state === 'waiting' ? expiryMinutes(view.payment.expires_in) : null;

  return (
    <>
      <Dialog opened={opened} onClose={onClose} title="Оплата картой или СБП" size={440}>
        {view.state === 'loading' && <PaymentCreating />}

        {view.state === 'failed' && (
          <PaymentCreateFailed text={view.text} onClose={onClose} onRetry={start} />
        )}

        {view.state === 'waiting' && (
          <Stack gap="md">
            {view.payment.sandbox && (
              <Group>
                <Badge color="yellow" variant="filled" size="lg">
                  {PAYMENT_MESSAGES.sandboxTitle}
                </Badge>
              </Group>
            )}
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Период
                  </Text>
                  <Text fw={600}>{planTitle(planType)}</Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="xs" c="dimmed">
                    Сумма
                  </Text>
                  <Text fw={700} size="lg">
                    {formatRub(view.payment.amount)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
            <Text size="sm">
              Страница оплаты открылась в новой вкладке. Оплати там и вернись сюда — доступ откроется сам.
              {minutes !== null && ` Ссылка действительна ${minutes} мин.`}
            </Text>
            <Button
              component="a"
              href={view.payment.redirect_url}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              fullWidth
            >
              Открыть страницу оплаты
            </Button>
            <DialogActions mt="xs">
              <Button variant="default" onClick={onClose}>
                {PAYMENT_MESSAGES.cancel}
              </Button>
              <Button onClick={() => void check(true)} loading={checking}>
                Я оплатил
              </Button>
            </DialogActions>
          </Stack>
        )}

        {view.state === 'success' && (
          <Stack gap="sm" align="center" ta="center">
            <Title order={3} size="h4" c="teal">
              {PAYMENT_MESSAGES.success}
            </Title>
            <Button onClick={onClose} mt="sm">
              Готово
            </Button>
          </Stack>
        )}
      </Dialog>
      <PaymentNotCompletedDialog
        opened={opened && notCompleted}
        onClose={() => setNotCompleted(false)}
        onRetry={() => void check(true, true)}
        text={PAYMENT_MESSAGES.notCompletedYet}
        retryLabel={PAYMENT_MESSAGES.checkAgain}
        zIndex={210}
      />
    </>
  );
}
