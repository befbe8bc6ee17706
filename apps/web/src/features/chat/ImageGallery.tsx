import { useEffect } from 'react';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/ui/pageIcons.tsx';
import classes from './ChatPage.module.css';
import { RoundIconButton } from './RoundIconButton.tsx';

export interface GalleryImage {
  src: string;
  alt: string;
}

/** The chat's photos, one large at a time (000 §2 "image preview gallery"): ←/→ move, Escape closes. */
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
      title={opened ? `Фото ${index + 1} из ${images.length}` : ''}
    >
      {current && opened && (
        <div className={classes.gallery}>
          <img className={classes.galleryImage} src={current.src} alt={current.alt} />
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
