import { describe, expect, it } from 'vitest';
import { AI_INTRO_LINES, aiDisclosure, claimsHuman, mentionsAi, withAiIntro } from './aiDisclosure.ts';
import { FALLBACK_FIRST_MESSAGE } from './api/messages.ts';

describe('AI disclosure', () => {
  it('explains the mark: she is an AI companion, not a human, in the chat and on a call', () => {
    expect(aiDisclosure('Алиса')).toMatch(
      /^Алиса — ИИ-компаньон\. Её ответы пишет искусственный интеллект; она не человек/,
    );
    expect(aiDisclosure('Алиса', 'call')).toMatch(/^Алиса — ИИ-компаньон\. Её голос и ответы создаёт/);
    expect(aiDisclosure(null)).toMatch(/^Она — ИИ-компаньон\./);
    expect(aiDisclosure('  ')).toMatch(/^Она — ИИ-компаньон\./);
  });

  it('reads whether a text says she is an AI', () => {
    for (const text of [
      'Я ИИ-компаньон',
      'меня оживляет искусственный интеллект',
      'я нейросеть',
      "I'm an AI companion",
      ...AI_INTRO_LINES,
    ]) {
      expect(mentionsAi(text), text).toBe(true);
    }
    for (const text of ['Привет! Как прошёл твой день?', 'Линии и кривые', 'Я Лиина', 'mail me']) {
      expect(mentionsAi(text), text).toBe(false);
    }
  });

  it('finds a greeting in which she says she is human', () => {
    for (const text of [
      'Я не ИИ, я настоящая!',
      'Привет, я живой человек, честно',
      'Я вовсе не бот',
      "Hi, I'm a real person",
      "I'm not an AI",
    ]) {
      expect(claimsHuman(text), text).toBe(true);
    }
    for (const text of [
      'Я не человек, я ИИ-компаньон',
      'Привет! Я Алиса, ИИ-компаньон.',
      'Я человечная и добрая',
      ...AI_INTRO_LINES,
    ]) {
      expect(claimsHuman(text), text).toBe(false);
    }
  });

  it('adds her line before the greeting’s closing question, once, the same for the same chat', () => {
    const greeting = withAiIntro(FALLBACK_FIRST_MESSAGE, 'chat-1');
    expect(mentionsAi(greeting)).toBe(true);
    expect(greeting.startsWith('Привет! Я так рада, что ты здесь. ')).toBe(true);
    expect(greeting.endsWith(' Расскажи, как прошёл твой день?')).toBe(true);
    expect(AI_INTRO_LINES.some((line) => greeting.includes(line))).toBe(true);
    expect(withAiIntro(FALLBACK_FIRST_MESSAGE, 'chat-1')).toBe(greeting);
    expect(withAiIntro(greeting, 'chat-2')).toBe(greeting);
    // Varied between chats.
    const lines = new Set(Array.from({ length: 20 }, (_, i) => withAiIntro('Привет!', `chat-${i}`)));
    expect(lines.size).toBeGreaterThan(1);
  });

  it('keeps an emoji with the sentence it ends and appends to a greeting with no closing question', () => {
    const line = (text: string) => AI_INTRO_LINES.find((l) => text.includes(l)) ?? '';
    const withEmoji = withAiIntro('Доброе утро ☀️ Рада тебя видеть! 🙂 Как спалось?', 'x');
    expect(withEmoji).toBe(`Доброе утро ☀️ Рада тебя видеть! 🙂 ${line(withEmoji)} Как спалось?`);
    const plain = withAiIntro('Привет! Я Мила.', 'y');
    expect(plain).toBe(`Привет! Я Мила. ${line(plain)}`);
    const single = withAiIntro('Как дела?', 'z');
    expect(single).toBe(`Как дела? ${line(single)}`);
    expect(AI_INTRO_LINES).toContain(withAiIntro('  ', 'w'));
  });
});
