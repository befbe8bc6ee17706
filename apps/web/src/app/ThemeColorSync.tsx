import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { THEME_COLORS } from './theme.ts';

/** Keeps the browser chrome (`<meta name="theme-color">`) in the page's colour scheme. */
export function ThemeColorSync() {
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[scheme]);
  }, [scheme]);
  return null;
}
