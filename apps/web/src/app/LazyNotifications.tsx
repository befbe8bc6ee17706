import { NOTIFICATION_TIMEOUT_MS } from '@podruga/shared';
import { lazy, Suspense } from 'react';
import { useToastHost } from '../shared/ui/toastHost.ts';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** The toast container (bottom, 3 s by default: 002 §9), mounted with the first toast. */
export function LazyNotifications() {
  const needed = useToastHost((s) => s.needed);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" autoClose={NOTIFICATION_TIMEOUT_MS} zIndex={1000} />
    </Suspense>
  );
}
