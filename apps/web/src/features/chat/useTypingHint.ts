import { TYPING_HINT } from '@podruga/shared';
import { type RefObject, useEffect } from 'react';

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
 * The placeholder animation of a text field: the first phrase stands typed out for the pause (2500 ms),
 * is erased (40 ms a character), the next one is typed (70 ms a character), pauses, and so on. Paused
 * (the first phrase back) while `active` is false; with reduced motion the first phrase simply stands.
 *
 * It writes the field's `placeholder` itself instead of through React state: a re-render of the input
 * bar every 70 ms kept the chat's main thread busy from its first second (DESIGN §8, Lighthouse TBT).
 * Render the field with `placeholder={TYPING_HINT_PHRASES[0]}`.
 */
export function useTypingHint(
  ref: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
  active: boolean,
) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.placeholder = TYPING_HINT_PHRASES[0];
    if (!active || prefersReducedMotion()) return;
    let phrase = 0;
    let length: number = TYPING_HINT_PHRASES[0].length;
    let erasing = true;
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
      el.placeholder = full.slice(0, length);
      timer = setTimeout(tick, delay);
    };
    timer = setTimeout(tick, TYPING_HINT.pauseMs);
    return () => {
      clearTimeout(timer);
      el.placeholder = TYPING_HINT_PHRASES[0];
    };
  }, [ref, active]);
}
