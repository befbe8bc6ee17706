import { EXIT_ANIMATION_MS } from '@podruga/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/** Navigates after the page's 300 ms exit animation (001 §2); `leaving` drives the animation. */
export function useExitNavigate() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  function go(to: string) {
    setLeaving(true);
    timer.current = setTimeout(() => navigate(to), EXIT_ANIMATION_MS);
  }
  return { leaving, go };
}
