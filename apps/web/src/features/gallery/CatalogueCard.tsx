import { Badge, Button, Group, Text } from '@mantine/core';
import {
  ageWithWord,
  type CatalogueItem,
  HAIR_COLORS,
  OCCUPATIONS,
  optionLabel,
  PERSONALITIES,
} from '@podruga/shared';
import { mediaSrc } from '../../shared/media.ts';
import classes from './GalleryPage.module.css';

interface CatalogueCardProps {
  item: CatalogueItem;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

/** A ready-made companion: portrait, name, age, summary, a few traits, "Выбрать". */
export function CatalogueCard({ item, busy, disabled, onChoose }: CatalogueCardProps) {
  const src = mediaSrc(item.image);
  const traits = [
    optionLabel(PERSONALITIES, item.personality),
    optionLabel(OCCUPATIONS, item.occupation),
    optionLabel(HAIR_COLORS, item.hair_color),
  ].filter(Boolean);
  return (
    <article className={classes.card} aria-label={`${item.name}, ${ageWithWord(item.age)}`}>
      {src ? (
        <img className={classes.portrait} src={src} alt={`Портрет: ${item.name}`} loading="lazy" />
      ) : (
        <div className={classes.portrait} aria-hidden="true" />
      )}
      <div className={classes.body}>
        <div>
          <Text fw={700} size="lg" truncate component="h2" m={0}>
            {item.name}
          </Text>
          <Text c="dimmed" size="sm">
            {ageWithWord(item.age)}
          </Text>
        </div>
        <Text size="sm" c="dimmed" lineClamp={3} className={classes.summary}>
          {item.summary}
        </Text>
        <Group gap={4} className={classes.tags}>
          {traits.map((t) => (
            <Badge
              key={t}
              variant="light"
              color="pink"
              tt="none"
              classNames={{ root: classes.tag, label: classes.tagLabel }}
            >
              {t}
            </Badge>
          ))}
        </Group>
        <Button
          mt="xs"
          fullWidth
          loading={busy}
          disabled={disabled}
          onClick={onChoose}
          aria-label={`Выбрать: ${item.name}`}
        >
          Выбрать
        </Button>
      </div>
    </article>
  );
}
