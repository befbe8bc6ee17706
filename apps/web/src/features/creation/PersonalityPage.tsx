import { Button, SimpleGrid, Stack } from '@mantine/core';
import {
  communicationStyleLabel,
  HABITS,
  HAIRSTYLES,
  LANGUAGE_STYLES,
  MOODS,
  missingPersonality,
  missingStepOne,
  OCCUPATIONS,
  PERSONALITIES,
  PERSONALITY_MISSING_CAPTION,
  SKIN_SHADES,
} from '@podruga/shared';
import { stepOneView } from './draft.ts';
import { CREATION_TEXTS } from './texts.ts';
import classes from './ui/creation.module.css';
import { ChoiceSection } from './ui/DraftChoice.tsx';
import { DraftSelect } from './ui/DraftSelect.tsx';
import { Range } from './ui/Range.tsx';
import { Section } from './ui/Section.tsx';
import { draftStore, useDraft } from './useDraft.ts';
import { useExitNavigate } from './useExitNavigate.ts';
import { useStartGeneration } from './useStartGeneration.ts';
import { showValidationToast } from './validationToast.tsx';

/** Creation step two, 'Персонализируй свою подругу' (001 §2). */
export function PersonalityPage() {
  const d = useDraft((s) => s);
  const { leaving, go } = useExitNavigate();
  const { busy, start } = useStartGeneration('personality', go);
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
    await start();
  }

  return (
    <div className={`page-container ${classes.page}`} data-leaving={leaving || undefined}>
      <Stack gap="lg">
        <h1 className={classes.heading}>
          Персонализируй <span className={classes.accent}>свою подругу</span>
        </h1>

        <ChoiceSection title="Характер" variant="card" choices={PERSONALITIES} field="personality" />

        <ChoiceSection title="Профессия" variant="chip" choices={OCCUPATIONS} field="occupation" />

        <ChoiceSection title="Сексуальные привычки" variant="chip" choices={HABITS} field="habit" />

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

        <ChoiceSection title="Манера речи" variant="card" choices={LANGUAGE_STYLES} field="language_style" />

        <Section title="Внешность">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DraftSelect
              field="hairstyle"
              label="Прическа"
              placeholder="Выберите прическу"
              options={HAIRSTYLES}
            />
            <DraftSelect
              field="skin_shade"
              label="Оттенок кожи"
              placeholder="Выберите оттенок"
              options={SKIN_SHADES}
            />
          </SimpleGrid>
        </Section>

        <ChoiceSection title="Преобладающее настроение" variant="chip" choices={MOODS} field="mood" />

        <div className={classes.actions}>
          <Button size="md" onClick={() => void create()} loading={busy}>
            {CREATION_TEXTS.create}
          </Button>
        </div>
      </Stack>
    </div>
  );
}
