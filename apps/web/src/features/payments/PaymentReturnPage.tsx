import { Button, Group, Loader, Text, Title } from '@mantine/core';
import { lastPaymentKeys, PAYMENT_MESSAGES, PRODUCTS } from '@podruga/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/index.ts';
import { local } from '../../shared/storage.ts';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { notify } from '../../shared/ui/notify.tsx';
import { paymentsApi } from './api.ts';
import { lastPayment } from './lastPayment.ts';
import { refreshAfterPayment } from './refresh.ts';

/** A still-pending order is asked about this often, for this long, before the page gives its verdict. */
export const RETURN_POLL_MS = 5_000;
export const RETURN_WAIT_MS = 2 * 60_000;

type Answer = 'paid' | 'pending' | 'failed';
type Verdict = 'checking' | 'success' | 'failure';

/** Provider statuses in the return address that say the payer gave up: no point in waiting. */
const GAVE_UP = /^(fail|failed|cancel|canceled|cancelled|declined|error|expired)$/i;

interface ReturnQuery {
  orderId: string | null;
  transaction: string | null;
}

async function ask({ orderId, transaction }: ReturnQuery): Promise<Answer> {
  if (orderId) {
    const status = await paymentsApi.status(orderId);
    if (status.paid && status.access.plus_active) return 'paid';
    return status.status === 'pending' || status.paid ? 'pending' : 'failed';
  }
  if (transaction) {
    const status = await paymentsApi.plategaStatus(transaction);
    if (status.is_paid && status.access.plus_active) return 'paid';
    return status.status === 'pending' || status.is_paid ? 'pending' : 'failed';
  }
  const recent = await paymentsApi.recent();
  if (recent.success) return 'paid';
  return recent.payments.some((p) => p.status === 'pending') ? 'pending' : 'failed';
}

/** A stored last payment that this return settles is not re-checked on the Plus page. */
function forgetStored(orderId: string | null): void {
  for (const product of PRODUCTS) {
    if (orderId === null || local.get(lastPaymentKeys(product).id) === orderId) lastPayment.clear(product);
  }
}

/**
 * /payment-return and /plus/success (002 §2, §4): shows only the server's verdict on the order the
 * address names (or on the recent orders when it names none). Nothing here grants access (DESIGN §5).
 */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? params.get('order_id');
  const transaction = params.get('transaction') ?? params.get('transaction_id');
  const gaveUp = GAVE_UP.test(params.get('status') ?? '');
  const [verdict, setVerdict] = useState<Verdict>('checking');

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const deadline = Date.now() + RETURN_WAIT_MS;
    const query = { orderId, transaction };

    const run = async (): Promise<void> => {
      let answer: Answer;
      let failedRequest = false;
      try {
        answer = await ask(query);
      } catch (error) {
        // An order that is not (or no longer) hers is a verdict; a passing failure is asked again.
        const final = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
        answer = final ? 'failed' : 'pending';
        failedRequest = !final;
      }
      if (stopped) return;
      if (answer === 'paid') {
        forgetStored(orderId);
        setVerdict('success');
        void refreshAfterPayment();
        return;
      }
      if (answer === 'pending' && !gaveUp && Date.now() + RETURN_POLL_MS <= deadline) {
        timer = setTimeout(() => void run(), RETURN_POLL_MS);
        return;
      }
      if (failedRequest) notify.error(PAYMENT_MESSAGES.returnErrorNotice);
      setVerdict('failure');
    };
    void run();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [orderId, transaction, gaveUp]);

  return (
    <CenteredPage>
      {verdict === 'checking' && (
        <>
          <Loader color="pink" />
          <Title order={1} size="h3">
            {PAYMENT_MESSAGES.returnChecking}
          </Title>
        </>
      )}
      {verdict === 'success' && (
        <Verdict
          title={PAYMENT_MESSAGES.successTitle}
          text={PAYMENT_MESSAGES.successActivated}
          next={{ to: '/profile', label: 'В профиль' }}
        />
      )}
      {verdict === 'failure' && (
        <Verdict
          title={PAYMENT_MESSAGES.returnError}
          text={PAYMENT_MESSAGES.returnNotConfirmed}
          next={{ to: '/plus', label: 'К тарифам' }}
        />
      )}
    </CenteredPage>
  );
}

/** The server's verdict, where to go next, and the way home (002 §2 "Payment-return page"). */
function Verdict({
  title,
  text,
  next,
}: {
  title: string;
  text: string;
  next: { to: string; label: string };
}) {
  return (
    <>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{text}</Text>
      <Group justify="center">
        <Button component={Link} to={next.to} color="pink">
          {next.label}
        </Button>
        <Button component={Link} to="/" variant="default">
          На главную
        </Button>
      </Group>
    </>
  );
}
