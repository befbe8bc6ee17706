import { type ReactNode, useId } from 'react';
import classes from './creation.module.css';

/** A titled block of the wizard; the heading names the region. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={classes.section} aria-labelledby={id}>
      <h2 id={id} className={classes.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
