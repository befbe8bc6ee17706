import { VOICE_CALL_TEXTS } from '@podruga/shared';
import { CallError } from './session.ts';

interface NavigatorLike {
  userAgent?: string;
  platform?: string;
  maxTouchPoints?: number;
  mediaDevices?: { getUserMedia?: MediaDevices['getUserMedia'] } | undefined;
}

const nav = (): NavigatorLike | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/** iPhone, iPad, iPod, and an iPad that calls itself a Mac (a Mac with touch). */
export function isIos(n: NavigatorLike | undefined = nav()): boolean {
  const ua = n?.userAgent ?? '';
  if (/iPad|iPhone|iPod/.test(ua)) return true;
  return /Macintosh/.test(ua) && (n?.maxTouchPoints ?? 0) > 1;
}

/**
 * 001 §4: on mobile or touch devices the call waits for the user's press; on a desktop it starts at
 * once. Touch means a coarse pointer (phones, tablets) or a phone's user agent; a laptop with a touch
 * screen and a mouse counts as a desktop.
 */
export function isTouchDevice(
  n: NavigatorLike | undefined = nav(),
  matchMedia: ((query: string) => { matches: boolean }) | undefined = typeof window === 'undefined' ||
  typeof window.matchMedia !== 'function'
    ? undefined
    : (query) => window.matchMedia(query),
): boolean {
  if (/Android|iPhone|iPad|iPod|Mobi/i.test(n?.userAgent ?? '') || isIos(n)) return true;
  return matchMedia?.('(pointer: coarse)').matches === true;
}

/** The microphone refused or missing, in 001 §8's words (iOS gets the way to its settings). */
export function microphoneErrorText(error: unknown, ios: boolean = isIos()): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return VOICE_CALL_TEXTS.micMissing;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError')
    return ios ? VOICE_CALL_TEXTS.iosMicDenied : VOICE_CALL_TEXTS.micDenied;
  return VOICE_CALL_TEXTS.callFailed;
}

/** The microphone for a call: echo cancellation and noise suppression on, one channel. */
export async function openMicrophone(n: NavigatorLike | undefined = nav()): Promise<MediaStream> {
  const getUserMedia = n?.mediaDevices?.getUserMedia;
  if (typeof getUserMedia !== 'function') throw new CallError(VOICE_CALL_TEXTS.notSupported);
  try {
    return await getUserMedia.call(n?.mediaDevices, {
      audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 },
    });
  } catch (error) {
    throw new CallError(microphoneErrorText(error));
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
