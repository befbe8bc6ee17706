import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// How long `findBy…` and `waitFor` wait for what a user would see: a ceiling, not a measure. Beside the
// server suites on two cores a lazy chunk (the toasts) or a 300 ms exit animation can take seconds.
configure({ asyncUtilTimeout: 10_000 });

// What jsdom lacks and Mantine reads (its documented test setup): media queries, element sizes, scrolling.
// Every query answers "no match", as on a desktop with no preference for reduced motion.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};

afterEach(() => {
  // Unmounts what the test rendered (Testing Library registers this itself only with vitest's globals).
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
