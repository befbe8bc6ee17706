import { describe, expect, it } from 'vitest';
import { type ActivationSource, whenUserActive } from './userActivation.ts';

function fakeSource(hasBeenActive: boolean) {
  const listeners = new Map<string, () => void>();
  const source: ActivationSource = {
    hasBeenActive,
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type, listener) => {
      if (listeners.get(type) === listener) listeners.delete(type);
    },
  };
  return { source, listeners };
}

describe('whenUserActive', () => {
  it('starts at once when the visitor already interacted', () => {
    const { source, listeners } = fakeSource(true);
    let started = 0;
    whenUserActive(() => started++, source);
    expect(started).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('otherwise waits for the first tap, key or typed text, starts once and stops listening', () => {
    const { source, listeners } = fakeSource(false);
    let started = 0;
    whenUserActive(() => started++, source);
    expect(started).toBe(0);
    expect([...listeners.keys()].sort()).toEqual(['input', 'keydown', 'pointerdown', 'touchstart']);
    listeners.get('input')?.();
    expect(started).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('never starts once cancelled', () => {
    const { source, listeners } = fakeSource(false);
    let started = 0;
    const cancel = whenUserActive(() => started++, source);
    const keydown = listeners.get('keydown');
    cancel();
    keydown?.();
    expect(started).toBe(0);
    expect(listeners.size).toBe(0);
  });
});
