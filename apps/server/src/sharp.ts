import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, ~30 MB resident) is loaded at the first image, not at start: a running server
 * that has no image to make stays smaller (docs/PERFORMANCE.md).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded;
}
