import { Outlet } from 'react-router';
import { Footer } from '../../features/shell/Footer.tsx';
import { Header } from '../../features/shell/Header.tsx';
import { usePageWidth } from '../pageWidth.ts';

/** Header, page, footer. */
export function MainLayout() {
  return (
    <div className="app-frame" data-width={usePageWidth()}>
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
