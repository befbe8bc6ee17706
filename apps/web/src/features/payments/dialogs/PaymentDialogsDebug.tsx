import { Button, SimpleGrid, Text } from '@mantine/core';
import { PAYMENT_MESSAGES, type PlanType, type Product, type TwinpayMethod } from '@podruga/shared';
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../../shared/ui/notify.tsx';
import { AnonymousAccountDialog, TempAccountDialog } from './AccountDialogs.tsx';
import { PaymentNotCompletedDialog } from './PaymentNotCompletedDialog.tsx';
import { PaymentServiceErrorDialog } from './PaymentServiceErrorDialog.tsx';
import { PaymentSuccessDialog } from './PaymentSuccessDialog.tsx';

// The dialogs that talk to the server (and the QR code library) load when first opened.
const CryptoPaymentDialog = lazy(() =>
  import('./CryptoPaymentDialog.tsx').then((m) => ({ default: m.CryptoPaymentDialog })),
);
const BankTransferDialog = lazy(() =>
  import('./BankTransferDialog.tsx').then((m) => ({ default: m.BankTransferDialog })),
);
const RedirectPaymentDialog = lazy(() =>
  import('./RedirectPaymentDialog.tsx').then((m) => ({ default: m.RedirectPaymentDialog })),
);

type Open =
  | { kind: 'crypto' | 'redirect' }
  | { kind: 'transfer'; method: TwinpayMethod }
  | { kind: 'serviceError' | 'notCompleted' | 'anonymous' }
  | { kind: 'temp'; hasEmail: boolean }
  | { kind: 'success'; product: Product };

/**
 * /test/dialogs: the payment dialogs (002 §2). The paying ones create real orders of a monthly Plus
 * plan — the sandbox's outside production — so a tester can walk them through.
 */
export function PaymentDialogsDebug() {
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const planType: PlanType = 'monthly';
  const onSuccess = (orderId: string) => {
    notify.success(`${PAYMENT_MESSAGES.success} (${orderId})`);
    setOpen({ kind: 'success', product: 'plus' });
  };

  const buttons: { label: string; open: Open }[] = [
    { label: 'Оплата криптовалютой', open: { kind: 'crypto' } },
    { label: 'Перевод на карту', open: { kind: 'transfer', method: 'TO_CARD' } },
    { label: 'Оплата по СБП', open: { kind: 'transfer', method: 'SBP' } },
    { label: 'Оплата картой (переход)', open: { kind: 'redirect' } },
    { label: 'Сервис оплаты недоступен', open: { kind: 'serviceError' } },
    { label: 'Платеж не завершен', open: { kind: 'notCompleted' } },
    { label: 'Временный аккаунт (с почтой)', open: { kind: 'temp', hasEmail: true } },
    { label: 'Временный аккаунт (без почты)', open: { kind: 'temp', hasEmail: false } },
    { label: 'Гостевой аккаунт', open: { kind: 'anonymous' } },
    { label: 'Оплата прошла (Plus)', open: { kind: 'success', product: 'plus' } },
    { label: 'Оплата прошла (VIP)', open: { kind: 'success', product: 'vip' } },
  ];

  return (
    <>
      <Text fw={600} mt="md">
        Оплата
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} w="100%">
        {buttons.map((b) => (
          <Button key={b.label} variant="light" onClick={() => setOpen(b.open)}>
            {b.label}
          </Button>
        ))}
      </SimpleGrid>
      <Suspense fallback={null}>
        {open?.kind === 'crypto' && (
          <CryptoPaymentDialog opened planType={planType} onClose={close} onSuccess={onSuccess} />
        )}
        {open?.kind === 'transfer' && (
          <BankTransferDialog
            opened
            planType={planType}
            method={open.method}
            onClose={close}
            onSuccess={onSuccess}
          />
        )}
        {open?.kind === 'redirect' && (
          <RedirectPaymentDialog
            opened
            planType={planType}
            onClose={close}
            onSuccess={onSuccess}
            onServiceError={() => setOpen({ kind: 'serviceError' })}
          />
        )}
      </Suspense>
      <PaymentServiceErrorDialog
        opened={open?.kind === 'serviceError'}
        onClose={close}
        onPick={(method) => setOpen(method === 'crypto' ? { kind: 'crypto' } : { kind: 'transfer', method })}
      />
      <PaymentNotCompletedDialog opened={open?.kind === 'notCompleted'} onClose={close} onRetry={close} />
      <TempAccountDialog
        opened={open?.kind === 'temp'}
        onClose={close}
        hasEmail={open?.kind === 'temp' && open.hasEmail}
      />
      <AnonymousAccountDialog opened={open?.kind === 'anonymous'} onClose={close} />
      <PaymentSuccessDialog
        opened={open?.kind === 'success'}
        product={open?.kind === 'success' ? open.product : 'plus'}
        onContinue={close}
      />
    </>
  );
}
