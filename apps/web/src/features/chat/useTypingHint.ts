import { TYPING_HINT } from '@podruga/shared';
import { useEffect, useState } from 'react';

/** The four suggestions the input's placeholder types out in turn (000 §2 "rotating typing-hint"). */
export const TYPING_HINT_PHRASES = [
  'Привет! Как прошёл твой день?',
  'Расскажи мне что-нибудь о себе…',
  'Чем ты сейчас занимаешься?',
  'Что тебе сегодня снилось?',
] as const;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The placeholder animation: types a phrase (70 ms a character), pauses 2500 ms, erases it (40 ms a
 * character), then the next one. Paused (showing nothing animated) while `active` is false; with reduced
 * motion the first phrase simply stands.
 */
export function useTypingHint(active: boolean): string {
  const [text, setText] = useState<string>(TYPING_HINT_PHRASES[0]);

  useEffect(() => {
    if (!active || prefersReducedMotion()) {
      setText(TYPING_HINT_PHRASES[0]);
      return;
    }
    let phrase = 0;
    let length = 0;
    let erasing = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const full = TYPING_HINT_PHRASES[phrase] ?? '';
      let delay: number = erasing ? TYPING_HINT.eraseMs : TYPING_HINT.typeMs;
      if (!erasing) {
        length += 1;
        if (length >= full.length) {
          erasing = true;
          delay = TYPING_HINT.pauseMs;
        }
      } else {
        length -= 1;
        if (length <= 0) {
          erasing = false;
          phrase = (phrase + 1) % TYPING_HINT_PHRASES.length;
        }
      }
      setText(full.slice(0, length));
      timer = setTimeout(tick, delay);
    };
    timer = setTimeout(tick, TYPING_HINT.typeMs);
    return () => clearTimeout(timer);
  }, [active]);

  return text;
}
