import { describe, expect, it } from 'vitest';
import { MEDIA_HOST_PREFIXES, mediaUrl } from './media.ts';

describe('mediaUrl with a media host (decision 0025)', () => {
  const base = 'https://cdn.podruga.app/media/';

  it('puts images and videos on the host, at the path the bucket keeps them', () => {
    expect(mediaUrl('abc.png', base)).toBe('https://cdn.podruga.app/media/pics/abc.png');
    expect(mediaUrl('/pics/abc.png', base)).toBe('https://cdn.podruga.app/media/pics/abc.png');
    expect(mediaUrl('vids/her_1.mp4', base)).toBe('https://cdn.podruga.app/media/vids/her_1.mp4');
    expect(mediaUrl('clip.mp4', base)).toBe('https://cdn.podruga.app/media/vids/clip.mp4');
    expect(mediaUrl('/vids/001.mp4', base)).toBe('https://cdn.podruga.app/media/vids/001.mp4');
  });

  it('keeps what the host does not serve on the app: audio, the API, other paths', () => {
    expect(mediaUrl('audio/m1.mp3', base)).toBe('/audio/m1.mp3');
    expect(mediaUrl('/api/help/audio/voice01', base)).toBe('/api/help/audio/voice01');
    expect(mediaUrl('/picsx/a.png', base)).toBe('/picsx/a.png');
  });

  it('leaves URLs alone and, without a host, gives the app its own paths', () => {
    expect(mediaUrl('https://x.test/a.png', base)).toBe('https://x.test/a.png');
    expect(mediaUrl('blob:abc', base)).toBe('blob:abc');
    expect(mediaUrl('abc.png')).toBe('/pics/abc.png');
    expect(mediaUrl('abc.png', '')).toBe('/pics/abc.png');
    expect(mediaUrl(undefined, base)).toBeNull();
    expect(MEDIA_HOST_PREFIXES).toEqual(['/pics/', '/vids/']);
  });
});
