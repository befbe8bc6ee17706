import { Select } from '@mantine/core';
import { optionLabel } from '@podruga/shared';
import type { DraftFields } from '../draft.ts';
import { draftStore, useDraft } from '../useDraft.ts';

/** The draft's looks picked from a list, each with the field that keeps its Russian label (001 §3). */
const DISPLAY = { hairstyle: 'hairstyleDisplay', skin_shade: 'skinShadeDisplay' } as const;

interface DraftSelectProps {
  field: keyof typeof DISPLAY;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

/**
 * A list bound to one field of the draft: choosing sets the value and its label together. Mantine's Select
 * (step two only: step one keeps its JavaScript budget, DESIGN §8).
 */
export function DraftSelect({ field, label, placeholder, options }: DraftSelectProps) {
  const value = useDraft((s) => s[field]);
  const patch = (v: string | null): Partial<DraftFields> => ({
    [field]: v,
    [DISPLAY[field]]: optionLabel(options, v),
  });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value}
      allowDeselect={false}
      onChange={(v) => draftStore.getState().update(patch(v))}
    />
  );
}
