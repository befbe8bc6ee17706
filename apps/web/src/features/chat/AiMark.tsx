import { AI_MARK, aiDisclosure, CRISIS_PAGE_PATH } from '@podruga/shared';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import classes from './AiMark.module.css';

interface AiMarkProps {
  /** Her name: the explanation says who is an AI companion. */
  name: string | null;
  /** The chat's header, or the call dialog (her voice is made by the AI too). */
  where?: 'chat' | 'call';
  /** Open the crisis page in a new tab (the call dialog: leaving the chat would end the call). */
  newTab?: boolean;
}

/**
 * The small «ИИ» mark (issue 27, SB 243): she is an AI companion, said where she speaks. A button with
 * an accessible name; a tap, a click or Enter opens a short explanation with the way to the crisis
 * page; Escape, a second tap, a tap elsewhere or focus leaving it closes it. Plain elements, as the
 * «демо-режим» label: the chat's first load carries it.
 */
export function AiMark({ name, where = 'chat', newTab = false }: AiMarkProps) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const wrap = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A press inside (on the link, on the text) may take the focus away before its click (Safari focuses
  // no link on a click): focus leaving closes it only when no press inside is going on.
  const pressing = useRef(false);

  // A tap outside closes it (a phone has no focus to lose).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrap.current?.contains(event.target)) {
        pressing.current = false;
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // Escape closes the explanation only, not the call dialog around it: Mantine's modal leaves alone a
  // key whose target carries this mark (its own dropdowns do the same).
  const keepEscape = open ? { 'data-mantine-stop-propagation': 'true' } : {};
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    if (pressing.current) return;
    if (!(event.relatedTarget instanceof Node && wrap.current?.contains(event.relatedTarget))) setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys and the focus are its button's and link's, bubbling up.
    <span
      ref={wrap}
      className={classes.wrap}
      data-where={where}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerDown={() => {
        pressing.current = true;
      }}
      onPointerUp={() => {
        pressing.current = false;
      }}
      onPointerCancel={() => {
        pressing.current = false;
      }}
    >
      <button
        ref={button}
        type="button"
        className={classes.mark}
        aria-label={AI_MARK.label}
        aria-expanded={open}
        aria-controls={open ? noteId : undefined}
        onClick={() => setOpen((o) => !o)}
        {...keepEscape}
      >
        <span className={classes.badge}>{AI_MARK.text}</span>
      </button>
      {open && (
        <span id={noteId} className={classes.note} role="note">
          {aiDisclosure(name, where)}{' '}
          {newTab ? (
            <a
              className={classes.link}
              href={CRISIS_PAGE_PATH}
              target="_blank"
              rel="noopener"
              {...keepEscape}
            >
              {AI_MARK.helpLink}
            </a>
          ) : (
            <Link className={classes.link} to={CRISIS_PAGE_PATH} {...keepEscape}>
              {AI_MARK.helpLink}
            </Link>
          )}
        </span>
      )}
    </span>
  );
}
