import { Svg } from '../../shared/ui/icons.tsx';

/** The voice icons, drawn as the app's others (shared/ui/icons.tsx): decorative, named by their button. */
export function MicIcon() {
  return (
    <Svg>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </Svg>
  );
}

export function SpeakerIcon() {
  return (
    <Svg width="16" height="16">
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7" />
    </Svg>
  );
}

export function StopIcon() {
  return (
    <Svg width="16" height="16">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </Svg>
  );
}

export function PhoneIcon() {
  return (
    <Svg>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </Svg>
  );
}
