import { HER_MEDIA_TEXTS, IMAGE_HEIGHT, IMAGE_WIDTH } from '@podruga/shared';
import { type CSSProperties, memo, type ReactNode, useEffect, useState } from 'react';
import { Svg } from '../../../shared/ui/icons.tsx';
import type { ChatMessage, HerMedia as HerMediaState } from '../messages.ts';
import classes from './HerMedia.module.css';
import { progressPercent } from './progress.ts';

/** How often a placeholder's bar moves (a CSS transition smooths the steps). */
const PROGRESS_TICK_MS = 500;

/**
 * Every photo or video of hers takes the same box, sized by the pictures' aspect before anything has
 * loaded, so the list does not jump when a placeholder becomes the photo or a video's metadata arrives.
 */
const FRAME: CSSProperties = { aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}` };

const FAILED_FALLBACK = {
  photo: 'Не получилось сделать фото.',
  video: 'Не получилось снять видео.',
} as const;

/** The time, again every `ms` while `active` (a placeholder's progress); still otherwise. */
function useTicker(active: boolean, ms: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}

function ExpandIcon() {
  return (
    <Svg width="18" height="18">
      <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
    </Svg>
  );
}

function Placeholder({ media }: { media: HerMediaState }) {
  const now = useTicker(true, PROGRESS_TICK_MS);
  const percent = progressPercent(media.startedAt, media.expectedMs, now);
  const label = media.kind === 'video' ? HER_MEDIA_TEXTS.videoPending : HER_MEDIA_TEXTS.photoPending;
  return (
    <div className={classes.placeholder}>
      <span className={classes.label} aria-live="polite">
        {label}
      </span>
      <div
        className={classes.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={classes.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Failed({
  id,
  media,
  onRetry,
}: {
  id: string;
  media: HerMediaState;
  onRetry: ((id: string) => Promise<void> | void) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    if (!onRetry || busy) return;
    setBusy(true);
    try {
      await onRetry(id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={classes.failed}>
      <span className={classes.error}>{media.error ?? FAILED_FALLBACK[media.kind]}</span>
      {media.request && <span className={classes.request}>«{media.request}»</span>}
      {onRetry && (
        <button
          type="button"
          className={classes.retry}
          onClick={() => void retry()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {HER_MEDIA_TEXTS.retry}
        </button>
      )}
    </div>
  );
}

/**
 * Her photo or video in the list (issue 14): while it is made, a placeholder with a progress bar that
 * only the finished picture ends; when it failed, the reason, what was asked for and «Повторить»; when
 * ready, the photo (a tap opens the gallery) or the clip with its controls (and a way into the gallery).
 * A demo made by an offline stand-in says so. A video of an older row without metadata plays as well.
 */
export const HerMedia = memo(function HerMedia({
  message,
  onOpen,
  onRetry,
}: {
  message: ChatMessage;
  /** Opens the photo or video in the chat's gallery. */
  onOpen?: ((id: string) => void) | undefined;
  /** Asks for a failed photo or video again. */
  onRetry?: ((id: string) => Promise<void> | void) | undefined;
}) {
  const { media, image, video } = message;
  const kind = media?.kind ?? (video ? 'video' : 'photo');
  const status = media?.status ?? 'ready';
  let content: ReactNode;
  if (status === 'failed' && media) {
    content = <Failed id={message.id} media={media} onRetry={onRetry} />;
  } else if (status === 'ready' && kind === 'photo' && image) {
    const img = (
      <img className={classes.fill} src={image} alt={message.description ?? 'Её фото'} decoding="async" />
    );
    content = onOpen ? (
      <button
        type="button"
        className={classes.open}
        aria-label="Открыть фото"
        onClick={() => onOpen(message.id)}
      >
        {img}
      </button>
    ) : (
      img
    );
  } else if (status === 'ready' && kind === 'video' && video) {
    content = (
      <>
        {/* biome-ignore lint/a11y/useMediaCaption: her clips have no speech to caption */}
        <video
          className={classes.fill}
          controls
          playsInline
          preload="metadata"
          src={video}
          aria-label="Её видео"
        />
        {onOpen && (
          <button
            type="button"
            className={classes.expand}
            aria-label="Открыть видео в галерее"
            onClick={() => onOpen(message.id)}
          >
            <ExpandIcon />
          </button>
        )}
      </>
    );
  } else if (media) {
    // Pending, or marked ready before its URL came (video_ready is on its way).
    content = <Placeholder media={media} />;
  } else {
    return null;
  }
  return (
    <div
      className={classes.frame}
      style={FRAME}
      data-testid="her-media"
      data-media={kind}
      data-status={status}
    >
      {content}
      {media?.demo && <span className={classes.demo}>{HER_MEDIA_TEXTS.demo}</span>}
    </div>
  );
});
