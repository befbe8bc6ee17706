import { AI_MARK, aiDisclosure, CRISIS_PAGE_PATH } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../test/render.tsx';
import { AiMark } from './AiMark.tsx';

const mark = () => screen.getByRole('button', { name: AI_MARK.label });
const note = () => screen.queryByRole('note');

describe('the «ИИ» mark (issue 27)', () => {
  it('is a small «ИИ» button with an accessible name; a click opens who answers, with the crisis page', async () => {
    const { user, location } = render(<AiMark name="Алиса" />, { route: '/chat/c1' });
    expect(mark().textContent).toBe('ИИ');
    expect(mark().getAttribute('aria-expanded')).toBe('false');
    expect(note()).toBeNull();

    await user.click(mark());
    expect(mark().getAttribute('aria-expanded')).toBe('true');
    expect(note()?.textContent).toContain(aiDisclosure('Алиса'));
    expect(note()?.textContent).toMatch(
      /^Алиса — ИИ-компаньон\. Её ответы пишет искусственный интеллект; она не человек/,
    );
    expect(mark().getAttribute('aria-controls')).toBe(note()?.id);

    await user.click(screen.getByRole('link', { name: AI_MARK.helpLink }));
    expect(location().pathname).toBe(CRISIS_PAGE_PATH);
  });

  it('opens from the keyboard and closes with Escape, focus back on it; a second click closes it too', async () => {
    const { user } = render(<AiMark name="Алиса" />);
    await user.tab();
    expect(document.activeElement).toBe(mark());
    await user.keyboard('{Enter}');
    expect(note()).not.toBeNull();
    // Tab reaches the link inside: the explanation stays open.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: AI_MARK.helpLink }));
    expect(note()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(note()).toBeNull();
    expect(document.activeElement).toBe(mark());

    await user.click(mark());
    await user.click(mark());
    expect(note()).toBeNull();
  });

  it('a press on its own text keeps it open (the focus leaves the button, the explanation stays)', async () => {
    const { user } = render(<AiMark name="Алиса" />);
    await user.click(mark());
    await user.click(screen.getByText(/ИИ-компаньон\. Её ответы/));
    expect(note()).not.toBeNull();
  });

  it('a tap elsewhere closes it', async () => {
    const { user } = render(
      <div>
        <AiMark name="Алиса" />
        <p>Где-то ещё</p>
      </div>,
    );
    await user.click(mark());
    await user.click(screen.getByText('Где-то ещё'));
    expect(note()).toBeNull();
  });

  it('on a call says her voice is made by the AI, and opens the crisis page in a new tab', async () => {
    const { user } = render(<AiMark name="Вера" where="call" newTab />);
    await user.click(mark());
    expect(note()?.textContent).toContain(aiDisclosure('Вера', 'call'));
    const link = screen.getByRole('link', { name: AI_MARK.helpLink });
    expect(link.getAttribute('href')).toBe(CRISIS_PAGE_PATH);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('before her name has loaded, says «Она»', async () => {
    const { user } = render(<AiMark name={null} />);
    await user.click(mark());
    expect(note()?.textContent).toMatch(/^Она — ИИ-компаньон\./);
  });
});
