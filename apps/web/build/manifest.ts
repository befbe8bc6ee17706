// A relative path: vite bundles the config and would leave the workspace package to Node, which cannot
// load TypeScript.

import type { ManifestOptions } from 'vite-plugin-pwa';
import { DEFAULT_BRANDS } from '../../../packages/shared/src/api/config.ts';
import { THEME_COLORS } from '../src/app/themeColors.ts';
import { PWA_ICONS } from './pwaIcons.ts';

const [brand] = DEFAULT_BRANDS;
if (!brand) throw new Error('no default brand');

/**
 * The web app manifest the build writes (`manifest.webmanifest`). It is a template: the server answers
 * `/manifest.webmanifest` with the request host's brand in `name` and `short_name`
 * (apps/server/src/plugins/web-app.ts). `start_url` carries `pwa=true`, how the installed app is told
 * apart (001 §4 "App installation").
 */
export const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: brand.title,
  short_name: brand.logoText,
  description: 'AI-подруга для общения: создай её внешность и характер. Только для взрослых (18+).',
  lang: 'ru',
  dir: 'ltr',
  start_url: '/?pwa=true',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLORS.dark,
  background_color: THEME_COLORS.dark,
  categories: ['entertainment', 'lifestyle', 'social'],
  icons: PWA_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
    src: `/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
};
