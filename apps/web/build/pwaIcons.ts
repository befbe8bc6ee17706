import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The app's icons, all drawn from `public/favicon.svg` at build time (no binary icons in git). */
export const PWA_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any', bleed: false },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any', bleed: false },
  // Full bleed, the heart inside the safe zone (a circle of 80 % of the side): launchers crop it to
  // their own shape.
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable', bleed: true },
  // iOS rounds the corners itself and shows black behind transparency: full bleed too.
  { file: 'apple-touch-icon.png', size: 180, purpose: 'apple', bleed: true },
] as const;

/** The favicon as a full-bleed square: no rounded corners, the heart scaled into the safe zone. */
export function fullBleed(svg: string): string {
  return svg
    .replace(/<rect([^>]*?)\srx="[^"]*"/, '<rect$1')
    .replace(/(<path[^>]*\/>)/, '<g transform="translate(32 34) scale(0.78) translate(-32 -34)">$1</g>');
}

/** Emits the PNG icons of the web app manifest and the apple-touch-icon into the build. */
export function pwaIcons(sourceSvg: string): Plugin {
  return {
    name: 'podruga-pwa-icons',
    apply: 'build',
    async generateBundle() {
      const svg = readFileSync(sourceSvg, 'utf8');
      for (const icon of PWA_ICONS) {
        const source = Buffer.from(icon.bleed ? fullBleed(svg) : svg);
        const png = await sharp(source, { density: (72 * icon.size) / 64 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source: png });
      }
    },
  };
}
