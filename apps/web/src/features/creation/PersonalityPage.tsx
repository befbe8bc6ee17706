import { Button, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  communicationStyleLabel,
  HABITS,
  HAIRSTYLES,
  LANGUAGE_STYLES,
  MOODS,
  missingPersonality,
  missingStepOne,
  OCCUPATIONS,
  optionLabel,
  PERSONALITIES,
  PERSONALITY_MISSING_CAPTION,
  SKIN_SHADES,
} from '@podruga/shared';
import { useState } from 'react';
import { stepOneView } from './draft.ts';
import { ensureCanCreateCompanion } from './quota.ts';
import { CREATION_TEXTS } from './texts.ts';
import { ChoiceGroup } from './ui/ChoiceGroup.tsx';
import classes from './ui/creation.module.css';
import { Range } from './ui/Range.tsx';
import { Section } from './ui/Section.tsx';
import { draftStore, useDraft } from './useDraft.ts';
import { useExitNavigate } from './useExitNavigate.ts';
import { showValidationToast } from './validationToast.tsx';

const toData = (list: readonly { value: string; label: string }[]) =>
  list.map((o) => ({ value: o.value, label: o.label }));
const HAIRSTYLE_DATA = toData(HAIRSTYLES);
const SKIN_DATA = toData(SKIN_SHADES);

/** Creation step two, 'Персонализируй свою подругу' (001 §2). */
export function PersonalityPage() {
  const d = useDraft((s) => s);
  const { leaving, go } = useExitNavigate();
  const [busy, setBusy] = useState(false);
  const style = communicationStyleLabel(d.communication_style);

  async function create() {
    if (busy) return;
    // Reached without step one (a typed address): its fields are asked for first.
    const stepOne = missingStepOne(stepOneView(draftStore.getState()));
    if (stepOne.length > 0) {
      showValidationToast(stepOne);
      return;
    }
    const missing = missingPersonality(draftStore.getState());
    if (missing.length > 0) {
      showValidationToast(PERSONALITY_MISSING_CAPTION.replace('{list}', missing.join(', ')));
      return;
    }
    setBusy(true);
    try {
      if (!(await ensureCanCreateCompanion())) return;
      draftStore.getState().startGeneration('personality');
      go('/generation');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={classes.page} data-leaving={leaving || undefined}>
      <Stack gap="lg">
        <h1 className={classes.heading}>
          Персонализируй <span className={classes.accent}>свою подругу</span>
        </h1>

        <Section title="Характер">
          <ChoiceGroup
            label="Характер"
            hideLabel
            variant="card"
            choices={PERSONALITIES}
            value={d.personality}
            onChange={(v) => d.update({ personality: v })}
          />
        </Section>

        <Section title="Профессия">
          <ChoiceGroup
            label="Профессия"
            hideLabel
            variant="chip"
            choices={OCCUPATIONS}
            value={d.occupation}
            onChange={(v) => d.update({ occupation: v })}
          />
        </Section>

        <Section title="Сексуальные привычки">
          <ChoiceGroup
            label="Сексуальные привычки"
            hideLabel
            variant="chip"
            choices={HABITS}
            value={d.habit}
            onChange={(v) => d.update({ habit: v })}
          />
        </Section>

        <Section title="Стиль общения">
          <p className={classes.valueLabel} aria-hidden="true">
            {style.label}
          </p>
          <p className={classes.hint}>{style.description}</p>
          <Range
            label="Стиль общения"
            value={d.communication_style}
            valueText={`${style.label}: ${style.description}`}
            onChange={(v) => d.update({ communication_style: v })}
          />
        </Section>

        <Section title="Манера речи">
          <ChoiceGroup
            label="Манера речи"
            hideLabel
            variant="card"
            choices={LANGUAGE_STYLES}
            value={d.language_style}
            onChange={(v) => d.update({ language_style: v })}
          />
        </Section>

        <Section title="Внешность">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Прическа"
              placeholder="Выберите прическу"
              data={HAIRSTYLE_DATA}
              value={d.hairstyle}
              allowDeselect={false}
              onChange={(v) => d.update({ hairstyle: v, hairstyleDisplay: optionLabel(HAIRSTYLES, v) })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Оттенок кожи"
              placeholder="Выберите оттенок"
              data={SKIN_DATA}
              value={d.skin_shade}
              allowDeselect={false}
              onChange={(v) => d.update({ skin_shade: v, skinShadeDisplay: optionLabel(SKIN_SHADES, v) })}
            />
          </SimpleGrid>
        </Section>

        <Section title="Преобладающее настроение">
          <ChoiceGroup
            label="Преобладающее настроение"
            hideLabel
            variant="chip"
            choices={MOODS}
            value={d.mood}
            onChange={(v) => d.update({ mood: v })}
          />
        </Section>

        <div className={classes.actions}>
          <Button size="md" onClick={() => void create()} loading={busy}>
            {CREATION_TEXTS.create}
          </Button>
        </div>
      </Stack>
    </div>
  );
}
