import { Outlet } from 'react-router';

/** No header, no footer: /maintenance and /verify-email (002 §2 "no layout"). */
export function BareLayout() {
  return (
    <div className="app-frame">
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
