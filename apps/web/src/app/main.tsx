import './styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { trackActivity } from '../shared/activity.ts';
import { applyBodyClasses, bootApp } from './boot.ts';
import { LazyNotifications } from './LazyNotifications.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { setRouter } from './navigation.ts';
import { routes } from './routes.tsx';
import { darkModeManager, theme } from './theme.ts';
import { wireApiClient } from './wiring.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

trackActivity();
wireApiClient();
applyBodyClasses();
void bootApp(queryClient);

const router = createBrowserRouter(routes);
setRouter(router);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={darkModeManager()}>
      <QueryClientProvider client={queryClient}>
        <LazyNotifications />
        <RouterProvider router={router} />
        <LoadingScreen />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
