import { Text } from '@mantine/core';
import { IMAGE_HEIGHT, IMAGE_WIDTH, PRODUCT_FEATURES, SCROLL_TO_BOTTOM_THRESHOLD_PX } from '@podruga/shared';
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { relativeTime } from '../../shared/format/relativeTime.ts';
import { ArrowDownIcon } from '../../shared/ui/pageIcons.tsx';
import { canListen, ListenButton } from '../voice/ListenButton.tsx';
import classes from './ChatPage.module.css';
import own from './MessageList.module.css';
import { type ChatMessage, isRetryable } from './messages.ts';
import { RoundIconButton } from './RoundIconButton.tsx';
import type { LimitStatus } from './store.ts';
import { voiceCallDetail, voiceCallLabel } from './voiceCall.ts';

/**
 * The daily-limit card loads when a chat first shows one: most chats never reach their limit, and the
 * card's buttons (registration, install, Plus, support) stay out of the chat's first load (DESIGN §8).
 */
/**
 * Her photos and videos (issue 14) load with the first one shown: most chats' first paint has none
 * (DESIGN §8). Until then, an empty frame of the same size, so the list does not jump.
 */
const HerMedia = lazy(() => import('./media/HerMedia.tsx').then((m) => ({ default: m.HerMedia })));
const MEDIA_FRAME = {
  width: 'min(280px, 68vw)',
  aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}`,
  marginBottom: 4,
} as const;
const RateLimitCard = lazy(() => import('./RateLimitCard.tsx').then((m) => ({ default: m.RateLimitCard })));
/**
 * Her crisis reply's links (issue 27) load with the first one shown: until then her text, as it is.
 */
const CrisisReply = lazy(() => import('../crisis/CrisisReply.tsx').then((m) => ({ default: m.CrisisReply })));

/** Beside the stamp of her reminder to take a break after a long session (issue 27): a quiet word. */
export const BREAK_REMINDER_MARK = 'напоминание о перерыве';

/** Re-renders the stamps every half minute so «только что» becomes «1 минуту назад». */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const Bubble = memo(function Bubble({
  message,
  now,
  limit,
  onOpenImage,
  onRetry,
  onRetryMedia,
  onContinue,
  listen,
}: {
  message: ChatMessage;
  /** Her reply cut short and the chat's newest message: «Продолжить» (issue 17). */
  onContinue?: ((id: string) => void) | undefined;
  now: number;
  /** Her voice is live: her text messages get «Послушать» (issue 15). */
  listen: boolean;
  /** The user's limit now: cards only (other bubbles get null and skip its changes). */
  limit: LimitStatus | null;
  onOpenImage?: ((id: string) => void) | undefined;
  onRetry?: ((id: string) => void) | undefined;
  onRetryMedia?: ((id: string) => Promise<void> | void) | undefined;
}) {
  if (message.type === 'rate_limit') {
    return (
      <Suspense fallback={null}>
        <RateLimitCard message={message} limit={limit} now={now} />
      </Suspense>
    );
  }
  if (message.type === 'voice_call') {
    const detail = voiceCallDetail(message.status, message.duration);
    return (
      <div
        className={classes.row}
        data-sender={message.sender}
        data-testid="chat-message"
        data-call-status={message.status ?? undefined}
      >
        <div className={classes.bubble}>
          <strong>Голосовой звонок</strong> · {voiceCallLabel(message.status, message.duration)}
          {detail && ` · ${detail}`}
        </div>
      </div>
    );
  }
  return (
    <div
      className={classes.row}
      data-sender={message.sender}
      data-pending={message.pending || undefined}
      data-failed={message.failed || undefined}
      data-kind={message.crisis ? 'crisis' : message.breakReminder ? 'break-reminder' : undefined}
      data-testid="chat-message"
    >
      {message.media || message.video ? (
        <Suspense fallback={<div style={MEDIA_FRAME} />}>
          <HerMedia message={message} onOpen={onOpenImage} onRetry={onRetryMedia} />
        </Suspense>
      ) : (
        message.image &&
        (onOpenImage ? (
          <button
            type="button"
            className={classes.imageButton}
            aria-label="Открыть фото"
            onClick={() => onOpenImage(message.id)}
          >
            <img className={classes.image} src={message.image} alt={message.description ?? 'Изображение'} />
          </button>
        ) : (
          <img className={classes.image} src={message.image} alt={message.description ?? 'Изображение'} />
        ))
      )}
      {message.crisis && !message.streaming ? (
        // Her message like any other, with the help lines as links: never styled as an error.
        <div className={classes.bubble}>
          <Suspense fallback={message.text}>
            <CrisisReply text={message.text} lines={message.crisis.lines} />
          </Suspense>
        </div>
      ) : (
        (message.text || message.streaming) && (
          <div
            className={`${classes.bubble} ${message.streaming ? classes.cursor : ''} ${message.failed ? own.unsent : ''}`}
          >
            {message.text}
          </div>
        )
      )}
      <span className={classes.stamp}>
        {message.streaming ? 'печатает…' : relativeTime(message.timestamp, now)}
        {message.breakReminder && <span className={own.careMark}> · {BREAK_REMINDER_MARK}</span>}
        {listen &&
          message.sender === 'assistant' &&
          message.type === 'text' &&
          !message.streaming &&
          !message.media &&
          !message.video &&
          message.text &&
          canListen(message.id) && <ListenButton messageId={message.id} />}
      </span>
      {message.failed && (
        <span className={own.failedMark}>
          Не отправлено
          {onRetry && isRetryable(message) && (
            <button type="button" className={own.retry} onClick={() => onRetry(message.id)}>
              Отправить ещё раз
            </button>
          )}
        </span>
      )}
      {message.interrupted && (
        <span className={own.interruptedMark}>
          Ответ прервался
          {onContinue && (
            <button type="button" className={own.retry} onClick={() => onContinue(message.id)}>
              Продолжить
            </button>
          )}
        </span>
      )}
    </div>
  );
});

function TypingIndicator() {
  return (
    <div className={classes.typing} role="status" aria-label="Подруга печатает">
      <span className={classes.dot} />
      <span className={classes.dot} />
      <span className={classes.dot} />
    </div>
  );
}

function distanceFromBottom(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * The message list: bubbles, the typing dots, and the scroll-to-bottom button shown when the view is
 * more than 150 px from the bottom. New messages keep the view at the bottom when it already was there.
 */
export const MessageList = memo(function MessageList({
  messages,
  typing,
  limit = null,
  empty,
  onOpenImage,
  onRetry,
  onRetryMedia,
  onContinue,
  listen = PRODUCT_FEATURES.voiceMessages,
}: {
  messages: readonly ChatMessage[];
  typing: boolean;
  /** The user's daily limit as known now: the cards show it. */
  limit?: LimitStatus | null;
  empty?: string;
  /** Opens a message's photo in the gallery. */
  onOpenImage?: (id: string) => void;
  /** Sends a message that did not go through again. */
  onRetry?: (id: string) => void;
  /** Asks for her failed photo or video again (media/retry.ts). */
  onRetryMedia?: (id: string) => Promise<void> | void;
  /** Her reply cut short goes on from its text (issue 17): offered on the chat's newest message only. */
  onContinue?: (id: string) => void;
  /** Her voice is live (issue 15; tests pass their own). */
  listen?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [away, setAway] = useState(false);
  const now = useNow(30_000);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const distance = distanceFromBottom(el);
    stick.current = distance <= SCROLL_TO_BOTTOM_THRESHOLD_PX;
    setAway(distance > SCROLL_TO_BOTTOM_THRESHOLD_PX);
  }, []);

  const last = messages.at(-1);
  const lastKey = `${messages.length}:${last?.id}:${last?.text.length}:${typing}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the last message or the dots change
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  const toBottom = () => {
    const el = ref.current;
    if (!el) return;
    stick.current = true;
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div className={classes.listWrap}>
      <div ref={ref} className={classes.list} onScroll={onScroll} aria-live="polite" data-testid="chat-list">
        {messages.length === 0 && empty && (
          <Text c="dimmed" ta="center" mt="xl">
            {empty}
          </Text>
        )}
        {messages.map((m) => (
          <Bubble
            key={m.id}
            message={m}
            now={now}
            limit={m.type === 'rate_limit' ? limit : null}
            onOpenImage={onOpenImage}
            onRetry={onRetry}
            onRetryMedia={onRetryMedia}
            onContinue={m === last && m.sender === 'assistant' && !typing ? onContinue : undefined}
            listen={listen}
          />
        ))}
        {typing && <TypingIndicator />}
      </div>
      {away && (
        <RoundIconButton className={classes.toBottom} label="Вниз к новым сообщениям" onClick={toBottom}>
          <ArrowDownIcon />
        </RoundIconButton>
      )}
    </div>
  );
});
