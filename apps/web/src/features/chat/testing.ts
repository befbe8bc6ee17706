import type { HerMediaKind, HerMediaMetadata, HerMediaStatus, Message } from '@podruga/shared';

/**
 * For the chat's tests only: a message as the server stores and sends it (GET /api/messages, the socket's
 * `message`), an assistant text in chat `c1` now unless `over` says otherwise. One factory, so a field
 * added to the contract is added once.
 */
export function storedMessage(over: Partial<Message> = {}): Message {
  return {
    id: 'm',
    chat_id: 'c1',
    content: '',
    is_user: false,
    message_type: 'text',
    image_path: null,
    video_path: null,
    created_at: new Date().toISOString(),
    is_streaming: false,
    voice_call_status: null,
    voice_call_duration: null,
    voice_call_started_at: null,
    voice_call_ended_at: null,
    metadata: null,
    ...over,
  };
}

/**
 * Her photo or video on request (issue 14) as the server stores and sends it: `status` of the attempt
 * begun at `startedAt` (ISO), with its URL once ready. `over` replaces fields of the message; `meta`
 * adds to its metadata.
 */
export function herMediaMessage(
  kind: HerMediaKind,
  status: HerMediaStatus,
  {
    startedAt = new Date().toISOString(),
    meta = {},
    ...over
  }: Partial<Message> & { startedAt?: string; meta?: Partial<HerMediaMetadata> } = {},
): Message {
  const id = over.id ?? 'her-1';
  const ready = status === 'ready';
  const metadata: HerMediaMetadata = {
    media: kind,
    status,
    request: kind === 'photo' ? 'пришли фото на пляже' : 'пришли видео, где ты танцуешь',
    started_at: startedAt,
    expected_ms: 20_000,
    ...(status === 'failed' ? { error: 'Сервис генерации изображений перегружен. Попробуйте позже' } : {}),
    ...(ready && kind === 'video' ? { video_url: `/vids/${id}.mp4` } : {}),
    ...meta,
  };
  return storedMessage({
    id,
    message_type: kind === 'photo' ? 'image' : 'video',
    image_path: ready && kind === 'photo' ? `/pics/${id}.png` : null,
    video_path: ready && kind === 'video' ? `vids/${id}.mp4` : null,
    metadata: { ...metadata },
    ...over,
  });
}
