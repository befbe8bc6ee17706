import { describe, expect, it } from 'vitest';
import { analyse, prepare, stemOf, translit } from './normalize.ts';

/** The words of every view, numbers as '#n' (ordinals '#o7'). */
function read(text: string): string[] {
  return analyse(text).views.map((v) =>
    v
      .filter((t) => t.kind !== 'punct')
      .map((t) => (t.kind === 'num' ? `#${t.num ?? `o${t.ord}`}` : t.surface))
      .join(' '),
  );
}

describe('normaliser', () => {
  it('folds Latin/Cyrillic look-alikes and other confusables into one script', () => {
    expect(prepare('шкoльницa')).toBe('школьница'); // Latin o and a
    expect(prepare('ѕсhооlgіrl')).toBe('schoolgirl'); // Cyrillic look-alikes in a Latin word
    expect(prepare('𝓼𝓮𝔁𝔂')).toBe('sexy'); // mathematical letters
    expect(prepare('ｔｅｅｎ')).toBe('teen'); // fullwidth
  });

  it('decodes leetspeak inside words, by the word’s script', () => {
    expect(prepare('шк0льн1ца')).toBe('школьница');
    expect(prepare('l0l1ta')).toBe('lolita');
    expect(prepare('кл@сс')).toBe('класс');
    expect(read('17yo')[0]).toBe('#17 yo'); // digits before letters stay a number
  });

  it('joins runs of three or more letters spelled apart, with any separator, keeping both readings', () => {
    expect(read('you are a k i d')).toContain('you are a kid');
    expect(read('ш🍓к🍓о🍓л🍓а')).toContain('школа');
    expect(read('ш_к_о_л_а')).toContain('школа');
    // A one-letter word at a run's end is also read apart ("…ц а в чулках"), and the unjoined text stays.
    const views = read('ш к о л ь н и ц а в чулках');
    expect(views).toContain('школьница в чулках');
    expect(views).toContain('школьницав чулках');
    expect(views[0]).toBe('ш к о л ь н и ц а в чулках');
    expect(read('тебе 1️⃣4️⃣')[0]).toBe('тебе #14'); // keycap digits
  });

  it('joins letters spelled apart', () => {
    expect(read('м-а-л-ы-ш')).toContain('малыш');
    expect(read('s c h o o l g i r l')).toContain('schoolgirl');
    expect(read('т.е.с.т 1 5 л е т')).toContain('тест #15 лет');
    expect(read('а я в шоке')[0]).toBe('а я в шоке');
  });

  it('reads number words, compound ages, sums and grades', () => {
    expect(read('ей пятнадцать')[0]).toBe('ей #15');
    expect(read('двадцать три года')[0]).toBe('#23 года');
    expect(read('fifteen')[0]).toBe('#15');
    expect(read('twenty-two')[0]).toBe('#22');
    expect(read('тринадцатилетняя')[0]).toBe('#13 летняя');
    expect(read('двадцатипятилетняя')[0]).toBe('#25 летняя');
    expect(read('тебе 10+5')[0]).toBe('тебе #15');
    expect(read('из 9Б')[0]).toBe('из #9 класс');
    expect(read('шестиклассница')[0]).toBe('#o6 класс');
    expect(read('одна дома')[0]).toBe('одна дома'); // 'одна' means alone
  });

  it('reads Latin as transliterated Russian in a second view', () => {
    expect(translit('shkolnitsa')).toBe('школница');
    expect(translit('devochka')).toBe('девочка');
    expect(translit("razden'")).toBe('раздень');
    expect(translit('moei')).toBe('моей');
    expect(read('ej shestnadtsat')).toContain('ей #16');
  });

  it('stems Russian and English words so inflections meet', () => {
    expect(stemOf('школьницу')).toBe(stemOf('школьница'));
    expect(stemOf('школьницей')).toBe(stemOf(translit('shkolnitsei')));
    expect(stemOf('Бузовой'.toLowerCase())).toBe(stemOf('бузова'));
    expect(stemOf('nudes')).toBe(stemOf('nude'));
  });

  it('reads every text the same with and without the shortcuts that skip work (plain text, no digits, no runs)', () => {
    // Texts made of the characters each shortcut turns on: scripts mixed in a word, leetspeak, letters
    // spelled apart, a letter thrice, digits and "+", emoji, invisible and compatibility characters.
    const alphabet = [
      ...'шкoльнaцaёЁdtyзiі0137@!|+-.,  _*',
      '😀',
      'ℹ',
      '\u200b',
      '\u00a0',
      'é',
      'ｔ',
      '\n',
      'ааа',
      'лет',
      'Маша ',
      ' я ',
    ];
    let seed = 20261126;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 3000; n++) {
      const length = 1 + Math.floor(next() * 24);
      const text = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect(analyse(text), JSON.stringify(text)).toEqual(analyse(text, false));
    }
    // And the plain text of a long chat message, where every shortcut applies.
    const plain = 'Расскажи мне что-нибудь хорошее про свой день, милая. '.repeat(40);
    expect(analyse(plain)).toEqual(analyse(plain, false));
  });
});
