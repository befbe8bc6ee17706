import type { DraftFields } from '../draft.ts';
import { draftStore, useDraft } from '../useDraft.ts';
import { ChoiceGroup, type ChoiceGroupProps } from './ChoiceGroup.tsx';
import { Section } from './Section.tsx';

/** The draft's single-choice fields (the three picture groups of step one go through `selectImage`). */
export type ChoiceField = keyof Pick<
  DraftFields,
  'ethnicity' | 'voice' | 'temperament' | 'personality' | 'occupation' | 'habit' | 'language_style' | 'mood'
>;

interface DraftChoiceProps extends Omit<ChoiceGroupProps, 'value' | 'onChange'> {
  field: ChoiceField;
}

/** A choice group bound to one field of the draft: it shows the field and a click sets it. */
export function DraftChoice({ field, ...group }: DraftChoiceProps) {
  const value = useDraft((s) => s[field]);
  const patch = (choice: string): Partial<DraftFields> => ({ [field]: choice });
  return <ChoiceGroup {...group} value={value} onChange={(v) => draftStore.getState().update(patch(v))} />;
}

interface ChoiceSectionProps extends Omit<DraftChoiceProps, 'label' | 'hideLabel'> {
  title: string;
}

/** A wizard section that is one choice: the section's heading names the group (001 §2). */
export function ChoiceSection({ title, ...choice }: ChoiceSectionProps) {
  return (
    <Section title={title}>
      <DraftChoice {...choice} label={title} hideLabel />
    </Section>
  );
}
