import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { getBrand } from '../../app/brand.ts';
import classes from './AdultGate.module.css';
import { UNDERAGE_EXIT_URL } from './adultGate.ts';

interface Props {
  /** Opened from /test/dialogs: answering only closes it. */
  preview: boolean;
  onConfirmed: () => void;
  onPreviewClosed: () => void;
}

/**
 * The first-visit 18+ confirmation. It cannot be dismissed: "18+" enters, "no" leaves the site.
 * Plain elements rather than a Mantine Modal: every first visit downloads it, and the modal machinery
 * (portal, transitions, focus trap, scroll lock) would add ~30 KB gzip to the first page for one choice.
 */
export function AdultGate({ preview, onConfirmed, onPreviewClosed }: Props) {
  const titleId = useId();
  const accept = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    accept.current?.focus();
    // Keep focus inside the two buttons: nothing behind the gate is reachable until it is answered.
    const onFocus = (e: FocusEvent) => {
      const panel = accept.current?.closest('[role="dialog"]');
      if (panel && e.target instanceof Node && !panel.contains(e.target)) accept.current?.focus();
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  function confirm() {
    if (preview) onPreviewClosed();
    else onConfirmed();
  }

  function decline() {
    if (preview) onPreviewClosed();
    else window.location.replace(UNDERAGE_EXIT_URL);
  }

  // A portal to <body>, like every other dialog, so it stacks above them (e.g. the privacy dialog that
  // /privacy opens underneath it).
  return createPortal(
    <div className={classes.backdrop}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={classes.panel}>
        <h2 id={titleId} className={classes.title}>
          Только для взрослых
        </h2>
        <p className={classes.text}>
          {getBrand().logoText} — сервис для взрослых: в разговорах с подругой бывают откровенные темы и
          материалы 18+. Все персонажи — вымышленные взрослые.
        </p>
        <p className={classes.strong}>Подтверди, что тебе уже исполнилось 18 лет.</p>
        <div className={classes.actions}>
          <button ref={accept} type="button" className={classes.accept} onClick={confirm}>
            Мне есть 18
          </button>
          <button type="button" className={classes.decline} onClick={decline}>
            Мне нет 18
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
