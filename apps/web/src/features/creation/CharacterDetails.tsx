import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  ageWithWord,
  BODY_TYPES,
  BREAST_SIZES,
  BUTT_SHAPES,
  communicationStyleLabel,
  DEFAULT_MOODS,
  ETHNICITIES,
  HABITS,
  HAIR_COLORS,
  HAIRSTYLES,
  LANGUAGE_STYLES,
  MOODS,
  OCCUPATIONS,
  type Option,
  optionLabel,
  PERSONALITIES,
  SKIN_SHADES,
  sexualityLabel,
  TEMPERAMENTS,
} from '@podruga/shared';
import type { DraftFields } from './draft.ts';

interface Row {
  label: string;
  value: string;
}

function rows(d: DraftFields): Row[] {
  const pick = (label: string, list: readonly Option[], value: string | null): Row[] =>
    value ? [{ label, value: optionLabel(list, value) }] : [];
  return [
    ...pick('Национальность', ETHNICITIES, d.ethnicity),
    ...pick('Цвет волос', HAIR_COLORS, d.voice),
    ...pick('Прическа', HAIRSTYLES, d.hairstyle),
    ...pick('Оттенок кожи', SKIN_SHADES, d.skin_shade),
    ...pick('Телосложение', BODY_TYPES, d.selectedImages.herbody),
    ...pick('Грудь', BREAST_SIZES, d.selectedImages.herbreasts),
    ...pick('Попа', BUTT_SHAPES, d.selectedImages.herbutt),
    ...pick('Профессия', OCCUPATIONS, d.occupation),
    ...pick('Манера речи', LANGUAGE_STYLES, d.language_style),
    ...pick('Настроение', [...MOODS, ...DEFAULT_MOODS], d.mood),
    { label: 'Общение', value: communicationStyleLabel(d.communication_style).label },
  ];
}

/** Name, age and the traits of the companion being generated (001 §2 "character details and badges"). */
export function CharacterDetails({ draft }: { draft: DraftFields }) {
  const badges = [
    optionLabel(PERSONALITIES, draft.personality),
    optionLabel(TEMPERAMENTS, draft.temperament),
    optionLabel(HABITS, draft.habit),
    draft.sexuality !== null ? sexualityLabel(draft.sexuality) : '',
  ].filter(Boolean);
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h2">
          {draft.herName}
        </Title>
        {draft.herAge !== null && <Text c="dimmed">{ageWithWord(draft.herAge)}</Text>}
      </div>
      <Group gap={6} aria-label="Черты характера">
        {badges.map((b) => (
          <Badge key={b} variant="light" color="pink" size="lg" tt="none">
            {b}
          </Badge>
        ))}
      </Group>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
        {rows(draft).map((r) => (
          <div key={r.label} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dimmed">
              {r.label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {r.value}
            </Text>
          </div>
        ))}
      </dl>
    </Stack>
  );
}
