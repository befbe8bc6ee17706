import { Button, Text } from '@mantine/core';
import {
  MEDIA_DIALOG_TEXTS,
  PREVIEW_CLIPS,
  PREVIEW_PRELOAD_MS,
  type PromoCard,
  promoCardForClip,
  promoCards,
} from '@podruga/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { mediaSrc } from '../../../shared/media.ts';
import { Dialog } from '../../../shared/ui/Dialog.tsx';
import classes from './MediaDialogs.module.css';
import { clipEnded, clipFailed, exhausted, type PreviewCycle, startCycle } from './previewCycle.ts';

/** Shown instead of the players when no clip could be loaded. */
export const PREVIEW_STILL_TEXT = 'Примеры видео сейчас недоступны.';

/**
 * The video preview (001 §2, §4), the upsell for users without Plus: the 20 example clips one after
 * another on two alternating players, the promo cards over them on their schedule, and «Получить Plus».
 * The players live only while the dialog is open: closing it stops the clips and the preload timers, and
 * the next opening starts again from the first clip.
 */
export function VideoPreviewDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog opened={opened} onClose={onClose} title={MEDIA_DIALOG_TEXTS.videoPreviewTitle} size={440}>
      <div className={classes.frame}>{opened && <PreviewPlayers />}</div>
      <Button
        fullWidth
        mt="md"
        color="grape"
        onClick={() => {
          onClose();
          navigate('/plus');
        }}
      >
        {MEDIA_DIALOG_TEXTS.upgrade}
      </Button>
    </Dialog>
  );
}

/** How many priority batches are due: priority p preloads PREVIEW_PRELOAD_MS[p - 1] after opening. */
function usePreloadBatches(): number {
  const [due, setDue] = useState(() => PREVIEW_PRELOAD_MS.filter((ms) => ms <= 0).length);
  useEffect(() => {
    const timers = PREVIEW_PRELOAD_MS.flatMap((ms, i) =>
      ms > 0 ? [setTimeout(() => setDue((d) => Math.max(d, i + 1)), ms)] : [],
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  return due;
}

function PreviewPlayers() {
  const [cycle, setCycle] = useState<PreviewCycle>(() => startCycle(PREVIEW_CLIPS.length));
  const players = useRef<[HTMLVideoElement | null, HTMLVideoElement | null]>([null, null]);
  const cards = useMemo(() => promoCards(), []);
  const due = usePreloadBatches();
  const fail = (clip: number) => setCycle((c) => clipFailed(c, clip));

  const activeClip = cycle.slots[cycle.active];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new clip on screen (or the same one again) plays
  useEffect(() => {
    const player = players.current[cycle.active];
    if (!player || activeClip === null) return;
    // Muted and inline, autoplay is allowed; a refusal leaves the poster-less frame dark, not broken.
    player.play()?.catch(() => {});
  }, [cycle.active, activeClip, cycle.played]);

  if (exhausted(cycle)) return <PreviewStill card={cards[cards.length - 1] as PromoCard} />;

  const card = promoCardForClip(cycle.played);
  return (
    <>
      {cycle.slots.map((clip, slot) => {
        if (clip === null) return null;
        const active = slot === cycle.active;
        return (
          <video
            // biome-ignore lint/suspicious/noArrayIndexKey: the two players are the slots themselves
            key={slot}
            ref={(el) => {
              players.current[slot] = el;
            }}
            className={classes.player}
            data-testid="preview-player"
            data-active={active || undefined}
            src={mediaSrc(PREVIEW_CLIPS[clip]?.src) ?? undefined}
            muted
            playsInline
            autoPlay={active}
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            onEnded={() => setCycle((c) => clipEnded(c, slot as 0 | 1))}
            onError={() => fail(clip)}
          />
        );
      })}
      {PREVIEW_CLIPS.map((clip, i) =>
        clip.priority <= due && !cycle.failed.includes(i) ? (
          <video
            key={clip.id}
            className={classes.preload}
            data-testid="preview-preload"
            src={mediaSrc(clip.src) ?? undefined}
            preload="auto"
            muted
            onError={() => fail(i)}
          />
        ) : null,
      )}
      {card !== null && <PromoOverlay card={cards[card - 1] as PromoCard} />}
    </>
  );
}

function PromoOverlay({ card }: { card: PromoCard }) {
  return (
    <div className={classes.promo} data-testid="promo-card">
      <Text fw={700} size="md">
        {card.title}
      </Text>
      <Text size="sm">{card.text}</Text>
    </div>
  );
}

/** No clip could load (the server is still making them): words instead of a broken player. */
function PreviewStill({ card }: { card: PromoCard }) {
  return (
    <div className={classes.still} data-testid="preview-still">
      <Text size="sm" c="gray.4">
        {PREVIEW_STILL_TEXT}
      </Text>
      <Text fw={700} size="lg">
        {card.title}
      </Text>
      <Text size="sm">{card.text}</Text>
    </div>
  );
}
