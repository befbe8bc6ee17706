import { STORAGE_KEYS } from '@podruga/shared';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from '../../features/shell/Header.tsx';
import { local } from '../../shared/storage.ts';

/** Chat pages (002 §2): header, no footer; the visited path is saved so "/" can return to it. */
export function ChatLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    local.set(STORAGE_KEYS.lastVisitedPath, pathname);
  }, [pathname]);
  return (
    <div className="app-frame" data-width="chat">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
