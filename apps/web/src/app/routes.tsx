import { CRISIS_PAGE_PATH } from '@podruga/shared';
import { type ComponentType, lazy, type ReactNode, useEffect, useRef } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { rememberAffiliate } from '../features/affiliates/touch.ts';
import { setAdminLogging } from '../shared/adminLog.ts';
import { AppRoot } from './AppRoot.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { ChatLayout } from './layouts/ChatLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { isMaintenance } from './navigation.ts';
import type { RouteMeta } from './routeMeta.ts';

/**
 * Every page is its own chunk (DESIGN §8): the first page loads only the shell and itself. The one
 * Suspense boundary is RouterRoot's, above the layouts, and navigations are transitions: the previous
 * page (the first time: the loading screen) stays until the next one's chunk is there, and the header,
 * page and footer appear together (no layout shift).
 */
function lazyPage(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return <Page />;
}

const home = {
  handle: { width: 'form' } satisfies RouteMeta,
  element: lazyPage(() => import('../features/home/HomePage.tsx').then((m) => m.HomePage)),
};
// The chat's chunk carries the socket; nothing else imports it (DESIGN §8).
const chat = lazyPage(() => import('../features/chat/ChatPage.tsx').then((m) => m.ChatPage));
// The Plus and VIP pages share one chunk; the payment dialogs load from it when one opens.
const purchase = () => import('../features/payments/PurchasePage.tsx');
const paymentReturn = () =>
  import('../features/payments/PaymentReturnPage.tsx').then((m) => m.PaymentReturnPage);
const notFound = () => import('../features/shell/NotFoundPage.tsx').then((m) => m.NotFoundPage);

function page(meta: RouteMeta, load: () => Promise<ComponentType>): Pick<RouteObject, 'handle' | 'element'> {
  return { handle: meta, element: lazyPage(load) };
}

/** A route that only sends elsewhere, after an optional side effect (the affiliate code, admin logging). */
function Redirect({
  to,
  before,
}: {
  to: string;
  before?: (params: Record<string, string | undefined>) => void;
}) {
  const params = useParams();
  // Once per arrival: the side effect (counting an affiliate visit) must not repeat on a re-render.
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    before?.(params);
  }, [before, params]);
  return <Navigate to={to} replace />;
}

function redirectTo(to: string, before?: (params: Record<string, string | undefined>) => void) {
  return { element: <Redirect to={to} before={before} /> };
}

/** 002 §2 "affiliate handlers": the code is kept (first touch, 30 days) and the visit counted. */
function affiliate(to: string) {
  return redirectTo(to, (params) => void rememberAffiliate(params.code));
}

/** Only the app itself goes to /maintenance (after a 503 "maintenance"); typing the address leads home. */
function MaintenanceOnly({ children }: { children: ReactNode }) {
  return isMaintenance() ? children : <Navigate to="/" replace />;
}

const NOT_FOUND: RouteMeta = { title: 'Страница не найдена' };

/** The route table of 002 §2. `handle` carries each route's meta (title, auth, debug). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, ...home },
          {
            path: 'personify',
            ...page({ title: 'Персонализируй свою подругу', width: 'form' }, () =>
              import('../features/creation/PersonalityPage.tsx').then((m) => m.PersonalityPage),
            ),
          },
          {
            path: 'generation',
            ...page({ title: 'Твоя подруга' }, () =>
              import('../features/creation/GenerationPage.tsx').then((m) => m.GenerationPage),
            ),
          },
          {
            path: 'profile',
            ...page({ title: 'Профиль' }, () =>
              import('../features/profile/ProfilePage.tsx').then((m) => m.ProfilePage),
            ),
          },
          {
            path: 'ex',
            ...page({ title: 'Создание по образу', requiresAuth: true, width: 'form' }, () =>
              import('../features/likeness/LikenessPage.tsx').then((m) => m.LikenessPage),
            ),
          },
          {
            path: 'exgenerate',
            ...page({ title: 'Создание по образу', requiresAuth: true }, () =>
              import('../features/likeness/ExGeneratePage.tsx').then((m) => m.ExGeneratePage),
            ),
          },
          {
            path: 'aff/:code',
            handle: { skipAuth: true } satisfies RouteMeta,
            ...affiliate('/'),
          },
          {
            path: 'gfs/aff/:code',
            handle: { skipAuth: true } satisfies RouteMeta,
            ...affiliate('/gfs'),
          },
          {
            path: 'plus',
            ...page({ title: 'Plus' }, () => purchase().then((m) => m.PlusPage)),
          },
          // The crypto provider's return address (002 §2): the same verdict page as /payment-return.
          { path: 'plus/success', ...page({ title: 'Оплата', width: 'form' }, paymentReturn) },
          { path: 'subscribe', ...redirectTo('/plus') },
          // The chat's way to the offer (002 §2 "navigation to /upgrade").
          { path: 'upgrade', ...redirectTo('/plus') },
          {
            path: 'vip',
            ...page({ title: 'VIP', requiresAuth: true }, () => purchase().then((m) => m.VipPage)),
          },
          { path: 'payment-return', ...page({ title: 'Оплата', width: 'form' }, paymentReturn) },
          {
            path: 'test/dialogs',
            ...page({ title: 'Тест диалогов', debug: 'dialogs' }, () =>
              import('../features/debug/DialogsTestPage.tsx').then((m) => m.DialogsTestPage),
            ),
          },
          {
            path: 'admin/affiliates',
            ...page({ title: 'Партнёрские ссылки', requiresAuth: true }, () =>
              import('../features/affiliates/AdminAffiliatesPage.tsx').then((m) => m.AdminAffiliatesPage),
            ),
          },
          {
            path: 'admin/jobs',
            ...page({ title: 'Очередь задач', requiresAuth: true }, () =>
              import('../features/admin/AdminJobsPage.tsx').then((m) => m.AdminJobsPage),
            ),
          },
          { path: 'privacy', ...redirectTo('/?showPrivacy=true') },
          {
            path: 'gfs',
            ...page({ title: 'Галерея подруг', width: 'full' }, () =>
              import('../features/gallery/GalleryPage.tsx').then((m) => m.GalleryPage),
            ),
          },
          // Not built (DESIGN §6): the route exists and answers "not found".
          { path: 'undress', ...page(NOT_FOUND, notFound) },
          {
            path: 'blog',
            ...page({ title: 'Блог', width: 'form' }, () =>
              import('../features/blog/BlogPage.tsx').then((m) => m.BlogPage),
            ),
          },
          {
            path: 'blog/:slug',
            ...page({ title: 'Блог', width: 'form' }, () =>
              import('../features/blog/BlogPostPage.tsx').then((m) => m.BlogPostPage),
            ),
          },
          // The crisis protocol (issue 27): public, needs no session (auth skipped) and no 18+ answer
          // (AdultGateHost): anyone in trouble reaches it.
          {
            path: CRISIS_PAGE_PATH.slice(1),
            // The title is CRISIS_TEXTS.title (a test keeps them equal; the texts load with the page).
            ...page({ title: 'Помощь в кризисе', width: 'form', skipAuth: true }, () =>
              import('../features/crisis/CrisisPage.tsx').then((m) => m.CrisisPage),
            ),
          },
          {
            path: 'reset-password',
            ...page({ title: 'Новый пароль' }, () =>
              import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
            ),
          },
          {
            path: 'hell',
            ...page({ title: 'Отладка', debug: 'hell' }, () =>
              import('../features/debug/HellPage.tsx').then((m) => m.HellPage),
            ),
          },
          {
            path: 'hbar',
            ...redirectTo('/', () => setAdminLogging(true)),
          },
          {
            path: 'hbar/off',
            ...redirectTo('/', () => setAdminLogging(false)),
          },
          { path: '*', ...page(NOT_FOUND, notFound) },
        ],
      },
      {
        element: <ChatLayout />,
        children: [
          {
            path: 'chat',
            handle: { title: 'Чат' } satisfies RouteMeta,
            element: chat,
          },
          {
            path: 'chat/:id',
            id: 'ChatPageWithId',
            handle: { title: 'Чат' } satisfies RouteMeta,
            element: chat,
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            path: 'maintenance',
            handle: { title: 'Технические работы' } satisfies RouteMeta,
            element: (
              <MaintenanceOnly>
                {lazyPage(() =>
                  import('../features/shell/MaintenancePage.tsx').then((m) => m.MaintenancePage),
                )}
              </MaintenanceOnly>
            ),
          },
          {
            path: 'verify-email',
            ...page({ title: 'Подтверждение эл. почты' }, () =>
              import('../features/auth/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
            ),
          },
        ],
      },
    ],
  },
];
