/**
 * A photo's scene in English (issue 14): the user's Russian words for common scenes become the
 * phrases an image model understands ("в красном платье на пляже" → "on the beach, wearing a red
 * dress"); English words and words the table does not know are kept as they are. Used by the photo
 * prompt (modules/her-media/photo-prompt.ts) and by the offline adapter, which draws the scene.
 */

/** Lower case, ё → е: what the table's patterns are written against. */
export function normalizeScene(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е');
}

/** Russian words that carry no scene ("где ты", "пожалуйста") and are dropped. */
const DROPPED = new Set(
  (
    'в во на у с со за из под над перед около возле рядом где ты как когда чтобы что и а или но же бы ли по к ко до от ' +
    'это этом этой этот эта эти том той там тут здесь мне меня тебя себя сама сам свой своя свое свою своем своей своих ' +
    'твой твоя твое твою твоем твоей твоих пожалуйста плиз очень такой такая такое такую какой какая какое просто ' +
    'сейчас сегодня теперь еще уже вот ну давай фото фотку фотка видео видос покажи пришли скинь сделай сними отправь'
  ).split(' '),
);

/** Colour adjectives in any case and gender (stem → English). */
const COLOURS: Array<[RegExp, string]> = [
  [/^красн/, 'red'],
  [/^бордов/, 'burgundy'],
  [/^розов/, 'pink'],
  [/^оранжев/, 'orange'],
  [/^желт/, 'yellow'],
  [/^зелен/, 'green'],
  [/^голуб/, 'light blue'],
  [/^син(ий|яя|ее|ем|ей|юю|ие|их|его|им)$/, 'blue'],
  [/^фиолетов/, 'purple'],
  [/^сиренев/, 'lilac'],
  [/^черн/, 'black'],
  [/^бел(ый|ая|ое|ом|ой|ую|ые|ых|ого|ым|оснежн\S*)$/, 'white'],
  [/^сер(ый|ая|ое|ом|ой|ую|ые|ых|ого|ым)$/, 'grey'],
  [/^бежев/, 'beige'],
  [/^коричнев/, 'brown'],
  [/^золот/, 'golden'],
  [/^серебр/, 'silver'],
  [/^леопард/, 'leopard print'],
];

/** Clothes: combined with a colour before them ("красном платье" → "wearing a red dress"). */
const GARMENTS: Array<[RegExp, string]> = [
  [/^плать/, 'dress'],
  [/^сарафан/, 'sundress'],
  [/^юбк/, 'skirt'],
  [/^мини-?юбк/, 'mini skirt'],
  [/^(бикини|купальник\S*)$/, 'bikini'],
  [/^(белье|белья|бельи|бельем)$/, 'lingerie'],
  [/^пижам/, 'pajamas'],
  [/^ночнушк|^ночн(ая|ой|ую) рубашк/, 'nightgown'],
  [/^халат/, 'bathrobe'],
  [/^полотенц/, 'towel'],
  [/^джинс/, 'jeans'],
  [/^футболк/, 't-shirt'],
  [/^майк/, 'tank top'],
  [/^топ(ик|е|ом|ике)?$/, 'crop top'],
  [/^рубашк/, 'shirt'],
  [/^блузк/, 'blouse'],
  [/^свитер/, 'sweater'],
  [/^худи$|^толстовк/, 'hoodie'],
  [/^шорт/, 'shorts'],
  [/^леггинс|^лосин/, 'leggings'],
  [/^пальто$/, 'coat'],
  [/^куртк/, 'jacket'],
  [/^шуб/, 'fur coat'],
  [/^пуховик/, 'puffer jacket'],
  [/^костюм/, 'suit'],
  [/^чулк/, 'stockings'],
  [/^кроссовк/, 'sneakers'],
  [/^туфл|^каблук/, 'high heels'],
  [/^шляп/, 'hat'],
  [/^очк/, 'sunglasses'],
  [/^форм[аеуы]$|^униформ/, 'uniform'],
];

/** Places, times and doings; multi-word patterns first. Each matches whole words of the text. */
const PHRASES: Array<[RegExp, string]> = [
  [/^воздушн\S* поцелу\S*/, 'blowing a kiss'],
  [/^пь\S* кофе/, 'drinking coffee'],
  [/^пь\S* вин\S*/, 'drinking a glass of wine'],
  [/^после (спорт)?зал\S*|^после тренировк\S*/, 'after a gym workout, glowing skin'],
  [/^ночн\S* город\S*|^город\S* ночью/, 'night city lights'],
  [/^на закате|^закат\S*/, 'at sunset'],
  [/^на рассвете|^рассвет\S*/, 'at sunrise'],
  [/^в камеру/, 'looking at the camera'],
  [/^у зеркала|^перед зеркалом|^в зеркал\S*|^зеркал\S*/, 'mirror selfie'],
  [/^поправля\S* волос\S*/, 'fixing her hair'],
  [/^пляж\S*/, 'on the beach'],
  [/^мор(е|я|ю|ем)$|^океан\S*/, 'by the sea'],
  [/^бассейн\S*/, 'by the swimming pool'],
  [/^кафе$|^кофейн\S*/, 'in a cozy café'],
  [/^кофе$/, 'drinking coffee'],
  [/^ресторан\S*/, 'in a restaurant'],
  [/^бар(е|а)?$/, 'in a bar'],
  [/^спортзал\S*|^зал(е|а)?$|^фитнес\S*/, 'in the gym'],
  [/^тренировк\S*|^тренируешь\S*/, 'working out'],
  [/^йог\S*/, 'doing yoga'],
  [/^кроват\S*|^постел\S*/, 'in bed'],
  [/^спальн\S*/, 'in the bedroom'],
  [/^диван\S*/, 'on the sofa'],
  [/^дом(а|е)?$|^дома$/, 'at home'],
  [/^уютн\S*/, 'cozy'],
  [/^город\S*|^улиц\S*/, 'city street'],
  [/^ночь\S*|^ночью$|^ночн\S*/, 'at night'],
  [/^вечер\S*/, 'in the evening'],
  [/^утр\S*/, 'in the morning'],
  [/^снег\S*|^снеж\S*/, 'in the snow'],
  [/^зим\S*/, 'winter'],
  [/^лет(о|ом|а)$/, 'summer'],
  [/^осен\S*/, 'autumn'],
  [/^весн\S*/, 'spring'],
  [/^лес(у|е|а)?$/, 'in the forest'],
  [/^парк\S*/, 'in the park'],
  [/^сад(у|е)?$/, 'in the garden'],
  [/^гор(ы|ах|ам)$/, 'in the mountains'],
  [/^озер\S*/, 'by a lake'],
  [/^офис\S*|^работ(е|у)$/, 'in the office'],
  [/^кухн\S*/, 'in the kitchen'],
  [/^ванн\S*/, 'in a bubble bath'],
  [/^душ(е)?$/, 'in the shower'],
  [/^машин\S*/, 'in a car'],
  [/^дожд\S*/, 'in the rain'],
  [/^цвет(ы|ами|ов)$/, 'with flowers'],
  [/^селфи$/, 'selfie'],
  [/^улыба\S*|^улыбк\S*/, 'smiling'],
  [/^танцу\S*|^танц\S*/, 'dancing'],
  [/^гуля\S*|^прогулк\S*/, 'walking'],
  [/^бега\S*|^пробежк\S*/, 'jogging'],
  [/^чита\S*/, 'reading a book'],
  [/^готов(ишь|ит|ить|лю)$/, 'cooking'],
  [/^пь(ешь|ет)$/, 'drinking'],
  [/^вин(о|а|ом)$/, 'a glass of wine'],
  [/^сиди\S*/, 'sitting'],
  [/^лежи\S*/, 'lying down'],
  [/^спишь$|^спит$|^проснул\S*/, 'just woke up'],
  [/^подмигива\S*/, 'winking'],
  [/^смее\S*|^смех\S*/, 'laughing'],
  [/^волос\S*/, 'hair'],
];

function lookup(table: Array<[RegExp, string]>, word: string): string | undefined {
  return table.find(([pattern]) => pattern.test(word))?.[1];
}

/** The words of a text: letters, digits and inner hyphens. */
export function sceneWords(text: string): string[] {
  return normalizeScene(text).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/** Garments named in the plural take no article. */
const PLURAL_GARMENTS = new Set([
  'jeans',
  'shorts',
  'leggings',
  'pajamas',
  'stockings',
  'sneakers',
  'high heels',
  'sunglasses',
  'lingerie',
]);

function wearing(garment: string, colour: string | undefined): string {
  const named = colour ? `${colour} ${garment}` : garment;
  if (PLURAL_GARMENTS.has(garment)) return `wearing ${named}`;
  return `wearing ${/^[aeiou]/.test(named) ? 'an' : 'a'} ${named}`;
}

/** The phrase that matches whole words at the start of `rest`, and how many words it took. */
function phraseAt(rest: string, word: string): { english: string; words: number } | undefined {
  for (const [pattern, english] of PHRASES) {
    const m = pattern.exec(rest);
    if (m && (rest.length === m[0].length || rest[m[0].length] === ' ')) {
      return { english, words: m[0].split(' ').length };
    }
    // A pattern anchored at the end ($) is one word.
    if (pattern.test(word)) return { english, words: 1 };
  }
  return undefined;
}

/**
 * The scene in English, as comma-separated phrases: known Russian words and phrases translated,
 * colours joined to the garment after them, filler words dropped, other words kept in their order
 * (English included). '' for an empty scene.
 */
export function sceneInEnglish(scene: string): string {
  const words = sceneWords(scene);
  const out: string[] = [];
  let kept: string[] = [];
  let colour: string | undefined;
  const push = (phrase: string) => {
    if (kept.length) out.push(kept.join(' '));
    kept = [];
    if (colour) out.push(`wearing ${colour}`);
    colour = undefined;
    if (phrase && !out.includes(phrase)) out.push(phrase);
  };
  for (let i = 0; i < words.length; ) {
    const phrase = phraseAt(words.slice(i).join(' '), words[i] as string);
    if (phrase) {
      push(phrase.english);
      i += phrase.words;
      continue;
    }
    const word = words[i] as string;
    i += 1;
    const hue = lookup(COLOURS, word);
    const garment = hue ? undefined : lookup(GARMENTS, word);
    if (hue) {
      push('');
      colour = hue;
    } else if (garment) {
      const worn = wearing(garment, colour);
      colour = undefined;
      push(worn);
    } else if (!DROPPED.has(word)) {
      if (colour) push('');
      kept.push(word);
    }
  }
  push('');
  return out.join(', ');
}
