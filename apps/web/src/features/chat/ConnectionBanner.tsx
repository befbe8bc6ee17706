import { Button } from '@mantine/core';
import classes from './ConnectionBanner.module.css';
import type { ConnectionStatus } from './socket.ts';

/** 000 §8 "Connection error. Trying to reconnect...", in Russian. */
export const RECONNECTING = 'Соединение потеряно. Переподключаемся…';
/** 000 §8 "Failed to reconnect. Please refresh the page.": only once the socket has given up. */
export const RECONNECT_FAILED = 'Не удалось переподключиться. Обновите страницу.';

/**
 * A line above the messages while the chat's socket is down: it stays as long as the outage does and goes
 * by itself once the socket is back (a toast would time out while the chat still cannot stream).
 */
export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  if (status !== 'reconnecting' && status !== 'failed') return null;
  const failed = status === 'failed';
  return (
    <div className={classes.banner} data-failed={failed || undefined} role={failed ? 'alert' : 'status'}>
      <span className={classes.text}>{failed ? RECONNECT_FAILED : RECONNECTING}</span>
      {failed && (
        <Button
          size="compact-md"
          color="red"
          // A phone's tap target (44 px), on the one line that asks for it.
          style={{ flexShrink: 0, minHeight: 44 }}
          onClick={() => window.location.reload()}
        >
          Обновить
        </Button>
      )}
    </div>
  );
}
