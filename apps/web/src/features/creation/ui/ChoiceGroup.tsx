import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import classes from './creation.module.css';

export interface Choice {
  value: string;
  label: string;
  description?: string;
  /** A small decorative picture above the label (an illustration or a colour swatch). */
  visual?: ReactNode;
}

export interface ChoiceGroupProps {
  /** The group's accessible name (the section's heading text). */
  label: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (value: string) => void;
  /** 'tile': picture cards; 'chip': compact pills; 'card': text with a description. */
  variant?: 'tile' | 'chip' | 'card';
  /** Hide the visible heading (when the section already shows it). */
  hideLabel?: boolean;
}

/**
 * A single choice as a radio group of buttons (role="radiogroup" / role="radio", aria-checked), with
 * the WAI-ARIA keys: arrows move and select, Tab enters at the selected one.
 */
export function ChoiceGroup({
  label,
  choices,
  value,
  onChange,
  variant = 'tile',
  hideLabel,
}: ChoiceGroupProps) {
  const labelId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = choices.findIndex((c) => c.value === value);
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
    const back = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
    if (!forward && !back) return;
    event.preventDefault();
    const next = (index + (forward ? 1 : -1) + choices.length) % choices.length;
    const choice = choices[next];
    if (!choice) return;
    onChange(choice.value);
    refs.current[next]?.focus();
  }

  return (
    <div className={classes.group}>
      <div id={labelId} className={hideLabel ? classes.srOnly : classes.groupLabel}>
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={labelId} className={classes[variant]}>
        {choices.map((choice, index) => {
          const checked = choice.value === value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: picture cards as radio buttons (ARIA radio pattern)
            <button
              key={choice.value}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={choice.label}
              tabIndex={index === focusIndex ? 0 : -1}
              className={classes.choice}
              data-checked={checked || undefined}
              onClick={() => onChange(choice.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {choice.visual && (
                <span className={classes.visual} aria-hidden="true">
                  {choice.visual}
                </span>
              )}
              <span className={classes.choiceLabel}>{choice.label}</span>
              {choice.description && <span className={classes.choiceDescription}>{choice.description}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
