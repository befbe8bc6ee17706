import type { CatalogueItem, Message } from '@podruga/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { fromServer } from '../features/chat/messages.ts';
import { CatalogueCard } from '../features/gallery/CatalogueCard.tsx';
import { VideoExample } from '../features/help/VideoExample.tsx';
import { render, screen } from '../test/render.tsx';
import { mediaBase, mediaSrc, resetMediaBase, resolveMediaBase } from './media.ts';

/** The meta tag the server writes into index.html (plugins/web-app.ts), as a page would carry it. */
function pageWithMediaHost(content: string | null): void {
  document.head.querySelector('meta[name="podruga-media"]')?.remove();
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = 'podruga-media';
    meta.content = content;
    document.head.append(meta);
  }
  resetMediaBase();
}

afterEach(() => pageWithMediaHost(null));

const item = { id: 'mia', name: 'Мия', age: 24, summary: '', image: 'a.png' } as unknown as CatalogueItem;

const photo = (image_path: string): Message => ({
  id: 'm1',
  chat_id: '11111111-1111-4111-8111-111111111111',
  content: '',
  is_user: true,
  message_type: 'image',
  image_path,
  video_path: null,
  created_at: '2026-11-22T12:00:00.000Z',
  is_streaming: false,
  voice_call_status: null,
  voice_call_duration: null,
  voice_call_started_at: null,
  voice_call_ended_at: null,
  metadata: null,
});

describe('the media host (MEDIA_BASE_URL, decision 0025)', () => {
  it('is read from the meta tag: an http(s) URL without its trailing slash, else none', () => {
    expect(resolveMediaBase('https://cdn.podruga.app/media/')).toBe('https://cdn.podruga.app/media');
    expect(resolveMediaBase(' http://127.0.0.1:9000/podruga-media ')).toBe(
      'http://127.0.0.1:9000/podruga-media',
    );
    for (const content of [null, undefined, '', '   ', 'cdn.podruga.app', 'javascript:alert(1)', 'data:,x']) {
      expect(resolveMediaBase(content), String(content)).toBe('');
    }
  });

  it('is read once per page', () => {
    pageWithMediaHost('https://cdn.podruga.app');
    expect(mediaBase()).toBe('https://cdn.podruga.app');
    document.head.querySelector('meta[name="podruga-media"]')?.setAttribute('content', 'https://other.test');
    expect(mediaBase()).toBe('https://cdn.podruga.app');
  });

  it("a portrait's src is on the media host when the page names one", () => {
    pageWithMediaHost('https://cdn.podruga.app/media/');
    render(<CatalogueCard item={item} busy={false} disabled={false} onChoose={() => {}} />);
    expect(screen.getByRole('img', { name: 'Портрет: Мия' }).getAttribute('src')).toBe(
      'https://cdn.podruga.app/media/pics/a.png',
    );
  });

  it("a portrait's src is this server's /pics when the meta is empty (the default)", () => {
    pageWithMediaHost('');
    render(<CatalogueCard item={item} busy={false} disabled={false} onChoose={() => {}} />);
    expect(screen.getByRole('img', { name: 'Портрет: Мия' }).getAttribute('src')).toBe('/pics/a.png');
  });

  it("a chat photo and the guide's video come from the media host; audio and full URLs stay as they are", () => {
    pageWithMediaHost('https://cdn.podruga.app');
    const hash = 'a'.repeat(40);
    expect(fromServer(photo(`${hash}.jpg`)).image).toBe(`https://cdn.podruga.app/pics/${hash}.jpg`);
    expect(mediaSrc('vids/her_1.mp4')).toBe('https://cdn.podruga.app/vids/her_1.mp4');
    expect(mediaSrc('https://elsewhere.test/x.png')).toBe('https://elsewhere.test/x.png');
    expect(mediaSrc('audio/x.mp3')).toBe('/audio/x.mp3');
    const { container } = render(<VideoExample narrow={false} companions={[item]} />);
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://cdn.podruga.app/vids/001.mp4');
    expect(video?.getAttribute('poster')).toBe('https://cdn.podruga.app/pics/a.png');
  });
});
