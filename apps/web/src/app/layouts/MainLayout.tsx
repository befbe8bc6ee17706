import { Outlet } from 'react-router';
import { Footer } from '../../features/shell/Footer.tsx';
import { Header } from '../../features/shell/Header.tsx';

/** Header, page, footer. */
export function MainLayout() {
  return (
    <div className="app-frame">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
