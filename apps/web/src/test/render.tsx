import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type queries,
  type RenderResult,
  render as renderDom,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { afterEach, expect } from 'vitest';
import { LazyNotifications } from '../app/LazyNotifications.tsx';
import { theme } from '../app/theme.ts';
import { useToastHost } from '../shared/ui/toastHost.ts';

export { act, screen, waitFor, within } from '@testing-library/react';

export interface RenderOptions {
  /** The address the page opens at (the router is in memory: nothing touches the jsdom location). */
  route?: string;
}

export interface Rendered extends RenderResult {
  /** A user typing and clicking (Testing Library's user-event: focus, keys, pointer as a browser does). */
  user: UserEvent;
  /** Where the router is now: what the address bar would show. */
  location: () => Location;
}

/**
 * Renders a component inside the providers the app gives every page (main.tsx): Mantine with the app's
 * theme (in its test mode: no transitions, no portals), a TanStack QueryClient that does not retry, a
 * router in memory, and the toast container. Network stays out: stub it with `stubApi` (test/api.ts).
 */
export function render(ui: ReactElement, { route = '/' }: RenderOptions = {}): Rendered {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  let location: Location | null = null;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  // A wrapper, not part of `ui`: `rerender` swaps the component and keeps the providers and the router.
  function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} defaultColorScheme="dark" env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            {children}
            <LocationProbe />
          </MemoryRouter>
          <LazyNotifications />
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return {
    ...renderDom<typeof queries>(ui, { wrapper: Providers }),
    user: userEvent.setup({ delay: null }),
    location: () => {
      if (!location) throw new Error('the router has not rendered');
      return location;
    },
  };
}

/** Picks `option` in the radio group named `group` (the wizard's picture cards and chips). */
export async function choose(user: UserEvent, group: string, option: string): Promise<void> {
  await user.click(
    within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }),
  );
}

/**
 * Waits until a toast on screen reads `lines` (a toast of several paragraphs, such as the wizard's
 * validation toast, reads one line a paragraph) and returns it. One toast is shown at a time: a newer one
 * replaces it, so a test can expect the next toast after the next action.
 */
export async function expectToast(...lines: string[]): Promise<HTMLElement> {
  return waitFor(() => {
    const shown = screen.queryAllByRole('alert').filter((el) => el.matches('.mantine-Notification-root'));
    const read = shown.map((toast) => {
      const paragraphs = [...toast.querySelectorAll('p')].map((p) => p.textContent ?? '');
      return paragraphs.length ? paragraphs : [toast.textContent ?? ''];
    });
    expect(read, 'the toasts on screen').toContainEqual(lines);
    return shown[read.findIndex((r) => JSON.stringify(r) === JSON.stringify(lines))] as HTMLElement;
  });
}

afterEach(() => {
  // Toasts live in a module-level store: the next test starts without the last one's.
  notifications.clean();
  useToastHost.setState({ needed: false });
});
