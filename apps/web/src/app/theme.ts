import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '@podruga/shared';
import { local } from '../shared/storage.ts';

export const theme = createTheme({
  primaryColor: 'pink',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

export { THEME_COLORS } from './themeColors.ts';

/** Dark mode lives in localStorage `darkMode` as "true"/"false" (000 §3); dark when nothing is saved. */
export function darkModeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  const read = (fallback: MantineColorScheme): MantineColorScheme => {
    const saved = local.get(STORAGE_KEYS.darkMode);
    if (saved === 'true') return 'dark';
    if (saved === 'false') return 'light';
    return fallback;
  };
  return {
    get: (defaultValue) => read(defaultValue),
    set: (value) => local.set(STORAGE_KEYS.darkMode, value === 'light' ? 'false' : 'true'),
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.key === STORAGE_KEYS.darkMode) onUpdate(read('dark'));
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = null;
    },
    clear: () => local.remove(STORAGE_KEYS.darkMode),
  };
}

/** App start (000 §4): when no choice is saved, dark mode is on and saved as "true". */
export function ensureDarkModeSaved(): void {
  if (local.get(STORAGE_KEYS.darkMode) === null) local.set(STORAGE_KEYS.darkMode, 'true');
}
