/** A promise a test resolves by hand: holds a fake provider or a job until the test lets it go. */
export interface Gate<T = void> {
  promise: Promise<T>;
  open(value: T): void;
}

export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A logger that keeps what it is told, for tests that check a failure was logged. */
export function memoryLog() {
  const entries: Array<{ level: 'info' | 'warn' | 'error'; msg: string | undefined; obj: object }> = [];
  const at = (level: 'info' | 'warn' | 'error') => (obj: object, msg?: string) =>
    void entries.push({ level, msg, obj });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}
