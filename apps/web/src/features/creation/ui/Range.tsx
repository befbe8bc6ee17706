import type { CSSProperties } from 'react';
import classes from './creation.module.css';

interface RangeProps {
  /** The accessible name of the slider. */
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** What the value means, read out with it ("Игривая"). */
  valueText?: string;
  min?: number;
  max?: number;
}

/**
 * A 0–100 slider on the native range input: keyboard (arrows step 1, Page keys 10 — 001 §5) and
 * screen readers come with it, and it costs no JavaScript on the first page.
 */
export function Range({ label, value, onChange, valueText, min = 0, max = 100 }: RangeProps) {
  const fill = ((value - min) / (max - min)) * 100;
  return (
    <input
      type="range"
      className={classes.range}
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      step={1}
      value={value}
      style={{ '--fill': `${fill}%` } as CSSProperties}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
    />
  );
}
