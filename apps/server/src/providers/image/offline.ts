import { hash, type Rng, seeded } from '../../random.ts';
import { loadSharp } from '../../sharp.ts';
import { drawScene, f, shade } from './offline-scenes.ts';
import type { ImagePort, ImageRequest, PortraitTraits } from './port.ts';
import { sceneInEnglish } from './scene.ts';

/**
 * The offline stand-in: a stylised bust drawn as SVG from the traits and the seed, rendered to PNG by
 * sharp. Same request → byte-identical PNG. Labelled "демо-портрет" (a photo of her: "демо-фото") at
 * the bottom centre, where it stays visible when a page crops the square to 3:4, so nobody mistakes it
 * for a real generation. Tasteful by construction: a clothed bust, shapes only. A photo of her (a
 * request with a scene) draws the same face as her portrait in the scene's place (offline-scenes.ts).
 */

const SKIN: Record<string, string> = {
  fair: '#f4d7c3',
  'golden tan': '#e2b58c',
  golden_tan: '#e2b58c',
  caramel: '#bf8a5e',
  tanned: '#cf9a6c',
};
const HAIR: Record<string, string> = {
  blonde: '#e6c36c',
  brunette: '#5b3a26',
  black: '#1d1816',
  red: '#b5452a',
  pink: '#e88fb8',
  blue: '#4b70d4',
  purple: '#7b4ab4',
  // The likeness form's own values (001 §3).
  brown: '#6b4328',
  green: '#3f8f5a',
};
const EYES = ['#6b4226', '#3f7a4a', '#3b6fa8', '#8a6a3a', '#4a4a5a'];
const TOPS = ['#c0392b', '#2c3e50', '#8e44ad', '#16a085', '#d35400', '#2d6cdf', '#b03a5b', '#3d3d3d'];
const OCCUPATION_TOPS: Record<string, string> = { chef: '#f2f2f2', secretary: '#eae4f2', teacher: '#6d7f99' };
const BACKGROUNDS = [
  ['#fbd3e9', '#bb377d'],
  ['#a1c4fd', '#c2e9fb'],
  ['#ffecd2', '#fcb69f'],
  ['#d4fc79', '#96e6a1'],
  ['#e0c3fc', '#8ec5fc'],
  ['#f6d365', '#fda085'],
  ['#c1dfc4', '#deecdd'],
  ['#30cfd0', '#330867'],
];

function pick<T>(list: readonly T[], r: () => number): T {
  return list[Math.floor(r() * list.length) % list.length] as T;
}

function skinColour(t: PortraitTraits): string {
  const base = SKIN[t.skin_shade] ?? SKIN.fair!;
  if (t.ethnicity === 'black' || t.ethnicity === 'african') return shade(base, -0.42);
  if (t.ethnicity === 'latina' || t.ethnicity === 'hispanic') return shade(base, -0.08);
  if (t.ethnicity === 'indian' || t.ethnicity === 'middle_eastern') return shade(base, -0.16);
  if (t.ethnicity === 'asian') return shade(base, 0.05);
  return base;
}

/** The likeness form's hairstyle values ('pixie_cut') as the wizard's ('pixie cut'). */
function styleName(style: string): string {
  return style === 'undercut_pixie_bob' ? 'undercut pixie-bob' : style.replace(/_/g, ' ');
}

/** Hair drawn behind the head and shoulders. */
function backHair(likenessOrWizardStyle: string, hair: string, r: Rng): string {
  const style = styleName(likenessOrWizardStyle);
  const dark = shade(hair, -0.25);
  const sway = f((r() - 0.5) * 20);
  switch (style) {
    case 'pixie cut':
    case 'undercut pixie-bob':
      return `<ellipse cx="256" cy="180" rx="90" ry="100" fill="${hair}"/>`;
    case 'bob cut':
      return `<path d="M160 190 Q160 86 256 86 Q352 86 352 190 L356 290 Q300 306 256 300 Q212 306 156 290 Z" fill="${hair}"/>`;
    case 'high ponytail':
      return `<ellipse cx="256" cy="178" rx="90" ry="100" fill="${hair}"/>
<path d="M300 96 Q${f(392 + Number(sway))} 120 372 250 Q360 330 330 380 Q352 290 330 200 Q318 140 296 112 Z" fill="${dark}"/>`;
    case 'dutch braid': {
      const links = Array.from(
        { length: 7 },
        (_, i) =>
          `<ellipse cx="${f(318 + i * 4)}" cy="${f(250 + i * 26)}" rx="20" ry="16" fill="${i % 2 ? hair : dark}"/>`,
      ).join('');
      return `<ellipse cx="256" cy="180" rx="92" ry="102" fill="${hair}"/>${links}`;
    }
    case 'messy buns':
      return `<circle cx="186" cy="96" r="40" fill="${dark}"/><circle cx="326" cy="96" r="40" fill="${dark}"/>
<ellipse cx="256" cy="180" rx="90" ry="100" fill="${hair}"/>`;
    case 'chignon':
      return `<ellipse cx="256" cy="180" rx="90" ry="100" fill="${hair}"/><ellipse cx="256" cy="268" rx="56" ry="34" fill="${dark}"/>`;
    case 'french twist':
      return `<ellipse cx="256" cy="176" rx="92" ry="104" fill="${hair}"/>
<path d="M300 110 Q346 170 318 270 Q300 300 290 280 Q318 200 288 120 Z" fill="${dark}"/>`;
    case 'shag cut':
      return `<path d="M150 190 Q150 80 256 80 Q362 80 362 190 L380 330 L350 318 L360 360 L320 340 L300 370 L256 350 L212 370 L192 340 L152 360 L162 318 L132 330 Z" fill="${hair}"/>`;
    default:
      // blunt bangs and anything else: long straight hair over the shoulders.
      return `<path d="M152 190 Q152 82 256 82 Q360 82 360 190 L372 400 Q256 420 140 400 Z" fill="${hair}"/>`;
  }
}

/** Hair over the forehead. */
function frontHair(likenessOrWizardStyle: string, hair: string): string {
  const style = styleName(likenessOrWizardStyle);
  const dark = shade(hair, -0.2);
  switch (style) {
    case 'blunt bangs':
      return `<path d="M176 170 Q172 100 256 96 Q340 100 336 170 L336 176 L176 176 Z" fill="${hair}"/>`;
    case 'pixie cut':
      return `<path d="M170 180 Q166 96 256 92 Q346 96 342 170 Q300 120 240 150 Q200 160 170 180 Z" fill="${hair}"/>`;
    case 'undercut pixie-bob':
      return `<path d="M172 200 Q160 96 256 92 Q350 96 346 190 Q320 130 262 136 Q206 140 172 200 Z" fill="${hair}"/><path d="M176 190 L172 230" stroke="${dark}" stroke-width="6"/>`;
    case 'bob cut':
      return `<path d="M172 210 Q166 100 256 96 Q346 100 340 210 Q330 140 256 130 Q182 140 172 210 Z" fill="${hair}"/>`;
    case 'shag cut':
      return `<path d="M172 190 Q170 98 256 94 Q342 98 340 190 L326 160 L310 176 L296 146 L276 168 L256 140 L236 168 L216 146 L202 176 L186 160 Z" fill="${hair}"/>`;
    default:
      // swept back (ponytail, buns, chignon, twist, braid) or a soft side part.
      return `<path d="M174 176 Q176 100 256 96 Q336 100 338 176 Q320 124 256 120 Q200 124 174 176 Z" fill="${hair}"/>`;
  }
}

function torso(t: PortraitTraits, skin: string, top: string): string {
  const width =
    { slim: 118, fit: 132, curvy: 142, fat: 166, thin: 112, athletic: 132, average: 130 }[t.body_type] ?? 132;
  const bust = { small: 8, medium: 16, large: 26, huge: 36 }[t.breast_size] ?? 16;
  const waist = t.body_type === 'curvy' ? 18 : t.body_type === 'fat' ? -6 : 8;
  const l = 256 - width;
  const rr = 256 + width;
  const neckline = 372;
  // Shoulders and arms (skin), then the top: a scoop neckline with a soft bust curve, tapering at the waist.
  return `<path d="M${l} 512 L${l} 430 Q${l} 356 ${l + 60} 344 L222 330 L290 330 L${rr - 60} 344 Q${rr} 356 ${rr} 430 L${rr} 512 Z" fill="${skin}"/>
<path d="M${l + 26} 512 L${l + 30 + waist} 470 Q${l + 18} ${f(430 - bust / 2)} ${l + 40} 372 Q${l + 46} 352 ${l + 64} 350
Q220 ${neckline + 26} 256 ${neckline + 28} Q292 ${neckline + 26} ${rr - 64} 350 Q${rr - 46} 352 ${rr - 40} 372
Q${rr - 18} ${f(430 - bust / 2)} ${rr - 30 - waist} 470 L${rr - 26} 512 Z" fill="${top}"/>
<path d="M${206 - bust} ${f(420 + bust / 3)} Q${f(226 - bust / 3)} ${f(440 + bust)} 252 ${f(424 + bust / 2)}" fill="none" stroke="${shade(top, -0.28)}" stroke-width="3" stroke-linecap="round"/>
<path d="M${306 + bust} ${f(420 + bust / 3)} Q${f(286 + bust / 3)} ${f(440 + bust)} 260 ${f(424 + bust / 2)}" fill="none" stroke="${shade(top, -0.28)}" stroke-width="3" stroke-linecap="round"/>
<path d="M${l + 64} 350 L${l + 74} 340" stroke="${shade(top, -0.2)}" stroke-width="10" stroke-linecap="round"/>
<path d="M${rr - 64} 350 L${rr - 74} 340" stroke="${shade(top, -0.2)}" stroke-width="10" stroke-linecap="round"/>`;
}

function face(t: PortraitTraits, skin: string, hair: string, r: Rng): string {
  const eye = t.ethnicity === 'asian' ? '#3a2618' : pick(EYES, r);
  const eyeRy = t.ethnicity === 'asian' ? 7 : 10;
  const lips = pick(['#c0485a', '#b5374b', '#d46a7a', '#a8424f', '#cf5c6b'], r);
  const brow = shade(hair, -0.35);
  const line = shade(skin, -0.35);
  const smile = f(6 + r() * 6);
  const eyeY = 206;
  const eyes = [216, 296]
    .map(
      (x) => `<ellipse cx="${x}" cy="${eyeY}" rx="19" ry="${eyeRy}" fill="#fff"/>
<circle cx="${x}" cy="${eyeY}" r="${eyeRy - 1}" fill="${eye}"/><circle cx="${x}" cy="${eyeY}" r="4" fill="#111"/>
<circle cx="${x + 3}" cy="${eyeY - 3}" r="2" fill="#fff"/>
<path d="M${x - 21} ${eyeY - 2} Q${x} ${eyeY - eyeRy - 8} ${x + 21} ${eyeY - 3}" fill="none" stroke="#1b1414" stroke-width="3.5" stroke-linecap="round"/>`,
    )
    .join('');
  const age =
    t.age >= 40
      ? `<path d="M206 ${eyeY + 16} q10 4 20 0 M286 ${eyeY + 16} q10 4 20 0" stroke="${line}" stroke-width="1.5" fill="none" opacity="0.6"/>`
      : '';
  return `<rect x="226" y="268" width="60" height="80" rx="20" fill="${skin}"/>
<path d="M226 300 Q256 330 286 300 L286 320 Q256 344 226 320 Z" fill="${shade(skin, -0.15)}"/>
<ellipse cx="172" cy="214" rx="12" ry="20" fill="${skin}"/><ellipse cx="340" cy="214" rx="12" ry="20" fill="${skin}"/>
<path d="M176 190 Q176 96 256 96 Q336 96 336 190 Q336 262 292 296 Q256 318 220 296 Q176 262 176 190 Z" fill="${skin}"/>
<ellipse cx="206" cy="246" rx="18" ry="10" fill="#ff7a8a" opacity="0.22"/><ellipse cx="306" cy="246" rx="18" ry="10" fill="#ff7a8a" opacity="0.22"/>
<path d="M194 180 Q216 168 238 178" fill="none" stroke="${brow}" stroke-width="5" stroke-linecap="round"/>
<path d="M274 178 Q296 168 318 180" fill="none" stroke="${brow}" stroke-width="5" stroke-linecap="round"/>
${eyes}${age}
<path d="M256 214 Q250 240 246 248 Q256 254 266 248" fill="none" stroke="${line}" stroke-width="2.5" stroke-linecap="round"/>
<path d="M232 270 Q256 ${f(262 - Number(smile) / 3)} 280 270 Q256 ${f(276 + Number(smile))} 232 270 Z" fill="${lips}"/>
<path d="M232 270 Q256 276 280 270" fill="none" stroke="${shade(lips, -0.3)}" stroke-width="1.5"/>`;
}

const DEFAULT_TRAITS: PortraitTraits = {
  age: 25,
  ethnicity: 'caucasian',
  hair_color: 'brunette',
  hairstyle: 'high ponytail',
  skin_shade: 'fair',
  body_type: 'slim',
  breast_size: 'medium',
  butt: 'medium',
};

/**
 * Her face and hair come from her traits alone (not the seed): her portrait and every photo of her
 * show the identical face drawing, whatever the seed and the scene (decision 0021).
 */
function lookOf(t: PortraitTraits): Rng {
  return seeded(
    hash(
      [t.age, t.ethnicity, t.hair_color, t.hairstyle, t.skin_shade, t.body_type, t.breast_size, t.butt].join(
        '|',
      ),
    ),
  );
}

/** She herself, at the same place in every picture: hair, body in `top`, what lies on the top, face. */
function herFigure(t: PortraitTraits, top: string, onTop = ''): string {
  const look = lookOf(t);
  const skin = skinColour(t);
  const hair = HAIR[t.hair_color] ?? HAIR.brunette!;
  return `${backHair(t.hairstyle, hair, look)}
${torso(t, skin, top)}${onTop}
${face(t, skin, hair, look)}
${frontHair(t.hairstyle, hair)}`;
}

function svgOf(request: ImageRequest, defs: string, content: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${request.width}" height="${request.height}" viewBox="0 0 512 512" preserveAspectRatio="xMidYMid slice">
<defs>${defs}</defs>
${content}
<rect x="206" y="484" width="100" height="20" rx="10" fill="#000" opacity="0.45"/>
<text x="256" y="498" font-family="DejaVu Sans, Arial, sans-serif" font-size="12" fill="#fff" text-anchor="middle">${label}</text>
</svg>`;
}

/** The SVG of her portrait: her shapes from the traits, the background and her top from the seed. */
export function portraitSvg(request: ImageRequest): string {
  const t = request.traits ?? DEFAULT_TRAITS;
  const r = seeded(request.seed);
  const [bgA, bgB] = pick(BACKGROUNDS, r) as [string, string];
  const angle = Math.floor(r() * 4) * 45;
  const top = (t.occupation && OCCUPATION_TOPS[t.occupation]) || pick(TOPS, r);
  const sparkles = Array.from(
    { length: 10 },
    () =>
      `<circle cx="${f(r() * 512)}" cy="${f(r() * 300)}" r="${f(2 + r() * 10)}" fill="#fff" opacity="${f(0.1 + r() * 0.25)}"/>`,
  ).join('');
  return svgOf(
    request,
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient>`,
    `<rect width="512" height="512" fill="url(#bg)"/>${sparkles}\n${herFigure(t, top)}`,
    'демо-портрет',
  );
}

/**
 * The SVG of a photo of her (`request.scene` set): the same figure and face as her portrait, in the
 * scene's place and in the outfit colour it names (drawScene), labelled "демо-фото".
 */
export function photoSvg(request: ImageRequest): string {
  const t = request.traits ?? DEFAULT_TRAITS;
  const scene = drawScene(sceneInEnglish(request.scene ?? ''), seeded(request.seed));
  const top =
    scene.outfit ?? ((t.occupation && OCCUPATION_TOPS[t.occupation]) || pick(TOPS, seeded(request.seed)));
  return svgOf(
    request,
    scene.defs,
    `${scene.behind}\n${herFigure(t, top, scene.onTop(top))}\n${scene.front}`,
    'демо-фото',
  );
}

async function render(request: ImageRequest): Promise<Buffer> {
  const sharp = await loadSharp();
  const svg = request.scene === undefined ? portraitSvg(request) : photoSvg(request);
  // Fixed encoder settings keep the bytes identical for the same SVG.
  return sharp(Buffer.from(svg))
    .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
    .toBuffer();
}

export function createOfflineImage(): ImagePort {
  return {
    adapter: 'offline',
    offline: true,
    describe: () =>
      'image: OFFLINE stand-in portraits drawn from the traits (set IMAGE_PROVIDER=venice or automatic1111 for real generation)',
    async generate(request) {
      return { images: [await render(request)], model: request.model, seed: request.seed };
    },
  };
}
