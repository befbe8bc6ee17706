import { VOICE_CALL_TEXTS } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { isIos, isTouchDevice, microphoneErrorText, openMicrophone } from './device.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
const fine = () => ({ matches: false });
const coarse = () => ({ matches: true });

describe('the call device rules', () => {
  it('tells iOS apart, an iPad posing as a Mac included', () => {
    expect(isIos({ userAgent: IPHONE })).toBe(true);
    expect(isIos({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: DESKTOP })).toBe(false);
  });

  it('waits for the press on phones and coarse pointers, starts at once on a desktop', () => {
    expect(isTouchDevice({ userAgent: IPHONE }, fine)).toBe(true);
    expect(isTouchDevice({ userAgent: ANDROID }, fine)).toBe(true);
    expect(isTouchDevice({ userAgent: DESKTOP }, coarse)).toBe(true);
    expect(isTouchDevice({ userAgent: DESKTOP }, fine)).toBe(false);
    expect(isTouchDevice({ userAgent: DESKTOP }, undefined)).toBe(false);
  });

  it('words the microphone failures of 001 §8', () => {
    expect(microphoneErrorText({ name: 'NotAllowedError' }, true)).toBe(VOICE_CALL_TEXTS.iosMicDenied);
    expect(microphoneErrorText({ name: 'NotAllowedError' }, false)).toBe(VOICE_CALL_TEXTS.micDenied);
    expect(microphoneErrorText({ name: 'NotFoundError' }, false)).toBe(VOICE_CALL_TEXTS.micMissing);
    expect(microphoneErrorText(new Error('x'), false)).toBe(VOICE_CALL_TEXTS.callFailed);
  });

  it('asks for one channel with echo cancellation, and says when there is no microphone API', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    await expect(openMicrophone({ userAgent: DESKTOP, mediaDevices: { getUserMedia } })).resolves.toBe(
      stream,
    );
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 },
    });
    await expect(openMicrophone({ userAgent: DESKTOP })).rejects.toThrow(VOICE_CALL_TEXTS.notSupported);
    const denied = vi.fn(async () => {
      throw Object.assign(new Error('denied'), { name: 'NotFoundError' });
    });
    await expect(openMicrophone({ mediaDevices: { getUserMedia: denied } })).rejects.toThrow(
      VOICE_CALL_TEXTS.micMissing,
    );
  });
});
