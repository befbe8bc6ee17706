import { type RouteObject, redirect } from 'react-router';
import { ADMIN_LOGGING_KEY } from '../features/debug/api.ts';
import { local } from '../shared/storage.ts';
import { AppRoot } from './AppRoot.tsx';
import { createGuard } from './guard.ts';
import { BareLayout } from './layouts/BareLayout.tsx';
import { ChatLayout } from './layouts/ChatLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { isMaintenance } from './navigation.ts';
import { RouteError } from './RouteError.tsx';
import type { RouteMeta } from './routeMeta.ts';

/** Affiliate code from /aff/:code, kept for the payments release (002 §2 "affiliate handlers"). */
const AFFILIATE_KEY = 'affiliate_code';

// Every page is its own chunk (DESIGN §8): the first page loads only the shell and itself.
const home = {
  handle: { width: 'form' } satisfies RouteMeta,
  lazy: () => import('../features/home/HomePage.tsx').then((m) => ({ Component: m.HomePage })),
};
const soon = {
  lazy: () => import('../features/shell/ComingSoonPage.tsx').then((m) => ({ Component: m.ComingSoonPage })),
};
// The chat's chunk carries socket.io-client; nothing else imports it (DESIGN §8).
const chat = { lazy: () => import('../features/chat/ChatPage.tsx').then((m) => ({ Component: m.ChatPage })) };
const paymentReturn: RouteObject['lazy'] = () =>
  import('../features/payments/PaymentReturnPage.tsx').then((m) => ({ Component: m.PaymentReturnPage }));
const notFound = {
  lazy: () => import('../features/shell/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
};

function page(meta: RouteMeta, lazy: RouteObject['lazy']): Pick<RouteObject, 'handle' | 'lazy'> {
  return { handle: meta, lazy };
}

function affiliate(target: string): RouteObject['loader'] {
  return ({ params }) => {
    if (params.code) local.set(AFFILIATE_KEY, params.code.slice(0, 64));
    return redirect(target);
  };
}

const NOT_FOUND: RouteMeta = { title: 'Страница не найдена' };

/** Routes that only redirect still name a (never shown) component, so the router has something to match. */
function Nothing() {
  return null;
}

function redirectTo(target: string): Pick<RouteObject, 'loader' | 'Component'> {
  return { loader: () => redirect(target), Component: Nothing };
}

/** The route table of 002 §2. `handle` carries each route's meta (title, auth, debug). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: AppRoot,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    loader: createGuard(() => routes),
    // The guard runs before every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    children: [
      {
        Component: MainLayout,
        children: [
          { index: true, ...home },
          {
            path: 'personify',
            ...page({ title: 'Персонализируй свою подругу', width: 'form' }, () =>
              import('../features/creation/PersonalityPage.tsx').then((m) => ({
                Component: m.PersonalityPage,
              })),
            ),
          },
          {
            path: 'generation',
            ...page({ title: 'Твоя подруга' }, () =>
              import('../features/creation/GenerationPage.tsx').then((m) => ({
                Component: m.GenerationPage,
              })),
            ),
          },
          {
            path: 'profile',
            ...page({ title: 'Профиль' }, () =>
              import('../features/profile/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
            ),
          },
          {
            path: 'ex',
            ...page(
              {
                title: 'Создание по образу',
                requiresAuth: true,
                soon: 'Здесь можно будет описать внешность подруги по образцу.',
              },
              soon.lazy,
            ),
          },
          {
            path: 'exgenerate',
            ...page(
              {
                title: 'Создание по образу',
                requiresAuth: true,
                soon: 'Здесь появится подруга, созданная по образу.',
              },
              soon.lazy,
            ),
          },
          {
            path: 'aff/:code',
            handle: { skipAuth: true } satisfies RouteMeta,
            loader: affiliate('/'),
            Component: Nothing,
          },
          {
            path: 'gfs/aff/:code',
            handle: { skipAuth: true } satisfies RouteMeta,
            loader: affiliate('/gfs'),
            Component: Nothing,
          },
          {
            path: 'plus',
            ...page({ title: 'Plus' }, () =>
              import('../features/payments/PurchasePage.tsx').then((m) => ({ Component: m.PlusPage })),
            ),
          },
          // The crypto provider's return address (002 §2): the same verdict page as /payment-return.
          { path: 'plus/success', ...page({ title: 'Оплата', width: 'form' }, paymentReturn) },
          { path: 'subscribe', ...redirectTo('/plus') },
          // The chat's way to the offer (002 §2 "navigation to /upgrade").
          { path: 'upgrade', ...redirectTo('/plus') },
          {
            path: 'vip',
            ...page({ title: 'VIP', requiresAuth: true }, () =>
              import('../features/payments/PurchasePage.tsx').then((m) => ({ Component: m.VipPage })),
            ),
          },
          { path: 'payment-return', ...page({ title: 'Оплата', width: 'form' }, paymentReturn) },
          {
            path: 'test/dialogs',
            ...page({ title: 'Тест диалогов', debug: 'dialogs' }, () =>
              import('../features/debug/DialogsTestPage.tsx').then((m) => ({ Component: m.DialogsTestPage })),
            ),
          },
          { path: 'privacy', ...redirectTo('/?showPrivacy=true') },
          {
            path: 'gfs',
            ...page({ title: 'Галерея подруг', width: 'full' }, () =>
              import('../features/gallery/GalleryPage.tsx').then((m) => ({ Component: m.GalleryPage })),
            ),
          },
          // Not built (DESIGN §6): the route exists and answers "not found".
          { path: 'undress', ...page(NOT_FOUND, notFound.lazy) },
          { path: 'blog', ...page({ title: 'Блог', soon: 'Скоро здесь будут статьи.' }, soon.lazy) },
          { path: 'blog/:slug', ...page({ title: 'Блог', soon: 'Скоро здесь будут статьи.' }, soon.lazy) },
          {
            path: 'reset-password',
            ...page({ title: 'Новый пароль' }, () =>
              import('../features/auth/ResetPasswordPage.tsx').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
            ),
          },
          {
            path: 'hell',
            ...page({ title: 'Отладка', debug: 'hell' }, () =>
              import('../features/debug/HellPage.tsx').then((m) => ({ Component: m.HellPage })),
            ),
          },
          {
            path: 'hbar',
            loader: () => {
              local.set(ADMIN_LOGGING_KEY, 'true');
              return redirect('/');
            },
            Component: Nothing,
          },
          {
            path: 'hbar/off',
            loader: () => {
              local.remove(ADMIN_LOGGING_KEY);
              return redirect('/');
            },
            Component: Nothing,
          },
          { path: '*', ...page(NOT_FOUND, notFound.lazy) },
        ],
      },
      {
        Component: ChatLayout,
        children: [
          {
            path: 'chat',
            ...page({ title: 'Чат' }, chat.lazy),
          },
          {
            path: 'chat/:id',
            id: 'ChatPageWithId',
            ...page({ title: 'Чат' }, chat.lazy),
          },
        ],
      },
      {
        Component: BareLayout,
        children: [
          {
            path: 'maintenance',
            handle: { title: 'Технические работы' } satisfies RouteMeta,
            // Only the app itself goes here (after a 503 "maintenance"); typing the address leads home.
            loader: () => (isMaintenance() ? null : redirect('/')),
            lazy: () =>
              import('../features/shell/MaintenancePage.tsx').then((m) => ({ Component: m.MaintenancePage })),
          },
          {
            path: 'verify-email',
            ...page({ title: 'Подтверждение эл. почты' }, () =>
              import('../features/auth/VerifyEmailPage.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
            ),
          },
        ],
      },
    ],
  },
];
