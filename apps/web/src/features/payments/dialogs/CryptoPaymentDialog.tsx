import {
  Alert,
  Button,
  Center,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  CRYPTO,
  type CryptoCurrency,
  type CryptoPayment,
  type CryptoStatus,
  PAYMENT_MESSAGES,
  PRICES,
  parsePlanType,
} from '@podruga/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../shared/api/index.ts';
import { Dialog, DialogActions } from '../../../shared/ui/Dialog.tsx';
import { notify } from '../../../shared/ui/notify.tsx';
import { useSupportDialog } from '../../support/supportStore.ts';
import { paymentsApi } from '../api.ts';
import { paymentUri } from './cryptoUri.ts';
import { CopyField, formatCountdown, planTitle, SandboxNotice } from './parts.tsx';
import type { PaymentDialogProps } from './types.ts';

/** The built-in coins when the server's list does not load (002 §8). */
export const FALLBACK_CURRENCIES: CryptoCurrency[] = [
  { code: 'btc', name: 'Bitcoin', network: null, logo_url: null },
  { code: 'eth', name: 'Ethereum', network: null, logo_url: null },
  { code: 'trx', name: 'TRON', network: 'trc20', logo_url: null },
  { code: 'xmr', name: 'Monero', network: null, logo_url: null },
  { code: 'ltc', name: 'Litecoin', network: null, logo_url: null },
  { code: 'dash', name: 'Dash', network: null, logo_url: null },
  { code: 'usdt', name: 'Tether', network: null, logo_url: null },
  { code: 'usdc', name: 'USD Coin', network: null, logo_url: null },
  { code: 'doge', name: 'Dogecoin', network: null, logo_url: null },
  { code: 'bnb', name: 'BNB', network: null, logo_url: null },
  { code: 'ada', name: 'Cardano', network: null, logo_url: null },
  { code: 'sol', name: 'Solana', network: null, logo_url: null },
];

/** A coin that needs a network gets the one most wallets send it on, until the user picks another. */
const DEFAULT_NETWORK: Record<string, string> = { usdt: 'trc20', usdc: 'eth', bnb: 'bsc', matic: 'polygon' };

const SUCCESS: readonly CryptoStatus[] = ['confirmed', 'finished', 'partially_paid'];
const FAILURE: readonly CryptoStatus[] = ['failed', 'refunded', 'expired'];

/** The problem's words for 'Проблема с платежом: {…}' (002 §8). */
const FAILURE_TEXT: Partial<Record<CryptoStatus, string>> = {
  failed: 'платеж не прошел',
  refunded: 'средства возвращены',
};

export const needsNetwork = (coin: string | null): boolean =>
  coin !== null && (CRYPTO.withNetwork as readonly string[]).includes(coin);

const featured = CRYPTO.featured as readonly string[];

type Step = 'coin' | 'pay' | 'result';

/**
 * Paying with crypto (002 §2, §4, §5): choose a coin (and a network for stablecoins), see the estimate
 * of the plan's USD price; then the address, amount, QR code and the 20-minute countdown; then the
 * result. The countdown reaching zero checks the status; «Я оплатил» checks it at once.
 */
export function CryptoPaymentDialog({ opened, planType, onClose, onSuccess }: PaymentDialogProps) {
  const { product, plan } = parsePlanType(planType);
  const usd = PRICES[product][plan].usd;

  const [step, setStep] = useState<Step>('coin');
  const [currencies, setCurrencies] = useState<CryptoCurrency[] | null>(null);
  const [fallback, setFallback] = useState(false);
  const [coin, setCoin] = useState<string | null>(null);
  const [network, setNetwork] = useState<string>('');
  const [estimate, setEstimate] = useState<{ coin: string; amount: number | null } | null>(null);
  const [processing, setProcessing] = useState(false);
  const [payment, setPayment] = useState<CryptoPayment | null>(null);
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<CryptoStatus | null>(null);
  // Answers that arrive after the dialog closed or started over belong to nobody.
  const session = useRef(0);

  // Each opening starts at step 1 with the server's coins.
  useEffect(() => {
    session.current += 1;
    if (!opened) return;
    const mine = session.current;
    setStep('coin');
    setCoin(null);
    setNetwork('');
    setEstimate(null);
    setPayment(null);
    setNotice(null);
    setFailure(null);
    setProcessing(false);
    setChecking(false);
    paymentsApi
      .cryptoCurrencies()
      .then(({ currencies: list }) => {
        if (session.current !== mine) return;
        if (list.length === 0) throw new Error('empty currency list');
        setCurrencies(list);
        setFallback(false);
      })
      .catch(() => {
        if (session.current !== mine) return;
        setCurrencies(FALLBACK_CURRENCIES);
        setFallback(true);
      });
  }, [opened]);

  // The estimate of the plan's price in the chosen coin.
  useEffect(() => {
    if (!opened || coin === null) return;
    let alive = true;
    setEstimate(null);
    paymentsApi
      .cryptoEstimate({ amount: usd, currency_from: 'usd', currency_to: coin })
      .then((answer) => alive && setEstimate({ coin, amount: answer.estimated_amount }))
      .catch(() => alive && setEstimate({ coin, amount: null }));
    return () => {
      alive = false;
    };
  }, [opened, coin, usd]);

  async function checkStatus(current: CryptoPayment): Promise<void> {
    const mine = session.current;
    setChecking(true);
    setNotice(null);
    try {
      const answer = await paymentsApi.cryptoStatus(current.payment_id);
      if (session.current !== mine) return;
      if (SUCCESS.includes(answer.payment_status)) {
        // The countdown's check and «Я оплатил» may both answer: the order is reported once.
        session.current += 1;
        setChecking(false);
        setFailure(null);
        setStep('result');
        onSuccess(answer.order_id);
      } else if (FAILURE.includes(answer.payment_status)) {
        setFailure(answer.payment_status);
        setStep('result');
      } else {
        setNotice(PAYMENT_MESSAGES.stillProcessing);
      }
    } catch {
      if (session.current === mine) notify.error(PAYMENT_MESSAGES.statusFailed);
    } finally {
      if (session.current === mine) setChecking(false);
    }
  }
  const checkRef = useRef(checkStatus);
  checkRef.current = checkStatus;

  // The countdown; at zero the status is checked once.
  useEffect(() => {
    if (!opened || step !== 'pay' || payment === null) return;
    const tick = () => {
      const left = deadline - Date.now();
      setRemaining(Math.max(0, Math.ceil(left / 1000)));
      if (left <= 0) {
        window.clearInterval(timer);
        void checkRef.current(payment);
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [opened, step, payment, deadline]);

  async function create() {
    if (coin === null || processing) return;
    const mine = session.current;
    setProcessing(true);
    try {
      const created = await paymentsApi.cryptoCreate({
        plan_type: planType,
        pay_currency: coin,
        network: needsNetwork(coin) ? network || DEFAULT_NETWORK[coin] : undefined,
      });
      if (session.current !== mine) return;
      const expires = created.expiration_estimate_date
        ? Date.parse(created.expiration_estimate_date)
        : Number.NaN;
      const until = Number.isNaN(expires) ? Date.now() + CRYPTO.validityMinutes * 60_000 : expires;
      setDeadline(until);
      // Shown from the first paint of step 2, before the countdown's first tick.
      setRemaining(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
      setPayment(created);
      setNotice(null);
      setStep('pay');
    } catch (error) {
      if (session.current === mine) notify.error(errorText(error, PAYMENT_MESSAGES.cryptoCreateFailed));
    } finally {
      if (session.current === mine) setProcessing(false);
    }
  }

  function pickCoin(next: string | null) {
    setCoin(next);
    setNetwork(next && needsNetwork(next) ? (DEFAULT_NETWORK[next] ?? CRYPTO.networks[0].code) : '');
  }

  function restart() {
    session.current += 1;
    setPayment(null);
    setFailure(null);
    setNotice(null);
    setChecking(false);
    setStep('coin');
  }

  const ordered = orderCurrencies(currencies ?? []);
  const top = ordered.filter((c) => featured.includes(c.code));
  const rest = ordered.filter((c) => !featured.includes(c.code));

  return (
    <Dialog opened={opened} onClose={onClose} title="Оплата криптовалютой" size={480}>
      <Text size="xs" c="dimmed" mb="sm">
        Шаг {step === 'coin' ? 1 : step === 'pay' ? 2 : 3} из 3 · {planTitle(planType)} · {usd} $
      </Text>

      {step === 'coin' && (
        <Stack gap="md">
          {currencies === null ? (
            <Center py="lg">
              <Loader size="sm" aria-label="Загрузка криптовалют" />
            </Center>
          ) : (
            <>
              {fallback && (
                <Alert color="yellow" variant="light" p="xs">
                  <Text size="sm">{PAYMENT_MESSAGES.currenciesFallback}</Text>
                </Alert>
              )}
              <Stack gap={6}>
                <Text size="sm" fw={600} id="crypto-coin-label">
                  Выбери криптовалюту
                </Text>
                <SimpleGrid cols={3} spacing="xs" role="radiogroup" aria-labelledby="crypto-coin-label">
                  {top.map((c) => (
                    <Button
                      key={c.code}
                      role="radio"
                      aria-checked={coin === c.code}
                      variant={coin === c.code ? 'filled' : 'default'}
                      onClick={() => pickCoin(c.code)}
                    >
                      {c.code.toUpperCase()}
                    </Button>
                  ))}
                </SimpleGrid>
              </Stack>
              {rest.length > 0 && (
                <NativeSelect
                  label="Другая криптовалюта"
                  value={coin && !featured.includes(coin) ? coin : ''}
                  onChange={(e) => pickCoin(e.currentTarget.value || null)}
                  data={[
                    { value: '', label: 'Не выбрана' },
                    ...rest.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} — ${c.name}` })),
                  ]}
                />
              )}
              {needsNetwork(coin) && (
                <NativeSelect
                  label="Сеть"
                  value={network}
                  onChange={(e) => setNetwork(e.currentTarget.value)}
                  data={CRYPTO.networks.map((n) => ({ value: n.code, label: n.label }))}
                />
              )}
              {coin !== null && (
                <Paper withBorder p="sm" radius="md">
                  <Text size="sm" c="dimmed">
                    Сумма к оплате
                  </Text>
                  {estimate === null || estimate.coin !== coin ? (
                    <Loader size="xs" mt={4} aria-label="Расчет суммы" />
                  ) : estimate.amount === null ? (
                    <Text size="sm">Не удалось рассчитать сумму — точная сумма будет на следующем шаге.</Text>
                  ) : (
                    <Text fw={700} size="lg" data-testid="crypto-estimate">
                      ≈ {estimate.amount.toFixed(CRYPTO.decimals[coin] ?? 2)} {coin.toUpperCase()}
                    </Text>
                  )}
                </Paper>
              )}
            </>
          )}
          <DialogActions mt="xs">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button onClick={() => void create()} disabled={coin === null || processing} loading={processing}>
              Продолжить
            </Button>
          </DialogActions>
        </Stack>
      )}

      {step === 'pay' && payment && (
        <Stack gap="md">
          {payment.sandbox && <SandboxNotice url={payment.sandbox_url} />}
          <Text size="sm">
            Отправь ровно указанную сумму на этот адрес
            {payment.network ? ` (сеть ${networkLabel(payment.network)})` : ''}. Платеж действителен{' '}
            {CRYPTO.validityMinutes} минут.
          </Text>
          <CopyField
            label={`Сумма, ${payment.pay_currency.toUpperCase()}`}
            value={String(payment.pay_amount)}
            messages={{ ok: 'Сумма скопирована в буфер обмена', failed: 'Не удалось скопировать сумму' }}
          />
          <CopyField label="Адрес" value={payment.pay_address} />
          <Center>
            <Paper p={8} radius="md" bg="white" data-testid="crypto-qr">
              <QRCodeSVG
                value={paymentUri(payment.pay_currency, payment.pay_address, payment.pay_amount)}
                level={CRYPTO.qr.level}
                size={CRYPTO.qr.size}
                bgColor="#ffffff"
                fgColor="#000000"
                title="QR-код для оплаты"
              />
            </Paper>
          </Center>
          <Text ta="center" size="sm" aria-live="polite">
            {remaining > 0 ? (
              <>
                Осталось времени: <b>{formatCountdown(remaining)}</b>
              </>
            ) : (
              PAYMENT_MESSAGES.cryptoExpired
            )}
          </Text>
          {notice && (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">{notice}</Text>
            </Alert>
          )}
          <DialogActions mt="xs">
            <Button variant="default" onClick={restart}>
              Назад
            </Button>
            <Button onClick={() => void checkStatus(payment)} loading={checking}>
              Я оплатил
            </Button>
          </DialogActions>
        </Stack>
      )}

      {step === 'result' &&
        (failure === null ? (
          <Stack gap="sm" align="center" ta="center">
            <Title order={3} size="h4" c="teal">
              {PAYMENT_MESSAGES.success}
            </Title>
            <Text size="sm">Доступ уже открыт.</Text>
            <Button onClick={onClose} mt="sm">
              Готово
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Alert color="red" variant="light">
              <Text size="sm">
                {failure === 'expired'
                  ? PAYMENT_MESSAGES.cryptoExpired
                  : PAYMENT_MESSAGES.problem(FAILURE_TEXT[failure] ?? failure)}
              </Text>
            </Alert>
            <DialogActions mt="xs" wrap="wrap">
              <Button variant="default" onClick={() => useSupportDialog.getState().open({ type: 'payment' })}>
                {PAYMENT_MESSAGES.contactSupport}
              </Button>
              <Button onClick={restart}>{PAYMENT_MESSAGES.tryAgain}</Button>
            </DialogActions>
          </Stack>
        ))}
    </Dialog>
  );
}

/** The featured coins first, in the spec's order, then the server's list as it came. */
function orderCurrencies(list: CryptoCurrency[]): CryptoCurrency[] {
  const byCode = new Map(list.map((c) => [c.code.toLowerCase(), { ...c, code: c.code.toLowerCase() }]));
  const first = featured.flatMap((code) => {
    const c = byCode.get(code);
    return c ? [c] : [];
  });
  return [...first, ...[...byCode.values()].filter((c) => !featured.includes(c.code))];
}

function networkLabel(code: string): string {
  return CRYPTO.networks.find((n) => n.code === code)?.label ?? code.toUpperCase();
}
