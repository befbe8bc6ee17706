/** The browsers the manual install instructions cover (001 §2 "App install instructions"). */
export const INSTALL_BROWSERS = ['chrome', 'firefox', 'safari', 'edge', 'opera', 'samsung'] as const;
export type InstallBrowser = (typeof INSTALL_BROWSERS)[number];

export interface BrowserInfo {
  browser: InstallBrowser;
  /** iPhone or iPad (every browser there is Safari's engine; installing goes through "Поделиться"). */
  ios: boolean;
  mobile: boolean;
  /** Safari's major version (`Version/x`, or iOS's own), null elsewhere or when unknown. */
  safariVersion: number | null;
}

/**
 * The browser from the user agent, for choosing which instructions to show first. On iOS the Safari
 * steps apply to every browser (001 §4: iOS outside the installed app gets the Safari steps).
 * `maxTouchPoints` tells an iPad that calls itself a Mac.
 */
export function detectBrowser(userAgent: string, maxTouchPoints = 0): BrowserInfo {
  const ua = userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  const mobile = ios || /Android|Mobile/.test(ua);
  // Safari's own version; on iOS the system's (every iOS browser is Safari's engine of that version).
  const version = /Version\/(\d+)/.exec(ua)?.[1] ?? (ios ? /OS (\d+)_/.exec(ua)?.[1] : undefined);
  const safariVersion = version && (ios || /Safari\//.test(ua)) ? Number(version) : null;
  let browser: InstallBrowser;
  if (ios) browser = 'safari';
  else if (/SamsungBrowser\//.test(ua)) browser = 'samsung';
  else if (/OPR\/|Opera/.test(ua)) browser = 'opera';
  else if (/Edg(?:e|A|iOS)?\//.test(ua)) browser = 'edge';
  else if (/Firefox\/|FxiOS\//.test(ua)) browser = 'firefox';
  else if (/Chrome\/|Chromium\/|CriOS\//.test(ua)) browser = 'chrome';
  else if (/Safari\//.test(ua)) browser = 'safari';
  else browser = 'chrome';
  return { browser, ios, mobile, safariVersion: browser === 'safari' ? safariVersion : null };
}
