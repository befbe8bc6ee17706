import './styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initInstall, whenInstalled } from '../features/install/installStore.ts';
import { trackActivity } from '../shared/activity.ts';
import { applyBodyClasses, bootApp } from './boot.ts';
import { LazyNotifications } from './LazyNotifications.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { RouterRoot } from './RouterRoot.tsx';
import { registerServiceWorker } from './serviceWorker.ts';
import { darkModeManager, theme } from './theme.ts';
import { wireApiClient } from './wiring.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

trackActivity();
wireApiClient();
applyBodyClasses();
initInstall();
void bootApp(queryClient);
// Only the installed app marks its user (001 §4): other visitors never load that code.
whenInstalled(() => void import('../features/install/pwaStatus.ts').then((m) => m.watchPwaStatus()));
registerServiceWorker();

/** The router and the first render. */
function start(rootElement: HTMLElement): void {
  const root = createRoot(rootElement);
  // The first render is a transition: React then renders the shell in slices of a few milliseconds
  // instead of one long task, so a phone's main thread stays responsive while the app starts (DESIGN §8,
  // TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={darkModeManager()}>
          <QueryClientProvider client={queryClient}>
            <LazyNotifications />
            <BrowserRouter>
              <RouterRoot />
            </BrowserRouter>
            <LoadingScreen />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
// Evaluating the libraries and the app is one long task on a phone already: the router (matching, the
// guard, the page's chunk) starts in a task of its own. The requests above are on their way meanwhile.
setTimeout(() => start(rootElement), 0);
