/**
 * Messages between the page and the service worker (src/sw.ts, src/app/serviceWorker.ts). Plain values,
 * no imports: both builds use it.
 */
export const SW_MESSAGES = {
  /** Page → waiting worker: the user pressed "Обновить". */
  skipWaiting: 'podruga:skip-waiting',
  /** Worker → page: open this path in the app (a notification was clicked); answered on the port. */
  navigate: 'podruga:navigate',
  /**
   * Page → worker: act as if the shown notification with this tag was clicked. How a browser test drives
   * the click path (headless Chromium cannot click a system notification); it can only do what a click
   * on a notification the worker itself showed does: open its same-origin path.
   */
  clickNotification: 'podruga:click-notification',
} as const;

export interface NavigateMessage {
  type: typeof SW_MESSAGES.navigate;
  url: string;
}
