import { LlmError, type LlmPort, type PersonaHints } from './port.ts';

export interface OfflineLlmOptions {
  /** Pause between streamed words; 0 in tests. */
  delayMs?: number;
}

const GREETING = /привет|здравствуй|хай|добр(ое|ый) (утро|день|вечер)|hello|hi\b/i;
const HOW_ARE_YOU = /как (ты|дела|жизнь|настроение)|что делаешь/i;
const SAD = /грустн|плохо|устал|одинок|тоск|печал/i;
const QUESTION = /\?\s*$/;

/** A stable pick, so the same message gets the same answer (tests, and no flicker on retry). */
function pick<T>(items: readonly T[], seed: string): T {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return items[hash % items.length] as T;
}

function moodLine(persona: PersonaHints | undefined, seed: string): string {
  const mood = persona?.mood?.toLowerCase() ?? '';
  if (mood.includes('саркаст')) return pick(['Ну надо же.', 'Кто бы мог подумать.'], seed);
  if (mood.includes('задумч')) return pick(['Знаешь, я тут подумала...', 'Интересно получается.'], seed);
  if (mood.includes('спокой')) return pick(['Мне хорошо с тобой.', 'Давай не спешить.'], seed);
  return pick(['Ты меня радуешь!', 'Обожаю наши разговоры!', 'С тобой так легко.'], seed);
}

/** A short in-character Russian reply to the last user message (a stand-in, not the product). */
export function offlineReply(
  lastUser: string,
  persona: PersonaHints | undefined,
  isGreeting: boolean,
): string {
  const name = persona?.name ?? 'я';
  // A photo arrives as "caption [Image: description]" (000 §3): answer the photo, quote only the words.
  const image = /\[Image:\s*([^\]]*)\]?/.exec(lastUser);
  const words = lastUser.replace(/\[Image:[^\]]*\]?/g, '').trim();
  const seed = `${lastUser}|${name}`;
  if (image) {
    const about = image[1]?.trim().replace(/[.\s]+$/, '');
    const described = about ? ` Мне его описали так: «${about}».` : '';
    const said = words ? ` Ты пишешь: «${words.split(/\s+/).slice(0, 6).join(' ')}».` : '';
    return `Ого, спасибо за фото!${described}${said} Расскажешь, что на нём?`;
  }
  const job = persona?.occupation
    ? ` Сегодня на работе (${persona.occupation.toLowerCase()}) был тот ещё денёк.`
    : '';
  if (isGreeting || !lastUser.trim()) {
    return `Привет! Я ${name}. ${moodLine(persona, seed)} Как прошёл твой день?`;
  }
  if (GREETING.test(lastUser)) return `Привет-привет! ${moodLine(persona, seed)} Чем займёмся?`;
  if (HOW_ARE_YOU.test(lastUser))
    return `У меня всё хорошо, особенно сейчас, когда ты написал.${job} А у тебя?`;
  if (SAD.test(lastUser)) return 'Иди ко мне, обниму. Расскажи, что случилось? Я рядом.';
  const quoted = lastUser.trim().split(/\s+/).slice(0, 6).join(' ');
  if (QUESTION.test(lastUser)) {
    return `Хм, «${quoted}»... ${pick(['Дай подумать.', 'Хороший вопрос.'], seed)} А ты сам как думаешь?`;
  }
  return `${moodLine(persona, seed)} Ты написал: «${quoted}». Расскажи мне ещё!`;
}

/** The offline default: a scripted persona engine, streamed word by word. */
export function createOfflineLlm(options: OfflineLlmOptions = {}): LlmPort {
  const delayMs = options.delayMs ?? 40;
  return {
    adapter: 'offline',
    offline: true,
    describe: () =>
      'llm: OFFLINE scripted persona engine (short canned replies); set LLM_PROVIDER=openai and LLM_BASE_URL for a real model',
    async *stream(request) {
      const lastUser = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const isGreeting = !request.messages.some((m) => m.role === 'user');
      const words = offlineReply(lastUser, request.persona, isGreeting).split(/(?<= )/);
      for (const word of words) {
        if (request.signal?.aborted) throw new LlmError('aborted');
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        yield word;
      }
    },
  };
}
