import { describe, expect, it } from 'vitest';
import { AUDIO_CONSTRAINTS, canRecord, pickMimeType, startRecording } from './recorder.ts';
import { fakeMic, WEBM_BYTES } from './testing.ts';
import { VOICE_TEXTS } from './texts.ts';

describe('the recorder', () => {
  it('records 16 kHz mono webm/opus and gives its bytes on stop, releasing the microphone', async () => {
    const mic = fakeMic();
    const recording = await startRecording(mic.env);
    expect(mic.constraints).toEqual([AUDIO_CONSTRAINTS]);
    expect(AUDIO_CONSTRAINTS.audio).toMatchObject({ channelCount: 1, sampleRate: 16_000 });
    expect(mic.recorders[0]?.options?.mimeType).toBe('audio/webm;codecs=opus');
    expect(mic.recorders[0]?.state).toBe('recording');

    const audio = await recording.stop();
    expect(audio.type).toBe('audio/webm');
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(WEBM_BYTES);
    expect(mic.stoppedTracks()).toBe(1);
  });

  it('picks what the browser records when webm is not offered (Safari: mp4)', () => {
    const mic = fakeMic({ supported: ['audio/mp4'] });
    expect(pickMimeType(mic.env.MediaRecorder as typeof MediaRecorder)).toBe('audio/mp4');
    expect(
      pickMimeType(fakeMic({ supported: [] }).env.MediaRecorder as typeof MediaRecorder),
    ).toBeUndefined();
  });

  it('says the browser cannot record without MediaRecorder or getUserMedia', async () => {
    const mic = fakeMic();
    const noRecorder = { ...mic.env, MediaRecorder: undefined };
    const noMic = { ...mic.env, getUserMedia: undefined };
    expect(canRecord(noRecorder)).toBe(false);
    expect(canRecord(noMic)).toBe(false);
    expect(canRecord(mic.env)).toBe(true);
    await expect(startRecording(noRecorder)).rejects.toThrow(VOICE_TEXTS.notSupported);
    await expect(startRecording(noMic)).rejects.toThrow(VOICE_TEXTS.notSupported);
  });

  it('a refused microphone cannot start', async () => {
    await expect(startRecording(fakeMic({ deny: true }).env)).rejects.toThrow(VOICE_TEXTS.startFailed);
  });

  it('a recording with no audio says so', async () => {
    const mic = fakeMic({ empty: true });
    const recording = await startRecording(mic.env);
    await expect(recording.stop()).rejects.toThrow(VOICE_TEXTS.noAudio);
    expect(mic.stoppedTracks()).toBe(1);
  });

  it('cancel stops recording and releases the microphone', async () => {
    const mic = fakeMic();
    const recording = await startRecording(mic.env);
    recording.cancel();
    expect(mic.recorders[0]?.state).toBe('inactive');
    expect(mic.stoppedTracks()).toBe(1);
  });
});
