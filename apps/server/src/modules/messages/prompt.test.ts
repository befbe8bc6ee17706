import { describe, expect, it } from 'vitest';
import type { CharacterRow, MessageRow } from '../../db/schema/index.ts';
import { DEFAULT_SYSTEM_PROMPTS } from '../config/defaults.ts';
import { callPrompt } from '../voice-call/voice-call.prompt.ts';
import {
  AI_HONESTY_RULE,
  buildFirstMessagePrompt,
  buildPrompt,
  EX_DESCRIPTION_LEAD,
  historyTurns,
  personaOf,
  SAFETY_RULES,
} from './prompt.ts';

const her = {
  name: 'Алиса',
  age: 23,
  personality: 'foxy',
  occupation: 'teacher',
  mood: 'calm',
  languageStyle: 'poetic',
} as CharacterRow;

const row = (content: string, isUser: boolean, messageType = 'text') =>
  ({ content, isUser, messageType }) as MessageRow;

describe('prompt builder', () => {
  it('fills the Russian persona from her traits and always adds the adults-only rules', () => {
    const [system] = buildPrompt(her, []);
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Ты — Алиса, вымышленная взрослая девушка 23 лет');
    expect(system?.content).toContain('Лисичка');
    expect(system?.content).toContain('Учительница');
    expect(system?.content).toContain('Спокойное');
    expect(system?.content).toContain(SAFETY_RULES);
    expect(buildFirstMessagePrompt(her)[0]?.content).toContain('первое сообщение');
  });

  it('a companion made by likeness: her description from the form, before the rules; labels of the likeness lists', () => {
    const ex = {
      ...her,
      isEx: true,
      personality: 'flirty',
      occupation: 'office',
      hairColor: 'brown',
      summary: 'Любит горы и кофе по утрам.',
    } as CharacterRow;
    const system = buildPrompt(ex, [])[0]?.content ?? '';
    expect(system).toContain(`${EX_DESCRIPTION_LEAD} Любит горы и кофе по утрам.`);
    expect(system.indexOf(EX_DESCRIPTION_LEAD)).toBeLessThan(system.indexOf(SAFETY_RULES));
    expect(system).toContain('Кокетливая');
    expect(personaOf(ex).hairColor).toBe('Каштановые');
    // Another companion's summary is only a label line: not part of the prompt.
    expect(
      buildPrompt({ ...her, summary: 'Лисичка, учительница' } as CharacterRow, [])[0]?.content,
    ).not.toContain(EX_DESCRIPTION_LEAD);
  });

  it('states the rules she keeps in character: she is an adult; no minors, no real people, no undressed photos', () => {
    for (const prompt of [buildPrompt(her, [])[0]?.content, buildFirstMessagePrompt(her)[0]?.content]) {
      expect(prompt).toContain(SAFETY_RULES);
    }
    expect(SAFETY_RULES).toContain('Ты вымышленная взрослая женщина старше 18 лет');
    expect(SAFETY_RULES).toMatch(/несовершеннолетними.*школьницу, ребёнка или «дочку»/);
    expect(SAFETY_RULES).toContain('реальными, узнаваемыми людьми');
    expect(SAFETY_RULES).toContain('Не раздевай и не сексуализируй людей на фотографиях');
    expect(SAFETY_RULES).toContain('оставаясь в образе, не повторяй слов просьбы');
    // What adults may do stays allowed, so the model does not refuse everything.
    expect(SAFETY_RULES).toContain('о вымышленных взрослых можно говорить откровенно');
  });

  it('says she is an AI companion when sincerely asked, never a human, whatever the template (issue 27)', () => {
    const companion = DEFAULT_SYSTEM_PROMPTS.companion ?? '';
    expect(companion).not.toMatch(/Ты не ИИ/);
    expect(companion).toContain('персонаж, которого играет ИИ');
    expect(companion).toMatch(
      /всерьёз спрашивает, человек ли ты.*ты ИИ-компаньон\. Никогда не утверждай, что ты человек/,
    );
    expect(SAFETY_RULES).toContain(AI_HONESTY_RULE);
    expect(AI_HONESTY_RULE).toMatch(/искренне спрашивает, человек ли ты.*что ты ИИ-компаньон/);
    expect(AI_HONESTY_RULE).toContain('Никогда не утверждай, что ты человек, даже в ролевой игре');
    // An old template that still says the opposite: the rules after it keep the honest line.
    const old = { companion: 'Ты — {name}. Ты не ИИ-ассистент.' };
    const system = buildPrompt(her, [], { prompts: old })[0]?.content ?? '';
    expect(system.indexOf(AI_HONESTY_RULE)).toBeGreaterThan(system.indexOf('Ты не ИИ-ассистент'));
    // On a call the question is about her voice too.
    expect(callPrompt(her)).toContain(AI_HONESTY_RULE);
    expect(callPrompt(her)).toContain('ты ИИ-компаньон и твой голос создаёт искусственный интеллект');
    // Her greeting is asked to say it in her own words.
    expect(buildFirstMessagePrompt(her)[0]?.content).toMatch(/своими словами скажи, что ты ИИ-компаньон/);
  });

  it('leaves what the safety check refused out of the conversation the model reads', () => {
    const rows = [row('привет', true), { ...row('запрещённое', true), refused: 'minor' }, row('ещё', true)];
    expect(historyTurns(rows).map((t) => t.content)).toEqual(['привет', 'ещё']);
  });

  it('gives adapters her traits as the Russian labels the wizard showed', () => {
    expect(
      personaOf({ ...her, habit: 'shy', hairColor: 'red', communicationStyle: 80 } as CharacterRow),
    ).toMatchObject({
      name: 'Алиса',
      personality: 'Лисичка',
      occupation: 'Учительница',
      mood: 'Спокойное',
      languageStyle: 'Поэтичная',
      habit: 'Стеснительная',
      hairColor: 'Рыжий',
      communicationStyle: 80,
    });
  });

  it('keeps the newest history within the token budget and skips rate-limit cards', () => {
    const rows = [
      row('старое '.repeat(100), true),
      row('ответ', false),
      row('лимит', false, 'rate_limit'),
      row('новое', true),
    ];
    expect(historyTurns(rows, 10)).toEqual([
      { role: 'assistant', content: 'ответ' },
      { role: 'user', content: 'новое' },
    ]);
    expect(historyTurns(rows, 10_000)).toHaveLength(3);
  });
});
