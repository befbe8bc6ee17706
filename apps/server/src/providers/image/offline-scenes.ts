import type { Rng } from '../../random.ts';

/**
 * The places of the offline adapter's photos of her (issue 14): the scene in English (scene.ts) →
 * what is drawn behind her, in front of her (never over her face), and her outfit's colour. Shapes
 * only, in the 512 × 512 box of her portrait; an unknown scene is a soft studio background.
 */

/** Mixes a hex colour with black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

export const f = (n: number) => n.toFixed(1);

export interface DrawnScene {
  defs: string;
  /** The whole background: drawn first. */
  behind: string;
  /** Drawn after her, below her shoulders only (a table, the bath's rim, a phone). */
  front: string;
  /** Her outfit's colour when the scene names or implies one. */
  outfit: string | undefined;
  /** What lies on her top (a pattern, a collar), given its colour. */
  onTop(top: string): string;
}

const COLOURS: Array<[RegExp, string]> = [
  [/\bburgundy\b/, '#7b1e3a'],
  [/\blight blue\b/, '#8ecae6'],
  [/\bred\b/, '#c62828'],
  [/\bpink\b/, '#ec6f9f'],
  [/\borange\b/, '#ef7d22'],
  [/\byellow\b/, '#f2c531'],
  [/\bgreen\b/, '#2e8b57'],
  [/\bblue\b/, '#2d5fc4'],
  [/\bpurple\b/, '#7b3fa8'],
  [/\blilac\b/, '#b79ad6'],
  [/\bblack\b/, '#1f1f24'],
  [/\bwhite\b/, '#f4f4f4'],
  [/\bgr[ae]y\b/, '#8d9299'],
  [/\bbeige\b/, '#d9c2a0'],
  [/\bbrown\b/, '#6d4c35'],
  [/\bgold(en)?\b/, '#d4a93a'],
  [/\bsilver\b/, '#c0c4cc'],
];

function sky(top: string, bottom: string): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

const wall = (colour: string) => `<rect width="512" height="512" fill="${colour}"/>`;

function tiles(colour: string, size: number): string {
  const lines: string[] = [];
  for (let p = size; p < 512; p += size) {
    lines.push(`M${p} 0 V512`, `M0 ${p} H512`);
  }
  return `${wall(colour)}<path d="${lines.join(' ')}" stroke="${shade(colour, -0.15)}" stroke-width="2"/>`;
}

function skyline(r: Rng, lit: string, dark: string): string {
  let x = 0;
  const out: string[] = [];
  while (x < 512) {
    const w = 40 + Math.floor(r() * 50);
    const h = 160 + Math.floor(r() * 200);
    out.push(`<rect x="${x}" y="${512 - h}" width="${w - 4}" height="${h}" fill="${dark}"/>`);
    for (let wy = 512 - h + 12; wy < 500; wy += 22) {
      for (let wx = x + 8; wx < x + w - 12; wx += 14) {
        if (r() < 0.45) out.push(`<rect x="${wx}" y="${wy}" width="6" height="9" fill="${lit}"/>`);
      }
    }
    x += w;
  }
  return out.join('');
}

function trees(r: Rng, colour: string, snowy: boolean): string {
  return Array.from({ length: 9 }, (_, i) => {
    const x = i * 60 + r() * 20 - 10;
    const h = 140 + r() * 120;
    const base = 340 + r() * 30;
    const cap = snowy ? `<path d="M${f(x)} ${f(base - h)} l-14 40 h28 Z" fill="#fff"/>` : '';
    return `<path d="M${f(x)} ${f(base - h)} L${f(x - 40)} ${f(base)} L${f(x + 40)} ${f(base)} Z" fill="${shade(colour, r() * 0.3 - 0.15)}"/>${cap}`;
  }).join('');
}

function flakes(r: Rng, count: number, colour: string): string {
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${f(r() * 512)}" cy="${f(r() * 512)}" r="${f(1.5 + r() * 3.5)}" fill="${colour}" opacity="0.85"/>`,
  ).join('');
}

const dots = (top: string) =>
  Array.from(
    { length: 12 },
    (_, i) =>
      `<circle cx="${150 + (i % 6) * 42}" cy="${420 + Math.floor(i / 6) * 44}" r="6" fill="${shade(top, 0.55)}"/>`,
  ).join('');
const collar = (top: string) =>
  `<path d="M200 352 L236 420 L256 380 L276 420 L312 352 L290 344 L256 372 L222 344 Z" fill="${shade(top, -0.25)}"/>`;
const straps = (top: string) =>
  `<path d="M196 350 L204 392 M316 350 L308 392" stroke="${shade(top, -0.3)}" stroke-width="6" stroke-linecap="round"/>`;

type Place = (
  r: Rng,
  mood: { night: boolean; sunset: boolean },
) => Omit<DrawnScene, 'outfit' | 'onTop'> & {
  outfit?: string;
};

const dayOrNight = (mood: { night: boolean; sunset: boolean }, day: [string, string]): [string, string] =>
  mood.night ? ['#0b1a33', '#2c3e66'] : mood.sunset ? ['#f7797d', '#fbd786'] : day;

/** Scene words → a place; the first match wins. */
const PLACES: Array<[RegExp, Place]> = [
  [
    /\b(pool)\b/,
    (r) => ({
      defs: '',
      behind: `${tiles('#8fd8ee', 64)}<rect y="360" width="512" height="152" fill="#2f9fd0"/>${flakes(r, 14, '#e9fbff')}`,
      front: '',
      outfit: '#ff6f61',
    }),
  ],
  [
    /\b(beach|sea|ocean|bikini|swimsuit)\b/,
    (_r, mood) => {
      const [a, b] = dayOrNight(mood, ['#7ec8f0', '#e8f6ff']);
      return {
        defs: sky(a, b),
        behind: `<rect width="512" height="512" fill="url(#sky)"/><circle cx="420" cy="${mood.sunset ? 250 : 90}" r="36" fill="${mood.night ? '#f4f1de' : '#ffe27a'}"/>
<rect y="250" width="512" height="90" fill="${mood.night ? '#16325c' : '#2e86c1'}"/><path d="M0 280 q32 -8 64 0 t64 0 t64 0 t64 0 t64 0 t64 0 t64 0 t64 0" fill="none" stroke="#fff" stroke-width="3" opacity="0.5"/>
<rect y="330" width="512" height="182" fill="#f0d5a0"/>`,
        front: '',
        outfit: '#ff6f61',
      };
    },
  ],
  [
    /\b(caf[eé]|coffee|restaurant|bar|wine)(?![a-z])/,
    () => ({
      defs: '',
      behind: `${wall('#8d6e63')}<rect x="20" y="40" width="150" height="220" rx="8" fill="#fff3d6"/><path d="M95 40 V260 M20 150 H170" stroke="#8d6e63" stroke-width="8"/>
<circle cx="440" cy="80" r="22" fill="#ffd180" opacity="0.9"/><path d="M440 0 V58" stroke="#3e2723" stroke-width="3"/>`,
      front: `<rect x="360" y="440" width="152" height="72" fill="#5d4037"/><path d="M420 410 h40 v30 q0 12 -12 12 h-16 q-12 0 -12 -12 Z" fill="#fafafa"/><path d="M460 418 q14 0 14 10 t-14 10" fill="none" stroke="#fafafa" stroke-width="4"/>`,
    }),
  ],
  [
    /\b(gym|workout|yoga|jogging|sports)\b/,
    () => ({
      defs: '',
      behind: `${wall('#cfd8dc')}<rect y="420" width="512" height="92" fill="#37474f"/>
<path d="M20 200 H120 M20 260 H120 M392 200 H492 M392 260 H492" stroke="#546e7a" stroke-width="6"/>
<g fill="#263238"><rect x="26" y="182" width="14" height="36" rx="3"/><rect x="100" y="182" width="14" height="36" rx="3"/><rect x="398" y="242" width="14" height="36" rx="3"/><rect x="472" y="242" width="14" height="36" rx="3"/></g>`,
      front: '',
      outfit: '#1abc9c',
    }),
  ],
  [
    /\b(mirror)\b/,
    () => ({
      defs: '',
      behind: `${wall('#f1e4d8')}<rect x="70" y="30" width="372" height="470" rx="180" fill="#b08d57"/><rect x="86" y="46" width="340" height="450" rx="168" fill="#dfeef2"/>`,
      front: `<rect x="372" y="396" width="58" height="100" rx="10" fill="#222" transform="rotate(-8 400 446)"/><rect x="378" y="404" width="46" height="84" rx="6" fill="#3a4a5a" transform="rotate(-8 400 446)"/>`,
    }),
  ],
  [
    /\b(bed|bedroom|pajamas|nightgown|woke)\b/,
    () => ({
      defs: '',
      behind: `${wall('#f3ddd0')}<rect x="40" y="150" width="432" height="300" rx="40" fill="#a1887f"/><rect x="0" y="400" width="512" height="112" fill="#fafafa"/>
<ellipse cx="120" cy="400" rx="80" ry="30" fill="#fff"/><ellipse cx="392" cy="400" rx="80" ry="30" fill="#fff"/><circle cx="470" cy="90" r="50" fill="#ffe0b2" opacity="0.6"/>`,
      front: '',
      outfit: '#b39ddb',
    }),
  ],
  [
    /\b(city|street|night city)\b/,
    (r, mood) => {
      const [a, b] = dayOrNight(mood, ['#9ec9f5', '#e3f0fb']);
      return {
        defs: sky(a, b),
        behind: `<rect width="512" height="512" fill="url(#sky)"/>${mood.night ? '<circle cx="430" cy="70" r="26" fill="#f4f1de"/>' : ''}${skyline(r, mood.night ? '#ffd54f' : '#cfe3f7', mood.night ? '#1c2541' : '#8aa0b8')}`,
        front: '',
      };
    },
  ],
  [
    /\b(snow|winter)\b/,
    (r) => ({
      defs: sky('#cfdff0', '#ffffff'),
      behind: `<rect width="512" height="512" fill="url(#sky)"/>${trees(r, '#2f5d50', true)}<rect y="360" width="512" height="152" fill="#f7fbff"/>${flakes(r, 60, '#fff')}`,
      front: '',
      outfit: '#c0392b',
    }),
  ],
  [
    /\b(forest|park|garden|mountains|nature|flowers|lake)\b/,
    (r, mood) => {
      const [a, b] = dayOrNight(mood, ['#a8d8f0', '#eaf7e6']);
      return {
        defs: sky(a, b),
        behind: `<rect width="512" height="512" fill="url(#sky)"/>${trees(r, '#3f7d4e', false)}<rect y="360" width="512" height="152" fill="#7cb36b"/>`,
        front: '',
      };
    },
  ],
  [
    /\b(office|work)\b/,
    () => ({
      defs: '',
      behind: `${wall('#eceff1')}<rect x="300" y="40" width="190" height="240" fill="#bbdefb"/><path d="${Array.from({ length: 11 }, (_, i) => `M300 ${60 + i * 20} H490`).join(' ')}" stroke="#eceff1" stroke-width="6"/>`,
      front: `<rect x="0" y="450" width="512" height="62" fill="#795548"/>`,
      outfit: '#f5f5f5',
    }),
  ],
  [
    /\b(kitchen|cooking)\b/,
    () => ({
      defs: '',
      behind: `${tiles('#fff8e1', 48)}<rect x="0" y="0" width="512" height="150" fill="#a5d6a7"/><path d="M128 0 V150 M256 0 V150 M384 0 V150" stroke="#81c784" stroke-width="4"/>`,
      front: `<rect x="0" y="460" width="512" height="52" fill="#bcaaa4"/>`,
    }),
  ],
  [
    /\b(bath|bathtub|shower|towel|bathrobe)\b/,
    (r) => ({
      defs: '',
      behind: `${tiles('#d7f0f5', 56)}${flakes(r, 10, '#ffffff')}`,
      front: `<rect x="0" y="448" width="512" height="64" rx="20" fill="#fdfdfd"/><g fill="#fff" opacity="0.95"><circle cx="120" cy="448" r="26"/><circle cx="160" cy="440" r="20"/><circle cx="360" cy="446" r="24"/><circle cx="400" cy="440" r="18"/></g>`,
    }),
  ],
];

/** A soft studio background for a scene the places do not know. */
const STUDIO: Place = () => ({
  defs: '<radialGradient id="studio" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#fdf6f0"/><stop offset="1" stop-color="#d9cfc7"/></radialGradient>',
  behind: '<rect width="512" height="512" fill="url(#studio)"/>',
  front: '',
});

/** The scene (English, from sceneInEnglish) drawn around her; `r` varies the details per seed. */
export function drawScene(english: string, r: Rng): DrawnScene {
  const text = english.toLowerCase();
  const mood = { night: /\b(night|evening)\b/.test(text), sunset: /\b(sunset|sunrise)\b/.test(text) };
  const place = PLACES.find(([pattern]) => pattern.test(text))?.[1] ?? STUDIO;
  const drawn = place(r, mood);
  const named = COLOURS.find(([pattern]) => pattern.test(text))?.[1];
  return {
    defs: drawn.defs,
    behind: drawn.behind,
    front: drawn.front,
    outfit: named ?? drawn.outfit,
    onTop: (top) => {
      if (/\bpajamas\b/.test(text)) return dots(top);
      if (
        /\b(coat|jacket|fur coat|suit|puffer jacket)\b/.test(text) ||
        (/\bsnow|winter\b/.test(text) && !named)
      ) {
        return collar(top);
      }
      if (/\b(dress|sundress|bikini|lingerie|tank top|crop top)\b/.test(text)) return straps(top);
      return '';
    },
  };
}
