import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, ~30 MB resident) is loaded at the first image, not at start: a running server
 * that has no image to make stays smaller (docs/PERFORMANCE.md).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // We never repeat an operation, so libvips' operation cache only holds memory; one thread per
    // image keeps glibc from growing an arena per libvips thread (docs/PERFORMANCE.md, memory).
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
