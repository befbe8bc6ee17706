import { ActionIcon, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/ui/pageIcons.tsx';
import { imageSrc } from './image.ts';

interface PortraitPreviewProps {
  opened: boolean;
  images: readonly string[];
  index: number;
  name: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** The portrait full size (001 §2): arrow keys step through this draft's portraits, Escape closes. */
export function PortraitPreview({ opened, images, index, name, onIndex, onClose }: PortraitPreviewProps) {
  const count = images.length;
  useEffect(() => {
    if (!opened || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndex((index - 1 + count) % count);
      if (event.key === 'ArrowRight') onIndex((index + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, count, index, onIndex]);

  const image = images[index];
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={count > 1 ? `${name} — ${index + 1} из ${count}` : name}
      size={720}
    >
      {image && (
        <img
          src={imageSrc(image)}
          alt={`Портрет: ${name}`}
          style={{
            display: 'block',
            width: '100%',
            maxHeight: '72vh',
            objectFit: 'contain',
            borderRadius: 8,
          }}
        />
      )}
      {count > 1 && (
        <Group justify="space-between" mt="sm" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Предыдущий портрет"
            onClick={() => onIndex((index - 1 + count) % count)}
          >
            <ChevronLeftIcon />
          </ActionIcon>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            Стрелки ← → листают портреты
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Следующий портрет"
            onClick={() => onIndex((index + 1) % count)}
          >
            <ChevronRightIcon />
          </ActionIcon>
        </Group>
      )}
    </Dialog>
  );
}
