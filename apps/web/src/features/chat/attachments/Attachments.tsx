import { ActionIcon } from '@mantine/core';
import { HER_MEDIA_TEXTS, isPlusActive, PRODUCT_FEATURES, type ProductFeature } from '@podruga/shared';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { CameraIcon, ImageIcon, PlusIcon, VideoIcon } from '../../../shared/ui/pageIcons.tsx';
import { useAuth } from '../../auth/store.ts';
import { startVoiceCall } from '../../voice/call/store.ts';
import { MicIcon, PhoneIcon } from '../../voice/icons.tsx';
import { VOICE_LABELS } from '../../voice/labels.ts';
import { useVoiceDialog } from '../../voice/store.ts';
import { openVideoDialog, useMediaDialogs } from '../mediaDialogs.ts';
import classes from './Attachments.module.css';

/** 000 §2: below this width (phones, narrow windows) the attachments hide behind one "+" button. */
export const NARROW_ATTACHMENTS_QUERY = '(max-width: 48em)';

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(NARROW_ATTACHMENTS_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_ATTACHMENTS_QUERY).matches;
}

/** The screen is narrow now, and follows it as the window turns or resizes. */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
}

/** Plus as it is at the moment of the tap (000 §4 "Video button"): an expiry passed since the render counts. */
function plusActiveNow(): boolean {
  const { user } = useAuth.getState();
  return user !== null && isPlusActive(user);
}

interface Attachment {
  label: string;
  /** The icon button's name where it differs from the label. */
  name?: string;
  icon: ReactNode;
  run: () => void;
}

type MediaFeatures = Pick<Record<ProductFeature, boolean>, 'companionPhotos' | 'videos'> &
  Partial<Pick<Record<ProductFeature, boolean>, 'voiceMessages' | 'voiceCalls'>>;

/**
 * The attachments of 000 §2 that exist: the photo upload, the voice message and the call once they exist
 * (issue 15),
 * the photo request tips once she sends photos,
 * the video button once videos exist (Plus → the video tips, others → the preview with the upgrade).
 */
function attachments(onAttachPhoto: (() => void) | undefined, features: MediaFeatures): Attachment[] {
  const list: Attachment[] = [];
  if (onAttachPhoto) {
    // The icon alone says less than the menu's «Фото»: the button is named as the dialog it opens.
    list.push({
      label: HER_MEDIA_TEXTS.attachPhoto,
      name: 'Отправить фото',
      icon: <ImageIcon />,
      run: onAttachPhoto,
    });
  }
  if (features.voiceMessages) {
    list.push({
      label: VOICE_LABELS.attach,
      name: VOICE_LABELS.attachName,
      icon: <MicIcon />,
      run: () => useVoiceDialog.getState().show(),
    });
  }
  if (features.voiceCalls) {
    list.push({
      label: VOICE_LABELS.call,
      name: VOICE_LABELS.callName,
      icon: <PhoneIcon />,
      run: startVoiceCall,
    });
  }
  if (features.companionPhotos) {
    list.push({
      label: HER_MEDIA_TEXTS.attachImageTips,
      icon: <CameraIcon />,
      run: () => useMediaDialogs.getState().show('imageInstructions'),
    });
  }
  if (features.videos) {
    list.push({
      label: HER_MEDIA_TEXTS.attachVideo,
      icon: <VideoIcon />,
      run: () => openVideoDialog(plusActiveNow()),
    });
  }
  return list;
}

/**
 * The chat's attachments (000 §2): inline buttons beside the input on wide screens, one "+" menu on
 * narrow ones. A single attachment is always its own button: a menu of one is one tap too many.
 */
export function Attachments({
  onAttachPhoto,
  disabled,
  features = PRODUCT_FEATURES,
}: {
  onAttachPhoto?: () => void;
  disabled?: boolean;
  /** Which media features are live (tests pass their own). */
  features?: MediaFeatures;
}) {
  const narrow = useNarrowScreen();
  const list = attachments(onAttachPhoto, features);
  if (narrow && list.length > 1) return <AttachMenu items={list} disabled={disabled} />;
  return (
    <>
      {list.map((item) => (
        <ActionIcon
          key={item.label}
          size={42}
          radius="xl"
          variant="subtle"
          color="grape"
          aria-label={item.name ?? item.label}
          title={item.name ?? item.label}
          onClick={item.run}
          disabled={disabled}
        >
          {item.icon}
        </ActionIcon>
      ))}
    </>
  );
}

const ITEM_SELECTOR = '[role="menuitem"]';

/**
 * The "+" menu (WAI-ARIA menu button): opens with its first item focused; arrows, Home and End move
 * between the items; Escape closes it and gives the focus back to "+"; Tab or a tap outside closes it.
 * Written here rather than Mantine's Menu, which would bring floating-ui into the chat's first load
 * (~15 KB gzip, DESIGN §8) for three buttons.
 */
function AttachMenu({ items, disabled }: { items: Attachment[]; disabled: boolean | undefined }) {
  // Which item takes the focus on opening: ArrowUp on "+" starts from the last one (WAI-ARIA menu button).
  const [opening, setOpening] = useState<'first' | 'last' | null>(null);
  const open = opening !== null;
  const setOpen = (to: boolean) => setOpening(to ? 'first' : null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (opening === null) return;
    const entries = rootRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR);
    entries?.[opening === 'first' ? 0 : entries.length - 1]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpening(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [opening]);

  useEffect(() => {
    if (disabled) setOpening(null);
  }, [disabled]);

  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeToButton();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const entries = [...(rootRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    if (entries.length === 0) return;
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % entries.length,
      ArrowUp: (at - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    const target = to[event.key];
    if (target === undefined) return;
    event.preventDefault();
    entries[target]?.focus();
  };

  return (
    <div ref={rootRef} className={classes.root}>
      <ActionIcon
        ref={buttonRef}
        size={42}
        radius="xl"
        variant="subtle"
        color="grape"
        aria-label={HER_MEDIA_TEXTS.attachMenu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpening(event.key === 'ArrowDown' ? 'first' : 'last');
          } else if (open && event.key === 'Escape') {
            event.preventDefault();
            setOpen(false);
          }
        }}
        disabled={disabled}
      >
        <PlusIcon width="24" height="24" className={open ? classes.plusOpen : classes.plus} />
      </ActionIcon>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={HER_MEDIA_TEXTS.attachMenu}
          className={classes.menu}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={classes.item}
              onClick={() => {
                // The focus goes back to "+" first: the dialog the item opens returns it there on close.
                closeToButton();
                item.run();
              }}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
