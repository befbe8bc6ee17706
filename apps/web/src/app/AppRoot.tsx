import { Outlet } from 'react-router';
import { AdultGateHost } from '../features/adult/AdultGateHost.tsx';
import { AnonymousLimitDialogHost } from '../features/auth/AnonymousLimitDialogHost.tsx';
import { AuthDialogHost } from '../features/auth/AuthDialogHost.tsx';
import { HelpDialogHost } from '../features/help/HelpDialogHost.tsx';
import { InstallDialogHost } from '../features/install/InstallDialogHost.tsx';
import { LegalDialogHost } from '../features/legal/LegalDialogHost.tsx';
import { PushPermissionDialogHost } from '../features/notifications/PushPermissionDialogHost.tsx';
import { PaywallDialogHost } from '../features/paywall/PaywallDialogHost.tsx';
import { SupportDialogHost } from '../features/support/SupportDialogHost.tsx';
import { useBoot } from './bootStore.ts';
import { ThemeColorSync } from './ThemeColorSync.tsx';
import { TitleSync } from './TitleSync.tsx';

/** The root route: every page, plus the dialogs any page can open. */
export function AppRoot() {
  const ready = useBoot((s) => s.ready);
  return (
    <>
      <TitleSync />
      <ThemeColorSync />
      <Outlet />
      <AuthDialogHost />
      <LegalDialogHost />
      <AnonymousLimitDialogHost />
      <PaywallDialogHost />
      <HelpDialogHost />
      <SupportDialogHost />
      <InstallDialogHost />
      <PushPermissionDialogHost />
      {ready && <AdultGateHost />}
    </>
  );
}
