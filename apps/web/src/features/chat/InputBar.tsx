import { ActionIcon } from '@mantine/core';
import { type KeyboardEvent, memo, useLayoutEffect, useRef, useState } from 'react';
import { SendIcon } from '../../shared/ui/pageIcons.tsx';
import { Attachments } from './attachments/Attachments.tsx';
import classes from './ChatPage.module.css';
import { TYPING_HINT_PHRASES, useTypingHint } from './useTypingHint.ts';

/** Grows up to this height, then scrolls. */
const MAX_HEIGHT_PX = 160;

/**
 * The input bar: Enter sends, Shift+Enter makes a new line, blank text is ignored (000 §5). The
 * placeholder types out suggestions while the field is empty and unfocused. A native textarea (Mantine's
 * Textarea would add ~6 KB gzip to the chat's first load, DESIGN §8).
 */
export const InputBar = memo(function InputBar({
  onSend,
  onAttachPhoto,
  disabled,
}: {
  onSend: (text: string) => void;
  /** Opens «Отправить фото»: the first of the attachments (000 §2), beside the photo and video tips. */
  onAttachPhoto?: () => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  useTypingHint(ref, !focused && value === '');

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measures when the text changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value]);

  const send = () => {
    if (disabled || !value.trim()) return;
    onSend(value);
    setValue('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className={classes.inputBar}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Attachments onAttachPhoto={onAttachPhoto} disabled={disabled} />
      <textarea
        ref={ref}
        className={classes.textarea}
        aria-label="Сообщение"
        placeholder={TYPING_HINT_PHRASES[0]}
        rows={1}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        enterKeyHint="send"
      />
      <ActionIcon
        type="submit"
        size={42}
        radius="xl"
        color="grape"
        aria-label="Отправить"
        disabled={disabled || !value.trim()}
      >
        <SendIcon />
      </ActionIcon>
    </form>
  );
});
