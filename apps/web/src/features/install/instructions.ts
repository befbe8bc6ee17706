import type { BrowserInfo, InstallBrowser } from './detect.ts';

/** Safari adds web apps to the home screen from this version on (the instructions' cut-off). */
export const SAFARI_MIN_VERSION = 16;

export const BROWSER_LABELS: Record<InstallBrowser, string> = {
  chrome: 'Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
};

export interface Instructions {
  steps: string[];
  /** Said instead of (or after) the steps: the browser cannot install the app. */
  note?: string;
}

const HOME = '«На экран „Домой“»';

/** The manual steps for one browser; `info` picks the phone or computer variant and Safari's version. */
export function instructionsFor(browser: InstallBrowser, info: BrowserInfo): Instructions {
  const mobile = info.mobile;
  switch (browser) {
    case 'safari': {
      // Home-screen apps: Safari 16 on iOS (16.4 for every iOS browser), «Добавить в Dock» from Safari 17 on
      // a Mac. The version is known only when this is Safari (or iOS); another browser's choice shows the steps.
      const minimum = info.ios || mobile ? SAFARI_MIN_VERSION : SAFARI_MIN_VERSION + 1;
      if (info.safariVersion !== null && info.safariVersion < minimum) {
        return {
          steps: [],
          note: `В этой версии Safari установка приложений не поддерживается: нужен Safari ${minimum} или новее. Обнови ${mobile ? 'iOS' : 'macOS'} в настройках.`,
        };
      }
      const onMac = info.browser === 'safari' && !info.ios && !mobile;
      if (onMac) {
        return {
          steps: ['Открой меню «Файл» в строке меню.', 'Выбери «Добавить в Dock».', 'Нажми «Добавить».'],
        };
      }
      return {
        steps: [
          'Нажми кнопку «Поделиться» (квадрат со стрелкой вверх) внизу или вверху экрана.',
          `Прокрути список и выбери ${HOME}.`,
          'Нажми «Добавить» — значок появится на экране «Домой».',
        ],
        // Safari chosen from another browser: the iPhone's steps, and the Mac's in a line.
        ...(info.ios
          ? {}
          : { note: `На Mac (Safari ${SAFARI_MIN_VERSION + 1} и новее): «Файл» → «Добавить в Dock».` }),
      };
    }
    case 'chrome':
      return mobile
        ? {
            steps: [
              'Нажми меню ⋮ в правом верхнем углу.',
              'Выбери «Установить приложение» или «Добавить на главный экран».',
              'Подтверди установку.',
            ],
          }
        : {
            steps: [
              'Нажми значок установки справа в адресной строке или открой меню ⋮.',
              'Выбери «Установить» (в меню: «Сохранить и поделиться» → «Установить страницу как приложение»).',
              'Подтверди установку — приложение откроется в своём окне.',
            ],
          };
    case 'edge':
      return mobile
        ? {
            steps: ['Нажми меню … внизу экрана.', 'Выбери «Добавить на телефон».', 'Подтверди установку.'],
          }
        : {
            steps: [
              'Нажми значок установки справа в адресной строке или открой меню ….',
              'Выбери «Приложения» → «Установить этот сайт как приложение».',
              'Нажми «Установить».',
            ],
          };
    case 'firefox':
      return mobile
        ? {
            steps: [
              'Нажми меню ⋮.',
              'Выбери «Установить» или «Добавить на главный экран».',
              'Подтверди — значок появится на главном экране.',
            ],
          }
        : {
            steps: [],
            note: 'Firefox на компьютере не устанавливает приложения. Открой сайт в Chrome или Edge или установи приложение на телефоне.',
          };
    case 'opera':
      return mobile
        ? {
            steps: [
              'Нажми меню ⋮.',
              'Выбери «Домашний экран» или «Добавить на главный экран».',
              'Нажми «Добавить».',
            ],
          }
        : {
            steps: ['Нажми значок установки справа в адресной строке, если он есть.', 'Нажми «Установить».'],
            note: 'Если значка нет, открой сайт в Chrome или Edge.',
          };
    case 'samsung':
      return {
        steps: [
          'Нажми меню ≡ внизу экрана.',
          'Выбери «Добавить страницу на» → «Главный экран».',
          'Нажми «Добавить».',
        ],
      };
  }
}
