import { Button } from '@mantine/core';
import {
  AGE_MAX,
  AGE_MIN,
  BODY_TYPES,
  BREAST_SIZES,
  BUTT_SHAPES,
  ETHNICITIES,
  HAIR_COLORS,
  missingStepOne,
  NAME_MAX,
  sexualityLabel,
  TEMPERAMENTS,
} from '@podruga/shared';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { type SelectedImages, stepOneView } from './draft.ts';
import { CREATION_TEXTS } from './texts.ts';
import { type Choice, ChoiceGroup } from './ui/ChoiceGroup.tsx';
import classes from './ui/creation.module.css';
import { ChoiceSection, DraftChoice } from './ui/DraftChoice.tsx';
import { Field } from './ui/Field.tsx';
import { BodyFigure, BustFigure, HipsFigure, Swatch } from './ui/Illustrations.tsx';
import { Range } from './ui/Range.tsx';
import { Section } from './ui/Section.tsx';
import { draftStore, useDraft } from './useDraft.ts';
import { useExitNavigate } from './useExitNavigate.ts';
import { useStartGeneration } from './useStartGeneration.ts';
import { showValidationToast } from './validationToast.tsx';

const HAIR_SWATCH: Record<string, string> = {
  blonde: '#f2d48b',
  brunette: '#6b4226',
  black: '#1f1b1a',
  red: '#c4512b',
  pink: '#f19ac0',
  blue: '#4a78d6',
  purple: '#8a55c9',
};
const SKIN_SWATCH: Record<string, string> = {
  caucasian: '#f3d6c1',
  black: '#6f4a33',
  asian: '#efd2a8',
  latina: '#c99a72',
};

interface PictureGroup {
  group: keyof SelectedImages;
  label: string;
  choices: readonly Choice[];
}

/** The three picture groups of "Внешность" (001 §3 `selectedImages`), in the page's order. */
const PICTURE_GROUPS: readonly PictureGroup[] = [
  {
    group: 'herbody',
    label: 'Телосложение',
    choices: BODY_TYPES.map((o) => ({ ...o, visual: <BodyFigure type={o.value} /> })),
  },
  {
    group: 'herbreasts',
    label: 'Размер груди',
    choices: BREAST_SIZES.map((o) => ({ ...o, visual: <BustFigure size={o.value} /> })),
  },
  {
    group: 'herbutt',
    label: 'Форма попы',
    choices: BUTT_SHAPES.map((o) => ({ ...o, visual: <HipsFigure shape={o.value} /> })),
  },
];
const hairChoices = HAIR_COLORS.map((o) => ({
  ...o,
  visual: <Swatch color={HAIR_SWATCH[o.value] ?? '#999'} />,
}));
const ethnicityChoices = ETHNICITIES.map((o) => ({
  ...o,
  visual: <Swatch color={SKIN_SWATCH[o.value] ?? '#ccc'} />,
}));

function parseAge(text: string): number | null {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : null;
}

/**
 * Creation step one on the index page (001 §2): looks, sexuality, temperament; two ways onward.
 * `notice` is shown under the heading (the home page's way back to her chat).
 */
export function StepOne({ notice }: { notice?: ReactNode }) {
  const d = useDraft((s) => s);
  const { leaving, go } = useExitNavigate();
  const { busy, start } = useStartGeneration('index', go);

  useEffect(() => {
    draftStore.getState().applyIndexDefaults();
  }, []);

  function valid(): boolean {
    const missing = missingStepOne(stepOneView(draftStore.getState()));
    if (missing.length === 0) return true;
    showValidationToast(missing);
    return false;
  }

  function refine() {
    if (valid()) go('/personify');
  }

  async function generate() {
    if (valid()) await start();
  }

  const sexuality = d.sexuality ?? 0;

  return (
    <div className={`page-container ${classes.page}`} data-leaving={leaving || undefined}>
      <div className={classes.stack}>
        <div>
          <h1 className={classes.heading}>
            Создай свою <span className={classes.accent}>идеальную подругу</span>
          </h1>
          <p className={classes.lead}>
            Собери её образ и характер — или{' '}
            <Link to="/gfs" className={classes.link}>
              выбери готовую в галерее
            </Link>
            .
          </p>
          {notice}
        </div>

        <Section title="Личные данные">
          <div>
            <Field
              label="Имя"
              placeholder="Как её зовут?"
              value={d.herName}
              maxLength={NAME_MAX}
              onChange={(e) => d.update({ herName: e.currentTarget.value, herInflectedName: null })}
            />
            <Field
              label="Возраст"
              description={`От ${AGE_MIN} до ${AGE_MAX}`}
              type="number"
              inputMode="numeric"
              min={AGE_MIN}
              max={AGE_MAX}
              value={d.herAge ?? ''}
              onChange={(e) => d.update({ herAge: parseAge(e.currentTarget.value) })}
            />
          </div>
        </Section>

        <Section title="Внешность">
          {PICTURE_GROUPS.map(({ group, label, choices }) => (
            <ChoiceGroup
              key={group}
              label={label}
              choices={choices}
              value={d.selectedImages[group]}
              onChange={(v) => d.selectImage(group, v)}
            />
          ))}
          <DraftChoice field="ethnicity" label="Национальность" variant="chip" choices={ethnicityChoices} />
          <DraftChoice field="voice" label="Цвет волос" variant="chip" choices={hairChoices} />
        </Section>

        <Section title="Сексуальность">
          <p className={classes.valueLabel} aria-hidden="true">
            {sexualityLabel(sexuality)}
          </p>
          <Range
            label="Сексуальность"
            value={sexuality}
            valueText={`${sexuality} — ${sexualityLabel(sexuality)}`}
            onChange={(v) => d.setSexuality(v)}
          />
        </Section>

        <ChoiceSection title="Темперамент" variant="card" choices={TEMPERAMENTS} field="temperament" />

        <div className={classes.actions}>
          <Button size="md" variant="default" onClick={refine}>
            {CREATION_TEXTS.refine}
          </Button>
          <Button size="md" onClick={() => void generate()} loading={busy}>
            {CREATION_TEXTS.generate}
          </Button>
        </div>
      </div>
    </div>
  );
}
