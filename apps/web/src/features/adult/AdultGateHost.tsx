import { CRISIS_PAGE_PATH } from '@podruga/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { authActions, useAuth } from '../auth/store.ts';
import {
  isDeviceAdultConfirmed,
  needsAdultGate,
  rememberAdultOnDevice,
  useAdultGatePreview,
} from './adultGate.ts';

export const loadAdultGate = () => import('./AdultGate.tsx');
const AdultGate = lazy(() => loadAdultGate().then((m) => ({ default: m.AdultGate })));

/**
 * The 18+ answer is remembered on the device (localStorage) and on the user (POST /api/user/confirm-adult);
 * this keeps the two in step and mounts the gate only when neither knows yet (or for a preview), so
 * returning visitors never download it. The boot preloads it when it will be needed.
 */
export function AdultGateHost() {
  const user = useAuth((s) => s.user);
  const preview = useAdultGatePreview((s) => s.preview);
  const [deviceConfirmed, setDeviceConfirmed] = useState(isDeviceAdultConfirmed);
  const userConfirmed = user?.adult_confirmed;
  const { pathname } = useLocation();

  useEffect(() => {
    if (userConfirmed && !deviceConfirmed) {
      rememberAdultOnDevice();
      setDeviceConfirmed(true);
    } else if (deviceConfirmed && user && !userConfirmed) {
      authActions.confirmAdult().catch(() => {});
    }
  }, [deviceConfirmed, user, userConfirmed]);

  // The crisis page (issue 27) is for anyone, before any question: the gate waits for the next page.
  if (pathname.replace(/\/+$/, '') === CRISIS_PAGE_PATH && !preview) return null;
  if (!preview && !needsAdultGate(deviceConfirmed, userConfirmed)) return null;
  return (
    <Suspense fallback={null}>
      <AdultGate
        preview={preview}
        onConfirmed={() => {
          rememberAdultOnDevice();
          setDeviceConfirmed(true);
        }}
        onPreviewClosed={() => useAdultGatePreview.setState({ preview: false })}
      />
    </Suspense>
  );
}
