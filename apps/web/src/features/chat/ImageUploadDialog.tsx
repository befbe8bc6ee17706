import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_CHARS } from '@podruga/shared';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import classes from './ChatPage.module.css';
import { IMAGE_ACCEPT_ATTR, IMAGE_TEXTS, validateImageFile } from './image.ts';

/**
 * «Отправить фото» (000 §2, §5): pick a photo (.jpg .jpeg .png .gif .webp, up to 10 MB), see it at once,
 * add an optional caption, send. Send is disabled with no file or while sending.
 */
export function ImageUploadDialog({
  opened,
  onClose,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  /** Resolves when the photo has been handed over (the chat shows it at once). */
  onSend: (file: File, caption: string) => Promise<void> | void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reset = () => {
    setFile(null);
    setError(null);
    setCaption('');
    setSending(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0] ?? null;
    event.currentTarget.value = '';
    if (!picked) return;
    const invalid = validateImageFile(picked);
    setError(invalid);
    setFile(invalid ? null : picked);
  };

  const send = async () => {
    if (!file || sending) return;
    setSending(true);
    try {
      await onSend(file, caption);
      close();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title={IMAGE_TEXTS.title} size={460}>
      <Stack gap="sm">
        {preview && <img className={classes.uploadPreview} src={preview} alt="Выбранное фото" />}
        <Group gap="sm" align="center">
          <Button component="label" variant="light" color="grape">
            {file ? 'Выбрать другое' : 'Выбрать фото'}
            <input
              className={classes.visuallyHidden}
              type="file"
              accept={IMAGE_ACCEPT_ATTR}
              aria-label="Выбрать фото"
              onChange={onPick}
              disabled={sending}
            />
          </Button>
          <Text size="sm" c="dimmed">
            {IMAGE_TEXTS.hint}
          </Text>
        </Group>
        {file && (
          <Text size="xs" c="dimmed" truncate>
            {file.name}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Textarea
          label="Подпись"
          placeholder="Необязательно"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={MESSAGE_MAX_CHARS}
          value={caption}
          onChange={(event) => setCaption(event.currentTarget.value)}
        />
      </Stack>
      {/* As far below the caption as the fields are from each other (the Stack's gap). */}
      <DialogActions mt="sm">
        <Button variant="default" onClick={close}>
          Отмена
        </Button>
        <Button color="grape" onClick={send} disabled={!file || sending} loading={sending}>
          Отправить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
