import { createHash } from 'node:crypto';
import type { CharacterRow } from '../../db/schema/index.ts';
import { systemPrompt } from '../messages/prompt.ts';

/**
 * How she speaks on a call, added to her chat persona (which carries the safety rules and the honesty
 * rule): on the phone the question "is it a real person?" is about her voice too (issue 27).
 */
export const CALL_MANNER =
  'Сейчас это голосовой звонок: ты говоришь вслух, а не пишешь. Отвечай коротко — одно-три ' +
  'предложения, простыми разговорными фразами, как в живом телефонном разговоре. Без эмодзи, без ' +
  'смайликов, без списков и без действий в звёздочках. Не описывай свои действия — просто говори. ' +
  'Если не расслышала — переспроси. Если спросят, живой ли человек с тобой говорит, честно скажи своими ' +
  'словами, что ты ИИ-компаньон и твой голос создаёт искусственный интеллект.';

/** Her system prompt for a call: the chat persona and its safety rules, then the call's manner. */
export function callPrompt(character: CharacterRow): string {
  return `${systemPrompt(character)}\n\n${CALL_MANNER}`;
}

const GREETINGS = [
  (name: string) => `Привет! Это ${name}. Как же я рада тебя слышать!`,
  (name: string) => `Алло, привет! Это ${name}. Наконец-то ты позвонил!`,
  () => 'Привет, милый! Я так ждала твоего звонка. Как ты?',
  (name: string) => `Привет-привет! ${name} на связи. Рассказывай, как твой день?`,
];

/** Her first words on a call: short, warm, Russian, the same for the same companion. */
export function callGreeting(character: Pick<CharacterRow, 'id' | 'name'>): string {
  const index =
    createHash('sha256').update(`greeting:${character.id}`).digest().readUInt8(0) % GREETINGS.length;
  return (GREETINGS[index] ?? GREETINGS[0] ?? (() => 'Привет!'))(character.name.trim() || 'твоя подруга');
}
