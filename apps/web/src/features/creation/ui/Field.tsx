import { type InputHTMLAttributes, useId } from 'react';
import classes from './creation.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  description?: string;
}

/**
 * A labelled text input in Mantine's look, without Mantine's input stack: the index page is the first
 * page and carries its JavaScript budget (DESIGN §8).
 */
export function Field({ label, description, ...input }: FieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-d` : undefined;
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.fieldLabel}>
        {label}
      </label>
      {description && (
        <div id={descriptionId} className={classes.fieldDescription}>
          {description}
        </div>
      )}
      <input id={id} aria-describedby={descriptionId} className={classes.input} {...input} />
    </div>
  );
}
