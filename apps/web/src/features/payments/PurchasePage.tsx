import { Button, Text, Title } from '@mantine/core';
import {
  DEFAULT_PLAN,
  isPlusActive,
  ORDER_ID_PATTERN,
  PAYMENT_MESSAGES,
  PAYMENT_TIMERS,
  type Plan,
  PRICES,
  type Product,
  planTypeOf,
  type TwinpayMethod,
} from '@podruga/shared';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api/index.ts';
import { withoutParams } from '../../shared/searchParams.ts';
import { session } from '../../shared/storage.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { selectIsMember, useAuth } from '../auth/store.ts';
import { type AccountOutcome, prepareAccount } from './account.ts';
import { paymentsApi } from './api.ts';
import { formatRub } from './format.ts';
import { ACCOUNT_FLAGS, lastPayment } from './lastPayment.ts';
import {
  AnonymousAccountDialog,
  BankTransferDialog,
  CryptoPaymentDialog,
  PaymentNotCompletedDialog,
  PaymentServiceErrorDialog,
  PaymentSuccessDialog,
  RedirectPaymentDialog,
  TempAccountDialog,
} from './lazyDialogs.tsx';
import { DEFAULT_PAY_OPTION, PAY_OPTIONS, type PayOption, usePaymentModes } from './methods.ts';
import { PayMethods } from './PayMethods.tsx';
import { PaymentOverlay } from './PaymentOverlay.tsx';
import { PlanCards } from './PlanCards.tsx';
import classes from './PurchasePage.module.css';
import { RegistrationBlock } from './RegistrationBlock.tsx';
import { refreshAfterPayment } from './refresh.ts';
import { Collage, FeatureGallery, VipAnnouncement } from './Showcase.tsx';
import { usePaymentWatch } from './usePaymentWatch.ts';
import {
  EMPTY_DETAILS,
  type RegistrationDetails,
  registrationError,
  wantsRegistration,
} from './validation.ts';
import { WatchPanel } from './WatchPanel.tsx';

type OpenDialog =
  | { kind: 'crypto' }
  | { kind: 'transfer'; method: TwinpayMethod }
  | { kind: 'redirect' }
  | { kind: 'serviceError' }
  | { kind: 'notCompleted' }
  | { kind: 'success' }
  | { kind: 'tempAccount' }
  | { kind: 'anonymousAccount' }
  | null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const TITLES: Record<Product, { title: string; lead: string }> = {
  plus: { title: 'Plus', lead: 'Больше общения, сколько угодно подруг и новые возможности первыми.' },
  vip: { title: 'VIP', lead: 'Высший уровень: в шесть раз больше сообщений, чем в Plus, и новинки первыми.' },
};

/**
 * The Plus and VIP pages (002 §2): plan cards, the one-time note, the registration block for guests, the
 * ways to pay, the feature gallery and the collage; the payment dialogs load when one opens. Access is
 * granted by the server only; the page shows its verdicts (DESIGN §5).
 */
export function PurchasePage({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useAuth((s) => s.user);
  const isInitialized = useAuth((s) => s.isInitialized);
  const isMember = useAuth(selectIsMember);
  const plusActive = user !== null && isPlusActive(user);
  const renew = params.get('renew') === '1';

  const [plan, setPlan] = useState<Plan>(DEFAULT_PLAN);
  const [option, setOption] = useState<PayOption>(DEFAULT_PAY_OPTION);
  const [details, setDetails] = useState<RegistrationDetails>(EMPTY_DETAILS);
  const [loading, setLoading] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Each dialog mounts with its first opening and stays, so it can animate closed.
  const [mounted, setMounted] = useState<Set<string>>(() => new Set());
  const busy = useRef(false);
  const modeOf = usePaymentModes();
  const planType = planTypeOf(product, plan);

  const open = useCallback((next: OpenDialog) => {
    if (next) setMounted((m) => (m.has(next.kind) ? m : new Set(m).add(next.kind)));
    setDialog(next);
  }, []);

  // Once she has bought here, her new Plus never sends her away from the page's own dialogs.
  const redirected = useRef(false);
  const succeeded = useCallback(() => {
    redirected.current = true;
    open({ kind: 'success' });
    void refreshAfterPayment();
  }, [open]);

  const payRef = useRef<() => void>(() => {});
  const watch = usePaymentWatch({ product, onSuccess: succeeded, onRetry: () => payRef.current() });

  // A method switched off on the server cannot stay chosen.
  const chosenOff = modeOf(PAY_OPTIONS.find((o) => o.value === option)?.method ?? 'cactuspay') === 'off';
  useEffect(() => {
    if (!chosenOff) return;
    const first = PAY_OPTIONS.find((o) => modeOf(o.method) !== 'off');
    if (first) setOption(first.value);
  }, [chosenOff, modeOf]);

  // 002 §4 "On opening the Plus/VIP page", once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const failed = params.get('payment') === 'failed';
    const slug = params.get('order_slug');
    if (failed) open({ kind: 'notCompleted' });
    if (failed || slug !== null) setParams(withoutParams('payment', 'order_slug'), { replace: true });
    const stored = lastPayment.take(product);
    // Only our own order ids are asked about (002 §4), whatever the address carries.
    if (slug && ORDER_ID_PATTERN.test(slug)) {
      void watch.resume(slug, false);
    } else if (stored) {
      notify.warning(PAYMENT_MESSAGES.checkingPrevious);
      void watch.resume(stored, true);
    }
  }, [open, params, product, setParams, watch]);

  // 002 §4 step 7: a Plus member on /plus goes to her profile, unless she came to extend (DESIGN §5).
  useEffect(() => {
    if (product !== 'plus' || renew || redirected.current || !isInitialized) return;
    if (!plusActive || dialog !== null || watch.state.phase !== 'idle') return;
    redirected.current = true;
    notify.warning(PAYMENT_MESSAGES.alreadyPlus);
    navigate('/profile', { replace: true });
  }, [dialog, isInitialized, navigate, plusActive, product, renew, watch.state.phase]);

  async function payByCard(tab: Window | null): Promise<void> {
    try {
      const answer = await paymentsApi.cactuspayCreateSimple(planType);
      if (!answer.payment_url) throw new Error(PAYMENT_MESSAGES.noPaymentUrl);
      watch.watch(answer.order_id);
      if (tab && !tab.closed) tab.location.href = answer.payment_url;
      // A blocked new tab (iOS): the same tab; the payment comes back to /payment-return.
      else window.location.assign(answer.payment_url);
    } catch (error) {
      tab?.close();
      const text =
        error instanceof Error && error.message === PAYMENT_MESSAGES.noPaymentUrl
          ? PAYMENT_MESSAGES.noPaymentUrl
          : errorText(error, PAYMENT_MESSAGES.simpleCardFailed);
      notify.error(text, 5_000);
    }
  }

  async function pay(): Promise<void> {
    if (busy.current) return;
    const registering = !isMember && product === 'plus' && wantsRegistration(details);
    if (registering) {
      const problem = registrationError(details);
      if (problem) {
        notify.error(problem);
        return;
      }
    }
    busy.current = true;
    // The card's tab opens within the click, or the browser blocks it; the address comes later.
    const tab = option === 'card' ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    try {
      setLoading(isMember ? 'Готовим оплату…' : 'Готовим аккаунт и оплату…');
      const outcome: AccountOutcome = await prepareAccount(registering ? details : EMPTY_DETAILS);
      if (outcome === 'failed') {
        tab?.close();
        return;
      }
      if (outcome !== 'member') await sleep(PAYMENT_TIMERS.accountToPaymentPauseMs);
      if (option === 'card') await payByCard(tab);
      else if (option === 'redirect') open({ kind: 'redirect' });
      else if (option === 'crypto') open({ kind: 'crypto' });
      else open({ kind: 'transfer', method: option });
    } finally {
      busy.current = false;
      setLoading(null);
    }
  }
  payRef.current = () => void pay();

  function afterSuccess(): void {
    const temp = session.get(ACCOUNT_FLAGS.temp) === 'true';
    const anonymous = !temp && session.get(ACCOUNT_FLAGS.anonymous) === 'true';
    open(null);
    if (!temp && !anonymous) {
      navigate('/profile');
      return;
    }
    // 002 §4 steps 5–6: the account follow-up 2 s later; it leads to the profile.
    session.remove(temp ? ACCOUNT_FLAGS.temp : ACCOUNT_FLAGS.anonymous);
    setTimeout(
      () => open({ kind: temp ? 'tempAccount' : 'anonymousAccount' }),
      PAYMENT_TIMERS.accountDialogDelayMs,
    );
  }

  function pickAlternative(method: 'SBP_ALFA' | 'crypto' | 'TO_CARD' | 'SBP'): void {
    setOption(method);
    open(method === 'crypto' ? { kind: 'crypto' } : { kind: 'transfer', method });
  }

  // A dialog's own close closes only that dialog: a late one never takes the success dialog away.
  const closer = (kind: NonNullable<OpenDialog>['kind']) => () =>
    setDialog((current) => (current?.kind === kind ? null : current));
  const onDialogSuccess = () => succeeded();
  const price = PRICES[product][plan].rub;
  const texts = TITLES[product];
  const needsPlus = product === 'vip' && !plusActive && dialog?.kind !== 'success';

  return (
    <div className={`page-container ${classes.page}`}>
      <div>
        <Title order={1} className="page-title">
          {texts.title}
        </Title>
        <Text c="dimmed" mt={4} ta="center">
          {texts.lead}
        </Text>
      </div>

      {needsPlus ? (
        <section className={classes.section} aria-label="VIP недоступен">
          <Text>
            {PAYMENT_MESSAGES.vipNeedsPlus}. Сначала оформи Plus — потом можно будет перейти на VIP.
          </Text>
          <Button component={Link} to="/plus" color="pink" w="fit-content">
            Перейти к Plus
          </Button>
        </section>
      ) : (
        <>
          {renew && plusActive && product === 'plus' && (
            <Text size="sm">Продление: новые дни добавятся к текущему сроку Plus.</Text>
          )}
          <PlanCards product={product} value={plan} onChange={setPlan} />
          <Text size="sm" c="dimmed">
            {PAYMENT_MESSAGES.oneTimeNote}
          </Text>

          {product === 'plus' && !isMember && <RegistrationBlock value={details} onChange={setDetails} />}

          <section className={classes.section} aria-labelledby="pay-method">
            <Title order={2} size="h4" id="pay-method">
              Способ оплаты
            </Title>
            <PayMethods value={option} onChange={setOption} />
            <Button
              size="md"
              color="pink"
              mt="xs"
              onClick={() => void pay()}
              disabled={loading !== null || chosenOff}
            >
              Оплатить {formatRub(price)}
            </Button>
          </section>

          <WatchPanelSlot watch={watch} />
        </>
      )}

      <FeatureGallery product={product} />
      {product === 'vip' && <VipAnnouncement />}
      <Collage />

      <PaymentOverlay message={loading} />

      <Suspense fallback={null}>
        {mounted.has('crypto') && (
          <CryptoPaymentDialog
            opened={dialog?.kind === 'crypto'}
            planType={planType}
            onClose={closer('crypto')}
            onSuccess={onDialogSuccess}
          />
        )}
        {mounted.has('transfer') && (
          <BankTransferDialog
            opened={dialog?.kind === 'transfer'}
            planType={planType}
            method={
              dialog?.kind === 'transfer'
                ? dialog.method
                : option === 'SBP_ALFA' || option === 'SBP'
                  ? option
                  : 'TO_CARD'
            }
            onClose={closer('transfer')}
            onSuccess={onDialogSuccess}
          />
        )}
        {mounted.has('redirect') && (
          <RedirectPaymentDialog
            opened={dialog?.kind === 'redirect'}
            planType={planType}
            onClose={closer('redirect')}
            onSuccess={onDialogSuccess}
            onServiceError={() => open({ kind: 'serviceError' })}
          />
        )}
        {mounted.has('serviceError') && (
          <PaymentServiceErrorDialog
            opened={dialog?.kind === 'serviceError'}
            onClose={closer('serviceError')}
            onPick={pickAlternative}
          />
        )}
        {mounted.has('notCompleted') && (
          <PaymentNotCompletedDialog
            opened={dialog?.kind === 'notCompleted'}
            onClose={closer('notCompleted')}
            onRetry={closer('notCompleted')}
            text={PAYMENT_MESSAGES.failedQuery}
          />
        )}
        {mounted.has('success') && (
          <PaymentSuccessDialog
            opened={dialog?.kind === 'success'}
            product={product}
            onContinue={afterSuccess}
          />
        )}
        {mounted.has('tempAccount') && (
          <TempAccountDialog
            opened={dialog?.kind === 'tempAccount'}
            hasEmail={session.get(ACCOUNT_FLAGS.originalEmail) !== null}
            onClose={() => {
              setDialog(null);
              navigate('/profile');
            }}
          />
        )}
        {mounted.has('anonymousAccount') && (
          <AnonymousAccountDialog
            opened={dialog?.kind === 'anonymousAccount'}
            onClose={() => {
              setDialog(null);
              navigate('/profile');
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

function WatchPanelSlot({ watch }: { watch: ReturnType<typeof usePaymentWatch> }) {
  const { state } = watch;
  return (
    <WatchPanel
      state={state}
      onCheck={() => {
        if (state.orderId) void watch.check(state.orderId, false);
      }}
      onCancel={watch.cancel}
    />
  );
}

export function PlusPage() {
  return <PurchasePage product="plus" />;
}

export function VipPage() {
  return <PurchasePage product="vip" />;
}
