import { Button, Group, Text, Title } from '@mantine/core';
import { AUTH_MESSAGES, isPlusActive, PROFILE_MESSAGES } from '@podruga/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/index.ts';
import { withoutParams } from '../../shared/searchParams.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { authActions, selectIsMember, useAuth } from '../auth/store.ts';
import { useLogout } from '../shell/useLogout.ts';
import { AccountSection } from './AccountSection.tsx';
import { useCancelSubscription } from './api.ts';
import { CompanionsSection } from './CompanionsSection.tsx';
import { PlanSection } from './PlanSection.tsx';
import {
  CancelSubscriptionDialog,
  ChangeEmailDialog,
  PaymentSuccessDialog,
  SignOutDialog,
} from './ProfileDialogs.tsx';
import classes from './ProfilePage.module.css';
import { planOf } from './plan.ts';

/** payment=success while the server does not (yet) see paid access. Ours, in the spec's voice. */
const PAYMENT_PENDING = 'Оплата ещё не подтверждена. Доступ Plus включится, как только она пройдёт.';

type OpenDialog = 'signOut' | 'changeEmail' | 'cancel' | 'paymentSuccess' | null;

/**
 * /profile (001 §2): the account, the plan with its limits, and the companions. Guests see a guest
 * account and an invitation to register. Features that do not exist yet (Telegram friends, cellular,
 * group calls, a phone number) are left out, not shown as «Скоро» (decision 0018).
 */
export function ProfilePage() {
  const user = useAuth((s) => s.user);
  const isMember = useAuth(selectIsMember);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [signingOut, setSigningOut] = useState(false);
  const logout = useLogout(AUTH_MESSAGES.logout);
  const cancel = useCancelSubscription();
  const plan = user ? planOf(user) : null;

  // The address or the plan may have changed elsewhere (a confirmation link, a payment): ask again.
  useEffect(() => {
    authActions.refreshUser().catch(() => {});
  }, []);

  const hasPaidAccess = plan !== null && plan.kind !== 'free';
  useProfileQueryActions(hasPaidAccess, isMember, setDialog);

  if (!user || !plan) return <NoSession />;

  async function signOut() {
    setSigningOut(true);
    await logout();
    setSigningOut(false);
  }

  async function confirmCancel() {
    try {
      await cancel.mutateAsync();
      setDialog(null);
      notify.success(PROFILE_MESSAGES.cancelled);
      await authActions.refreshUser().catch(() => {});
    } catch (error) {
      setDialog(null);
      if (isApiError(error) && error.code === 'no_active_access') {
        notify.warning(error.detail);
        await authActions.refreshUser().catch(() => {});
      } else if (isApiError(error) && error.code !== 'network') {
        notify.error(PROFILE_MESSAGES.cancelFailed);
      } else {
        notify.error(PROFILE_MESSAGES.cancelError);
      }
    }
  }

  const verifyRaisesLimit = plan.kind === 'free' && !user.is_pwa_user;

  return (
    <div className="page-container">
      <Title order={1} className="page-title">
        Профиль
      </Title>
      <div className={classes.columns}>
        <AccountSection
          user={user}
          isGuest={!isMember}
          verifyRaisesLimit={verifyRaisesLimit}
          onChangeEmail={() => setDialog('changeEmail')}
          onSignOut={() => setDialog('signOut')}
        />
        <PlanSection plan={plan} isMember={isMember} onCancel={() => setDialog('cancel')} />
      </div>
      <CompanionsSection plusActive={hasPaidAccess} />

      <SignOutDialog
        opened={dialog === 'signOut'}
        busy={signingOut}
        onClose={() => setDialog(null)}
        onConfirm={() => void signOut()}
      />
      <ChangeEmailDialog
        opened={dialog === 'changeEmail'}
        currentEmail={user.email}
        onClose={() => setDialog(null)}
      />
      <CancelSubscriptionDialog
        opened={dialog === 'cancel'}
        expiry={plan.plusExpiry}
        vip={plan.kind === 'vip'}
        busy={cancel.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => void confirmCancel()}
      />
      <PaymentSuccessDialog opened={dialog === 'paymentSuccess'} onClose={() => setDialog(null)} />
    </div>
  );
}

/** No session at all (the guest could not be created): the way in, instead of an empty page. */
function NoSession() {
  const openAuth = useAuthDialog((s) => s.open);
  return (
    <div className="page-container">
      <Title order={1} className="page-title">
        Профиль
      </Title>
      <Text ta="center" c="dimmed" mt="md">
        Войди или создай аккаунт, чтобы увидеть свой профиль и подруг.
      </Text>
      <Group justify="center" mt="md">
        <Button onClick={() => openAuth('login')}>Войти</Button>
        <Button variant="default" onClick={() => openAuth('register')}>
          Создать аккаунт
        </Button>
      </Group>
    </div>
  );
}

/**
 * 001 §2 query actions, each acted on once and then cleared: payment=success refreshes the user and
 * shows the success dialog when the server confirms active Plus; cancelSubscription=true opens the cancel dialog for active paid access, else
 * warns 'У вас нет активного доступа' with a way to buy.
 */
function useProfileQueryActions(
  hasPaidAccess: boolean,
  isMember: boolean,
  setDialog: (dialog: OpenDialog) => void,
): void {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const paymentSuccess = params.get('payment') === 'success';
  const cancelRequested = params.get('cancelSubscription') === 'true';

  useEffect(() => {
    if (!paymentSuccess) return;
    setParams(withoutParams('payment'), { replace: true });
    // The address is the payment page's word; the success dialog waits for the server's (DESIGN §5).
    void authActions
      .refreshUser()
      .catch(() => {})
      .then(() => {
        const user = useAuth.getState().user;
        if (user && isPlusActive(user)) setDialog('paymentSuccess');
        else notify.warning(PAYMENT_PENDING);
      });
  }, [paymentSuccess, setDialog, setParams]);

  useEffect(() => {
    if (!cancelRequested) return;
    setParams(withoutParams('cancelSubscription'), { replace: true });
    if (hasPaidAccess && isMember) {
      setDialog('cancel');
      return;
    }
    notify.withAction('yellow', PROFILE_MESSAGES.noActiveAccess, 'Купить', () => navigate('/plus'));
  }, [cancelRequested, hasPaidAccess, isMember, navigate, setDialog, setParams]);
}
