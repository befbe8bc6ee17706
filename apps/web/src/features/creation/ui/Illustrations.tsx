import type { ReactNode } from 'react';
import classes from './creation.module.css';

/**
 * Stylised line drawings for the step-one picture choices (the original shows photos; we draw dressed,
 * abstract figures instead). Decorative: the buttons carry the names.
 */

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" focusable="false" aria-hidden="true">
      {children}
    </svg>
  );
}

/** Shoulder, waist and hem half-widths of a dress silhouette per body type. */
const BODY: Record<string, { shoulder: number; waist: number; hem: number }> = {
  fit: { shoulder: 11, waist: 7.5, hem: 12 },
  slim: { shoulder: 8.5, waist: 5.5, hem: 9.5 },
  curvy: { shoulder: 11, waist: 6.5, hem: 16 },
  fat: { shoulder: 13, waist: 12, hem: 17 },
};

export function BodyFigure({ type }: { type: string }) {
  const b = BODY[type] ?? { shoulder: 10, waist: 7, hem: 12 };
  const c = 32;
  const dress = `M${c - b.shoulder} 22 Q${c - b.waist - 1} 30 ${c - b.waist} 34 Q${c - b.hem} 44 ${c - b.hem} 54
    L${c + b.hem} 54 Q${c + b.hem} 44 ${c + b.waist} 34 Q${c + b.waist + 1} 30 ${c + b.shoulder} 22 Z`;
  return (
    <Frame>
      <circle cx={c} cy={12} r={6} {...STROKE} />
      <path d={`M${c} 18 v4`} {...STROKE} />
      <path d={dress} {...STROKE} />
      <path d={`M${c - 4} 54 v6 M${c + 4} 54 v6`} {...STROKE} />
    </Frame>
  );
}

const BUST: Record<string, number> = { small: 6, medium: 8, large: 10, huge: 12 };

/** A swimsuit top outline whose cups grow with the size. */
export function BustFigure({ size }: { size: string }) {
  const r = BUST[size] ?? 8;
  const y = 34;
  return (
    <Frame>
      <path d={`M${32 - r * 2} ${y} A${r} ${r} 0 0 0 32 ${y}`} {...STROKE} />
      <path d={`M32 ${y} A${r} ${r} 0 0 0 ${32 + r * 2} ${y}`} {...STROKE} />
      <path
        d={`M${32 - r * 2} ${y} L${32 - r * 2 + 2} 16 M${32 + r * 2} ${y} L${32 + r * 2 - 2} 16`}
        {...STROKE}
      />
      <path d={`M${32 - r * 2} ${y} H12 M${32 + r * 2} ${y} H52`} {...STROKE} opacity={0.5} />
    </Frame>
  );
}

const HIPS: Record<string, { width: number; curve: number }> = {
  fit: { width: 13, curve: 3 },
  small: { width: 11, curve: 1.5 },
  medium: { width: 14, curve: 4 },
  large: { width: 17, curve: 6 },
};

/** Shorts seen from behind, wider and rounder with the shape. */
export function HipsFigure({ shape }: { shape: string }) {
  const h = HIPS[shape] ?? { width: 14, curve: 4 };
  const c = 32;
  const top = 20;
  const path = `M${c - h.width + 3} ${top} H${c + h.width - 3}
    Q${c + h.width + h.curve} ${top + 12} ${c + h.width} ${top + 24} L${c + 2} ${top + 24} L${c} ${top + 14}
    L${c - 2} ${top + 24} L${c - h.width} ${top + 24} Q${c - h.width - h.curve} ${top + 12} ${c - h.width + 3} ${top} Z`;
  return (
    <Frame>
      <path d={path} {...STROKE} />
      <path d={`M${c - h.width + 3} ${top + 4} H${c + h.width - 3}`} {...STROKE} opacity={0.5} />
    </Frame>
  );
}

/** A round colour sample (hair colours, skin tones). */
export function Swatch({ color }: { color: string }) {
  return <span style={{ background: color }} className={classes.swatch} />;
}
