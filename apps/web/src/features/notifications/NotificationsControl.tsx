/**
 * The profile's notifications control (001 §2 Account section): push state and the switch to turn it on
 * or off. Filled in by the notifications and push work of issue 12.
 */
export function NotificationsControl() {
  return null;
}
