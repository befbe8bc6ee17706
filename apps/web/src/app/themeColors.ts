/**
 * Browser chrome colour per scheme (the `theme-color` meta), matching Mantine's body colours. Also the
 * web app manifest's theme and background colours (build/manifest.ts), so kept free of imports.
 */
export const THEME_COLORS = { dark: '#1a1b1e', light: '#ffffff' } as const;
