const rules = new Intl.PluralRules('ru-RU');

/**
 * Russian plural form for n: `forms` are [one, few, many] — e.g. ['год', 'года', 'лет'].
 * The one helper for every count in the app (ages, relative time, limits).
 */
export function ruPlural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const category = Number.isInteger(n) ? rules.select(n) : 'other';
  if (category === 'one') return forms[0];
  if (category === 'few') return forms[1];
  if (category === 'many') return forms[2];
  return forms[1];
}

/** "25 лет", "21 год", "23 года". */
export function ageWithWord(age: number): string {
  return `${age} ${ruPlural(age, ['год', 'года', 'лет'])}`;
}
