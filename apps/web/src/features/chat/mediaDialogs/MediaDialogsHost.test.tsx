import { IMAGE_REQUEST_EXAMPLES, MEDIA_DIALOG_TEXTS, VIDEO_REQUEST_EXAMPLES } from '@podruga/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '../../../test/render.tsx';
import { onPremiumFeature, useMediaDialogs } from '../mediaDialogs.ts';
import { MediaDialogsHost } from './MediaDialogsHost.tsx';

beforeEach(() => {
  useMediaDialogs.setState({ open: null, ever: [] });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

function host() {
  const onSend = vi.fn();
  return { ...render(<MediaDialogsHost onSend={onSend} />, { route: '/chat/c1' }), onSend };
}

const examplesOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-label') !== 'Закрыть')
    .map((b) => b.textContent);

describe('the chat media dialogs (001 §2)', () => {
  it('image instructions: the hint and 6 examples; a tap sends it as the user message and closes', async () => {
    const { user, onSend } = host();
    act(() => useMediaDialogs.getState().show('imageInstructions'));
    const dialog = await screen.findByRole('dialog', { name: MEDIA_DIALOG_TEXTS.imageInstructionsTitle });
    expect(within(dialog).getByText(MEDIA_DIALOG_TEXTS.imageInstructionsHint)).toBeTruthy();
    expect(examplesOf(dialog)).toEqual([...IMAGE_REQUEST_EXAMPLES]);

    await user.click(within(dialog).getByRole('button', { name: IMAGE_REQUEST_EXAMPLES[1] }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith(IMAGE_REQUEST_EXAMPLES[1]);
    expect(useMediaDialogs.getState().open).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('video instructions: 5 examples, sent the same way', async () => {
    const { user, onSend } = host();
    act(() => useMediaDialogs.getState().show('videoInstructions'));
    const dialog = await screen.findByRole('dialog', { name: MEDIA_DIALOG_TEXTS.videoInstructionsTitle });
    expect(examplesOf(dialog)).toEqual([...VIDEO_REQUEST_EXAMPLES]);
    await user.click(within(dialog).getByRole('button', { name: VIDEO_REQUEST_EXAMPLES[4] }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith(VIDEO_REQUEST_EXAMPLES[4]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the close button closes without sending', async () => {
    const { user, onSend } = host();
    act(() => useMediaDialogs.getState().show('imageInstructions'));
    const dialog = await screen.findByRole('dialog', { name: MEDIA_DIALOG_TEXTS.imageInstructionsTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(useMediaDialogs.getState().open).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('a premium_feature of video opens the preview 500 ms later', async () => {
    host();
    let later: (() => void) | null = null;
    onPremiumFeature('video', (fn, ms) => {
      expect(ms).toBe(500);
      later = fn;
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => later?.());
    const dialog = await screen.findByRole('dialog', { name: MEDIA_DIALOG_TEXTS.videoPreviewTitle });
    expect(within(dialog).getAllByTestId('preview-player')).toHaveLength(2);
  });

  it('leaving the chat closes the open dialog', async () => {
    const { unmount } = host();
    act(() => useMediaDialogs.getState().show('videoPreview'));
    await screen.findByRole('dialog', { name: MEDIA_DIALOG_TEXTS.videoPreviewTitle });
    unmount();
    expect(useMediaDialogs.getState().open).toBeNull();
  });
});
