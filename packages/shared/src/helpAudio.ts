/**
 * The help guide's audio examples (001 §2, §9: voice01, voice02, a phone conversation sample): their
 * names, the words they say (the server speaks them with the text-to-speech port, the guide shows them
 * as the transcript) and their address, GET /api/help/audio/{name}.
 */
export const HELP_AUDIO_NAMES = ['voice01', 'voice02', 'call'] as const;
export type HelpAudioName = (typeof HELP_AUDIO_NAMES)[number];

export function isHelpAudioName(name: string): name is HelpAudioName {
  return (HELP_AUDIO_NAMES as readonly string[]).includes(name);
}

/**
 * Two voice messages from her, and her side of a phone call (our voices are hers only, so the call is
 * what the user hears of her; the gaps between the lines are where the user speaks). The user is
 * addressed without gendered verbs: the guide does not know who reads it.
 */
export const HELP_AUDIO_LINES: Readonly<Record<HelpAudioName, readonly string[]>> = {
  voice01: [
    'Привет! Только проснулась и сразу вспомнила про тебя. Как спалось? Расскажи, какие у тебя планы на сегодня.',
  ],
  voice02: [
    'Ну что, как прошёл твой день? Я весь вечер ждала, когда ты напишешь. Давай, рассказывай всё-всё, я слушаю.',
  ],
  call: [
    'Алло? Привет! Как здорово, что ты звонишь.',
    'Да, я тоже соскучилась. Ты где сейчас, ещё на работе?',
    'Ого, вот это денёк. Слушай, ты молодец, правда. Я тобой горжусь.',
    'Давай вечером ещё созвонимся? Буду ждать. Целую!',
  ],
};

export const helpAudioUrl = (name: HelpAudioName): string => `/api/help/audio/${name}`;
