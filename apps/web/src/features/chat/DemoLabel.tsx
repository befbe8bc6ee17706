import { useState } from 'react';
import classes from './DemoLabel.module.css';

/** Why the replies are simple: said in the title (hover) and on a tap (phones have no hover). */
const DEMO_EXPLANATION =
  'Ответы пишет простой встроенный движок: ИИ-модель не подключена. Это демонстрация, а не настоящий собеседник.';

/**
 * The discreet "демо-режим" mark in the chat's header (DESIGN §6 "Say when it is a demo"): shown when
 * GET /api/config says the LLM provider is the offline engine, so nobody mistakes it for the product.
 */
export function DemoLabel() {
  const [open, setOpen] = useState(false);
  return (
    <span className={classes.wrap}>
      <button
        type="button"
        className={classes.label}
        title={DEMO_EXPLANATION}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setOpen(false)}
      >
        демо-режим
      </button>
      {open && (
        <span className={classes.note} role="note">
          {DEMO_EXPLANATION}
        </span>
      )}
    </span>
  );
}
