import { Loader } from '@mantine/core';
import { LOADING_FADE_MS, LOADING_TEXT } from '@podruga/shared';
import { type CSSProperties, useEffect, useState } from 'react';
import { useBoot } from './bootStore.ts';

/** "Грузим..." until the app has started (000 §2), then a ~300 ms fade and gone. */
export function LoadingScreen() {
  const ready = useBoot((s) => s.ready);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setGone(true), LOADING_FADE_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  if (gone) return null;
  return (
    <div
      className="loading-screen"
      data-leaving={ready || undefined}
      role="status"
      aria-live="polite"
      style={{ '--loading-fade': `${LOADING_FADE_MS}ms` } as CSSProperties}
    >
      <Loader color="pink" type="dots" />
      <span>{LOADING_TEXT}</span>
    </div>
  );
}
