import { estimateAppearance } from './appearance.ts';
import type { VisionPort } from './port.ts';

export const OFFLINE_DESCRIPTION = 'пользователь прислал фотографию (описание недоступно в офлайн-режиме)';

/**
 * The offline default: a fixed neutral description; for creation by likeness, an estimate from the
 * photo's colours (it cannot count people or tell an age: `people` and `adult` are null).
 */
export function createOfflineVision(): VisionPort {
  return {
    adapter: 'offline',
    offline: true,
    describe: () =>
      'vision: OFFLINE fixed neutral description of images, and a colour estimate (no check of who is on it) for creation by likeness; set VISION_PROVIDER=openai to analyse them with a model',
    analyze: async () => OFFLINE_DESCRIPTION,
    appearance: async ({ image }) => estimateAppearance(image),
  };
}
