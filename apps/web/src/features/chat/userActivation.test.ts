import { describe, expect, it } from 'vitest';
import {
  type ActivationSource,
  connectsAtOnce,
  replyMayBePending,
  wakesSocket,
  whenBack,
  whenSocketNeeded,
} from './userActivation.ts';

function fakeSource(hasBeenActive: boolean) {
  const listeners = new Map<string, () => void>();
  const page = { visible: true };
  const source: ActivationSource = {
    hasBeenActive,
    isVisible: () => page.visible,
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type, listener) => {
      if (listeners.get(type) === listener) listeners.delete(type);
    },
  };
  return { source, listeners, page };
}

const user = { sender: 'user', streaming: false } as const;
const reply = { sender: 'assistant', streaming: false } as const;
const streaming = { sender: 'assistant', streaming: true } as const;

describe('replyMayBePending', () => {
  it('is true when the history ends with the user or with a reply still streaming', () => {
    expect(replyMayBePending([reply, user])).toBe(true);
    expect(replyMayBePending([user, streaming])).toBe(true);
  });

  it('is false for an empty history or one ending with a finished reply', () => {
    expect(replyMayBePending([])).toBe(false);
    expect(replyMayBePending([user, reply])).toBe(false);
  });
});

describe('connectsAtOnce', () => {
  it('connects at once after an interaction, or when a reply may be pending', () => {
    expect(connectsAtOnce({ hasBeenActive: true, history: [reply] })).toBe(true);
    expect(connectsAtOnce({ hasBeenActive: false, history: [reply, user] })).toBe(true);
    expect(connectsAtOnce({ hasBeenActive: false, history: [streaming] })).toBe(true);
  });

  it('waits otherwise', () => {
    expect(connectsAtOnce({ hasBeenActive: false, history: [user, reply] })).toBe(false);
    expect(connectsAtOnce({ hasBeenActive: false, history: [] })).toBe(false);
  });
});

describe('wakesSocket', () => {
  it('wakes on a tap, key or typed text whatever the visibility', () => {
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'input']) {
      expect(wakesSocket(type, true)).toBe(true);
    }
  });

  it('wakes when the tab is shown again, not when it is hidden', () => {
    expect(wakesSocket('visibilitychange', true)).toBe(true);
    expect(wakesSocket('visibilitychange', false)).toBe(false);
  });

  it('ignores other events', () => {
    expect(wakesSocket('focus', true)).toBe(false);
    expect(wakesSocket('scroll', true)).toBe(false);
  });
});

describe('whenSocketNeeded', () => {
  it.each([
    ['the visitor already interacted', true, [reply]],
    ['the history ends with the user (a reply may be pending after a reload)', false, [reply, user]],
  ] as const)('starts at once when %s', (_, interacted, history) => {
    const { source, listeners } = fakeSource(interacted);
    let started = 0;
    whenSocketNeeded(() => started++, history, source);
    expect(started).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('otherwise waits for the first tap, key or typed text, starts once and stops listening', () => {
    const { source, listeners } = fakeSource(false);
    let started = 0;
    whenSocketNeeded(() => started++, [user, reply], source);
    expect(started).toBe(0);
    expect([...listeners.keys()].sort()).toEqual([
      'input',
      'keydown',
      'pointerdown',
      'touchstart',
      'visibilitychange',
    ]);
    listeners.get('input')?.();
    expect(started).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('starts when the tab is shown again after being hidden, not when it is hidden', () => {
    const { source, listeners, page } = fakeSource(false);
    let started = 0;
    whenSocketNeeded(() => started++, [reply], source);
    page.visible = false;
    listeners.get('visibilitychange')?.();
    expect(started).toBe(0);
    expect(listeners.size).toBe(5);
    page.visible = true;
    listeners.get('visibilitychange')?.();
    expect(started).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('never starts once cancelled', () => {
    const { source, listeners } = fakeSource(false);
    let started = 0;
    const cancel = whenSocketNeeded(() => started++, [], source);
    const keydown = listeners.get('keydown');
    cancel();
    keydown?.();
    expect(started).toBe(0);
    expect(listeners.size).toBe(0);
  });
});

describe('whenBack', () => {
  it('retries when the device is online again or the tab is shown, until cancelled', () => {
    const { source, listeners, page } = fakeSource(true);
    let retries = 0;
    const cancel = whenBack(() => {
      retries += 1;
    }, source);
    listeners.get('online')?.();
    expect(retries).toBe(1);
    page.visible = false;
    listeners.get('visibilitychange')?.();
    expect(retries).toBe(1);
    page.visible = true;
    listeners.get('visibilitychange')?.();
    expect(retries).toBe(2);
    cancel();
    expect(listeners.size).toBe(0);
  });
});
