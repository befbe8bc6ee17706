import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '../../test/render.tsx';
import { useVoiceDialog } from './store.ts';
import { VOICE_UI } from './texts.ts';
import { VoiceMessageHost } from './VoiceMessageHost.tsx';

afterEach(() => useVoiceDialog.setState({ opened: false, ever: false }));

describe('the chat’s voice host', () => {
  it('loads nothing until the recorder is first opened, then shows it; leaving the chat closes it', async () => {
    const { unmount } = render(<VoiceMessageHost onSend={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useVoiceDialog.getState().show());
    expect(await screen.findByRole('dialog', { name: VOICE_UI.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: VOICE_UI.start })).toBeTruthy();
    unmount();
    expect(useVoiceDialog.getState()).toMatchObject({ opened: false, ever: true });
  });
});
