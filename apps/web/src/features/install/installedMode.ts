/** What installed-mode detection reads (001 §4): the display mode, iOS standalone, the query, the flags. */
export interface InstalledSignals {
  standaloneDisplay: boolean;
  iosStandalone: boolean;
  search: string;
  installedFlag: boolean;
  pwaFlag: boolean;
}

/** Running as, or known to be, the installed app. */
export function isInstalled(signals: InstalledSignals): boolean {
  return (
    signals.standaloneDisplay ||
    signals.iosStandalone ||
    new URLSearchParams(signals.search).get('pwa') === 'true' ||
    signals.installedFlag ||
    signals.pwaFlag
  );
}

/** Running inside the installed app's window right now (not merely installed on this device). */
export function runsInstalled(signals: InstalledSignals): boolean {
  return (
    signals.standaloneDisplay ||
    signals.iosStandalone ||
    new URLSearchParams(signals.search).get('pwa') === 'true'
  );
}
