import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  ageWithWord,
  communicationStyleLabel,
  type OptionTrait,
  sexualityLabel,
  traitLabel,
} from '@podruga/shared';
import type { DraftFields } from './draft.ts';

interface Row {
  label: string;
  value: string;
}

function rows(d: DraftFields): Row[] {
  const pick = (label: string, trait: OptionTrait, value: string | null): Row[] =>
    value ? [{ label, value: traitLabel(trait, value) }] : [];
  return [
    ...pick('Национальность', 'ethnicity', d.ethnicity),
    ...pick('Цвет волос', 'hair_color', d.voice),
    ...pick('Прическа', 'hairstyle', d.hairstyle),
    ...pick('Оттенок кожи', 'skin_shade', d.skin_shade),
    ...pick('Телосложение', 'body_type', d.selectedImages.herbody),
    ...pick('Грудь', 'breast_size', d.selectedImages.herbreasts),
    ...pick('Попа', 'butt', d.selectedImages.herbutt),
    ...pick('Профессия', 'occupation', d.occupation),
    ...pick('Манера речи', 'language_style', d.language_style),
    ...pick('Настроение', 'mood', d.mood),
    { label: 'Общение', value: communicationStyleLabel(d.communication_style).label },
  ];
}

/** Name, age and the traits of the companion being generated (001 §2 "character details and badges"). */
export function CharacterDetails({ draft }: { draft: DraftFields }) {
  const badges = [
    traitLabel('personality', draft.personality),
    traitLabel('temperament', draft.temperament),
    traitLabel('habit', draft.habit),
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
