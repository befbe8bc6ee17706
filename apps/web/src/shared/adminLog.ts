import { local } from './storage.ts';

/** The device's admin logging switch (002 §2 `/hbar`, `/hbar/off`): `admin_logging` in localStorage. */
export const ADMIN_LOGGING_KEY = 'admin_logging';

/** Read once at start (every socket event asks, so never from storage on that path); /hbar sets it. */
let enabled = local.get(ADMIN_LOGGING_KEY) === 'true';

export function adminLogging(): boolean {
  return enabled;
}

/** /hbar (on) and /hbar/off (off): kept on the device and in effect at once. */
export function setAdminLogging(on: boolean): void {
  enabled = on;
  if (on) local.set(ADMIN_LOGGING_KEY, 'true');
  else local.remove(ADMIN_LOGGING_KEY);
}

/**
 * With admin logging on, a line in the console for diagnosing a user's session: API calls with their
 * status and time, socket events in and out. Off by default; nothing is sent anywhere.
 */
export function adminLog(kind: string, ...details: unknown[]): void {
  if (adminLogging()) console.info(`[admin] ${kind}`, ...details);
}

/** What adminLogSocket needs of a socket.io client socket. */
interface AnySocket {
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  onAnyOutgoing(listener: (event: string, ...args: unknown[]) => void): unknown;
}

/** Logs a socket's events in both directions, named by `name`, while admin logging is on. */
export function adminLogSocket(socket: AnySocket, name: string): void {
  socket.onAny((event, ...args) => adminLog(`${name} ←`, event, ...args));
  socket.onAnyOutgoing((event, ...args) => {
    // Microphone frames are binary and 10 a second: counted in the network panel, not logged.
    if (event === 'voice:audio') return;
    adminLog(`${name} →`, event, ...args);
  });
}
