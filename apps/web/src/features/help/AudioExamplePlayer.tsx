import { ActionIcon, Group, Loader, Slider, Text } from '@mantine/core';
// Only the guide uses a slider: its styles load with the guide, not with the first page (app/styles.ts).
import '@mantine/core/styles/Slider.css';
import { useEffect, useRef, useState } from 'react';
import { Svg } from '../../shared/ui/icons.tsx';
import classes from './HelpDialog.module.css';

export const PLAYER_TEXTS = {
  play: 'Слушать',
  pause: 'Пауза',
  loading: 'Загружается',
  position: 'Позиция',
  failed: 'Не удалось загрузить пример. Попробуйте ещё раз.',
  transcript: 'Текст',
} as const;

type Status = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

/**
 * The example playing now: starting another pauses it (one voice at a time). Her messages' «Послушать»
 * player is not told (importing it would split voice/listen.ts out of the chat chunk and grow the first
 * load): a message already playing when the guide opens plays on; the guide is modal, so nothing new
 * starts there while it is open.
 */
let current: HTMLAudioElement | null = null;

/** 75.4 → «1:15». */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function PlayIcon() {
  return (
    <Svg width="18" height="18">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </Svg>
  );
}

function PauseIcon() {
  return (
    <Svg width="18" height="18">
      <path d="M8 5v14M16 5v14" strokeWidth="3" />
    </Svg>
  );
}

export interface AudioExamplePlayerProps {
  src: string;
  title: string;
  caption: string;
  /** What she says: the transcript under the player. */
  lines: readonly string[];
}

/**
 * One audio example of the help guide: play/pause, position and duration. Nothing loads before the
 * first press (the element has no source until then); a recording that cannot be had says so, and the
 * next press asks again.
 */
export function AudioExamplePlayer({ src, title, caption, lines }: AudioExamplePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);

  // Closing the guide stops the example.
  useEffect(() => {
    const element = audio.current;
    return () => {
      if (!element) return;
      element.pause();
      if (current === element) current = null;
    };
  }, []);

  async function toggle() {
    const element = audio.current;
    if (!element) return;
    if (status === 'playing' || status === 'loading') {
      element.pause();
      setStatus('paused');
      return;
    }
    // First press, or again after a failure: (re)load the source.
    if (status === 'idle' || status === 'error' || !element.getAttribute('src')) element.src = src;
    if (current && current !== element) current.pause();
    current = element;
    setStatus('loading');
    try {
      await element.play();
    } catch (error) {
      // A pause pressed while it loaded aborts the play: not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setStatus('error');
    }
  }

  const busy = status === 'loading';
  const playing = status === 'playing' || busy;
  const known = duration !== null && Number.isFinite(duration) && duration > 0;

  return (
    <figure className={classes.audioExample} aria-label={title}>
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon
          size="lg"
          radius="xl"
          variant="filled"
          onClick={() => void toggle()}
          aria-label={`${playing ? PLAYER_TEXTS.pause : PLAYER_TEXTS.play}: ${title}`}
          aria-busy={busy || undefined}
        >
          {busy ? <Loader size={16} color="white" /> : playing ? <PauseIcon /> : <PlayIcon />}
        </ActionIcon>
        <div className={classes.audioBody}>
          <Text size="sm" fw={500}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
          <div className={classes.audioProgress}>
            <Slider
              className={classes.audioSlider}
              size="sm"
              min={0}
              max={known ? duration : 1}
              step={1}
              value={known ? Math.min(time, duration) : 0}
              disabled={!known}
              label={null}
              thumbLabel={`${PLAYER_TEXTS.position}: ${title}`}
              thumbValueText={(value) => (known ? `${clockTime(value)} из ${clockTime(duration)}` : '')}
              onChange={(value) => {
                setTime(value);
                if (audio.current) audio.current.currentTime = value;
              }}
            />
            <Text size="xs" c="dimmed" className={classes.audioTime} data-testid="audio-time">
              {clockTime(time)} / {known ? clockTime(duration) : '–:––'}
            </Text>
          </div>
          {status === 'error' && (
            <Text size="xs" c="red" role="alert" mt={4}>
              {PLAYER_TEXTS.failed}
            </Text>
          )}
          <details className={classes.transcript}>
            <summary>{PLAYER_TEXTS.transcript}</summary>
            {lines.map((line) => (
              <Text key={line} size="xs" mt={4}>
                {line}
              </Text>
            ))}
          </details>
        </div>
      </Group>
      {/* biome-ignore lint/a11y/useMediaCaption: a spoken example; its words are in the transcript beside it */}
      <audio
        ref={audio}
        preload="none"
        onPlaying={() => setStatus('playing')}
        onWaiting={() => setStatus((s) => (s === 'playing' ? 'loading' : s))}
        onPause={() => setStatus((s) => (s === 'error' || s === 'idle' ? s : 'paused'))}
        onEnded={() => {
          setStatus('paused');
          setTime(0);
        }}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onError={() => {
          if (audio.current?.getAttribute('src')) setStatus('error');
        }}
      />
    </figure>
  );
}
