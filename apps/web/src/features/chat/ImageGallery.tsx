import { useEffect } from 'react';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/ui/pageIcons.tsx';
import classes from './ChatPage.module.css';
import own from './media/HerMedia.module.css';
import { RoundIconButton } from './RoundIconButton.tsx';

export interface GalleryImage {
  src: string;
  alt: string;
  /** Her video plays in the gallery (issue 14); a photo by default. */
  kind?: 'photo' | 'video';
}

/**
 * The chat's photos and her videos, one large at a time (000 §2 "image preview gallery"; issue 14): ←/→
 * move, Escape closes. A video plays with its controls; stepping away stops it (it is unmounted).
 */
export function ImageGallery({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: readonly GalleryImage[];
  /** The shown image, or null when closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const opened = index !== null && index >= 0 && index < images.length;
  const current = opened ? images[index] : undefined;
  const hasPrev = opened && index > 0;
  const hasNext = opened && index < images.length - 1;

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && hasPrev) onIndex(index - 1);
      if (event.key === 'ArrowRight' && hasNext) onIndex(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, index, hasPrev, hasNext, onIndex]);

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      size="xl"
      title={opened ? `${current?.kind === 'video' ? 'Видео' : 'Фото'} ${index + 1} из ${images.length}` : ''}
    >
      {current && opened && (
        <div className={classes.gallery}>
          {current.kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: her clips have no speech to caption
            <video
              key={current.src}
              className={`${classes.galleryImage} ${own.galleryVideo}`}
              src={current.src}
              aria-label={current.alt}
              controls
              playsInline
              autoPlay
              preload="metadata"
            />
          ) : (
            <img className={classes.galleryImage} src={current.src} alt={current.alt} />
          )}
          {hasPrev && (
            <RoundIconButton
              className={classes.galleryPrev}
              label="Предыдущее фото"
              onClick={() => onIndex(index - 1)}
            >
              <ChevronLeftIcon />
            </RoundIconButton>
          )}
          {hasNext && (
            <RoundIconButton
              className={classes.galleryNext}
              label="Следующее фото"
              onClick={() => onIndex(index + 1)}
            >
              <ChevronRightIcon />
            </RoundIconButton>
          )}
        </div>
      )}
    </Dialog>
  );
}
