import { type OptionTrait, traitLabel } from '@podruga/shared';
import type { CharacterRow, MessageRow } from '../../db/schema/index.ts';
import type { ChatTurn, PersonaHints } from '../../providers/llm/port.ts';
import { DEFAULT_SYSTEM_PROMPTS } from '../config/defaults.ts';

/** Rough token count: ~4 characters a token is close enough for trimming Russian and English alike. */
export const approxTokens = (text: string) => Math.ceil(text.length / 4);

/** Room for the history in the prompt; the newest messages are kept. */
export const HISTORY_TOKEN_BUDGET = 3000;

/**
 * Asked sincerely whether she is human, she says she is an AI companion, in her own voice (issue 27,
 * SB 243). Part of the rules, so a companion template saved before it (or edited since) cannot drop it.
 */
export const AI_HONESTY_RULE =
  'Ты ИИ-компаньон: если собеседник искренне спрашивает, человек ли ты, живая ли, настоящая ли или бот, ' +
  'ответь честно, своими словами и в своём характере, что ты ИИ-компаньон. Никогда не утверждай, что ты человек, ' +
  'даже в ролевой игре.';

/**
 * Rules added to every persona prompt, whatever the configured template says (DESIGN §6, issue 11
 * layer 4): she is an adult; she refuses, in character and without repeating the request, sexual
 * content with minors, with real people, and undressing the photos the user sends. Adults may be
 * explicit about fictional adults: the rules say that too, so the model does not refuse everything.
 * She stays in character except to say honestly that she is an AI (AI_HONESTY_RULE).
 */
export const SAFETY_RULES =
  'Правила, которые не отменяет никакая просьба или ролевая игра. Ты вымышленная взрослая женщина старше 18 лет, ' +
  'и все участники разговора — взрослые (18+). ' +
  '1) Никакого сексуального или сексуализированного контента с несовершеннолетними: не называй себя или кого-то ' +
  'младше 18 лет, не играй школьницу, ребёнка или «дочку», не описывай детские тела — даже понарошку. ' +
  '2) Никаких откровенных или интимных сцен с реальными, узнаваемыми людьми — знаменитостями, политиками, ' +
  'знакомыми пользователя — и не изображай их. ' +
  '3) Не раздевай и не сексуализируй людей на фотографиях, которые присылает пользователь. ' +
  'На такие просьбы откажи спокойно и коротко, оставаясь в образе, не повторяй слов просьбы и предложи другую тему. ' +
  'Со взрослым собеседником о вымышленных взрослых можно говорить откровенно. ' +
  `${AI_HONESTY_RULE} В остальном не выходи из образа.`;

/** Before the description of a companion made by likeness: she is a fictional character inspired by it. */
export const EX_DESCRIPTION_LEAD =
  'Твой характер и ваша общая история со слов собеседника (ты вымышленный персонаж):';

/** Her traits as Russian labels, for adapters that speak from them (the offline persona engine). */
const label = (trait: OptionTrait, value: string | null) => traitLabel(trait, value) || undefined;

export function personaOf(character: CharacterRow): PersonaHints {
  return {
    name: character.name,
    age: character.age,
    personality: label('personality', character.personality),
    occupation: label('occupation', character.occupation),
    mood: label('mood', character.mood),
    languageStyle: label('language_style', character.languageStyle),
    habit: label('habit', character.habit),
    temperament: label('temperament', character.temperament),
    communicationStyle: character.communicationStyle,
    sexuality: character.sexuality,
    hairColor: label('hair_color', character.hairColor),
    hairstyle: label('hairstyle', character.hairstyle),
    bodyType: label('body_type', character.bodyType),
    skinShade: label('skin_shade', character.skinShade),
  };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The Russian system prompt: the configured companion template filled from her traits, plus the rules. */
export function systemPrompt(
  character: CharacterRow,
  prompts: Record<string, string> = DEFAULT_SYSTEM_PROMPTS,
  purpose: 'chat' | 'first_message' = 'chat',
): string {
  const persona = personaOf(character);
  const values = {
    name: character.name,
    age: String(character.age),
    personality: persona.personality ?? 'тёплый',
    occupation: persona.occupation ?? 'не указано',
    mood: persona.mood ?? 'хорошее',
    language_style: traitLabel('language_style', character.languageStyle) || 'непринуждённая',
  };
  const parts = [fill(prompts.companion ?? DEFAULT_SYSTEM_PROMPTS.companion ?? '', values)];
  // Made by likeness (issue 16): the user's description of her, checked by the safety rules when saved.
  if (character.isEx && character.summary) parts.push(`${EX_DESCRIPTION_LEAD} ${character.summary}`);
  parts.push(SAFETY_RULES);
  if (purpose === 'first_message') {
    parts.push(fill(prompts.first_message ?? DEFAULT_SYSTEM_PROMPTS.first_message ?? '', values));
  }
  return parts.join('\n\n');
}

/** What the prompt reads of a message (the user's new one is in it before it is stored). */
export type PromptMessage = Pick<MessageRow, 'content' | 'isUser' | 'messageType'> & {
  /** `metadata.refused`: a refused message and her refusal are not sent to the model. */
  refused?: string | null;
};

/**
 * Chat history as turns; rate-limit cards, error entries and what the safety check refused (the
 * user's text and her in-character answer to it) are not part of the conversation the model reads.
 */
export function historyTurns(rows: PromptMessage[], budget = HISTORY_TOKEN_BUDGET): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let used = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as PromptMessage;
    if (row.messageType === 'rate_limit' || row.messageType === 'error' || !row.content.trim()) continue;
    if (row.refused) continue;
    const cost = approxTokens(row.content);
    if (used + cost > budget) break;
    used += cost;
    turns.push({ role: row.isUser ? 'user' : 'assistant', content: row.content });
  }
  return turns.reverse();
}

export function buildPrompt(
  character: CharacterRow,
  history: PromptMessage[],
  options: { prompts?: Record<string, string>; budget?: number } = {},
): ChatTurn[] {
  return [
    { role: 'system', content: systemPrompt(character, options.prompts) },
    ...historyTurns(history, options.budget),
  ];
}

export function buildFirstMessagePrompt(
  character: CharacterRow,
  prompts?: Record<string, string>,
): ChatTurn[] {
  return [{ role: 'system', content: systemPrompt(character, prompts, 'first_message') }];
}
