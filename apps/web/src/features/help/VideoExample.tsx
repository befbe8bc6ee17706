import { Text } from '@mantine/core';
import type { CatalogueItem } from '@podruga/shared';
import { mediaSrc } from '../../shared/media.ts';
import classes from './HelpDialog.module.css';

/**
 * The guide's video example: the first of the server's preview clips (PREVIEW_CLIPS[0], modules/previews).
 * Written out rather than imported: PREVIEW_CLIPS lives in a chunk of its own that the help chunk would
 * then add to the first load's preload map (the guide test checks the two agree).
 */
export const VIDEO_EXAMPLE = { id: 1, src: '/vids/001.mp4' } as const;

export const VIDEO_EXAMPLE_TEXTS = {
  label: 'Пример видео',
  caption: 'Так выглядят её видео. Нажми, чтобы посмотреть.',
} as const;

/**
 * One preview clip with her portrait as its poster (clip n is made from the n-th ready-made companion's
 * portrait, its first frame: modules/previews), loaded only when played. Its frame is chosen by screen
 * width (001 §2: a mobile and a wide variant): the whole width of a phone, a narrow column on a wide
 * screen. Drawn only once the server has the clip (the guide asks this server with HEAD; a 404 hides
 * it); played from the media host when there is one (decision 0025).
 */
export function VideoExample({ narrow, companions }: { narrow: boolean; companions: CatalogueItem[] }) {
  const poster = mediaSrc(companions[(VIDEO_EXAMPLE.id - 1) % Math.max(1, companions.length)]?.image);
  const variant = narrow ? 'mobile' : 'wide';
  return (
    <figure className={classes.videoExample} data-variant={variant} data-testid="video-example">
      <video
        className={classes.video}
        src={mediaSrc(VIDEO_EXAMPLE.src) ?? undefined}
        poster={poster ?? undefined}
        preload="none"
        controls
        playsInline
        muted
        aria-label={VIDEO_EXAMPLE_TEXTS.label}
      />
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {VIDEO_EXAMPLE_TEXTS.caption}
      </Text>
    </figure>
  );
}
