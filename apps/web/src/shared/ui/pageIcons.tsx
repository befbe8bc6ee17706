import type { SVGProps } from 'react';
import { Svg } from './icons.tsx';

/*
 * The pages' icons (the chat's, the gallery's, the profile's). Apart from the header's and the footer's
 * (icons.tsx): a module is bundled whole, and the first page then carries only the glyphs it shows
 * (DESIGN §8).
 */

export function SendIcon() {
  return (
    <Svg>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </Svg>
  );
}

export function ArrowDownIcon() {
  return (
    <Svg>
      <path d="M12 5v14M19 12l-7 7-7-7" />
    </Svg>
  );
}

export function ImageIcon() {
  return (
    <Svg>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="8.5" cy="8.5" r="1.5" />
      <path d="m21 15-5-5L5 21" />
    </Svg>
  );
}

export function ChevronLeftIcon() {
  return (
    <Svg>
      <path d="m15 18-6-6 6-6" />
    </Svg>
  );
}

export function ChevronRightIcon() {
  return (
    <Svg>
      <path d="m9 18 6-6-6-6" />
    </Svg>
  );
}

export function TrashIcon() {
  return (
    <Svg width="18" height="18">
      <path d="M3 6h18M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
    </Svg>
  );
}

export function PlusIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Svg width="28" height="28" {...props}>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}

/** «Попросить фото»: she takes a picture of herself. */
export function CameraIcon() {
  return (
    <Svg>
      <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3z" />
      <circle cx="12" cy="13" r="3" />
    </Svg>
  );
}

export function VideoIcon() {
  return (
    <Svg>
      <path d="m16 13 5.22 3.48a.5.5 0 0 0 .78-.42V7.94a.5.5 0 0 0-.78-.42L16 11" />
      <rect x="2" y="6" width="14" height="12" rx="2" />
    </Svg>
  );
}
