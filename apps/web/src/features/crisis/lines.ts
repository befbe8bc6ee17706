import { type CrisisLine, type CrisisLines, DEFAULT_CRISIS_LINES } from '@podruga/shared';

/** A piece of her crisis reply: plain text, or a link (a number to call, a site). */
export interface Segment {
  text: string;
  href?: string;
}

/** Emergency numbers worth a tap wherever they are written (112 in Russia and Europe, 911, 999, 988). */
const EMERGENCY = /(?<![\p{N}+])(?:112|911|999|988)(?![\p{N}])/gu;
/** A phone number of six digits or more, written with spaces, dashes or brackets (on one line). */
const PHONE = /(?<![\p{L}\p{N}+])\+?\d(?:[ \u00a0\-–()]*\d){5,14}(?![\p{N}])/gu;
/** A web address, with its scheme or as a bare domain ("pomoschryadom.ru"). */
const URL_PATTERN =
  /https?:\/\/[^\s<>«»"]*[^\s<>«»".,;:!?)]|(?<![\p{L}\p{N}@.\-/])(?:[\p{L}\p{N}-]+\.)+(?:ru|рф|com|org|net|ua|by|kz|info|help|online|de|pl|es|fr|uk|us|eu)(?:\/[^\s<>«»"]*[^\s<>«»".,;:!?)])?(?![\p{L}\p{N}])/giu;

/** A number as the phone dials it: digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** An address as the browser opens it: a bare domain gets https. */
export function urlHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** The ways a line's address may be written in a text: as given, without its scheme, slash or www. */
function urlForms(url: string): string[] {
  const bare = url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  return [...new Set([url, url.replace(/\/$/, ''), bare, bare.replace(/^www\./i, '')])].sort(
    (a, b) => b.length - a.length,
  );
}

/** Every default line once (the chat's reply without a list of its own may name any of them). */
export function allLines(lines: CrisisLines = DEFAULT_CRISIS_LINES): CrisisLine[] {
  const seen = new Set<string>();
  return Object.values(lines)
    .flat()
    .filter((line) => {
      const key = `${line.name}|${line.phone ?? ''}|${line.url ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

interface Span {
  start: number;
  end: number;
  href: string;
}

/**
 * Her reply cut into text and links: each line's number as written in `lines` a `tel:` link, its
 * address a link; then emergency numbers, other phone numbers and web addresses the text holds. A
 * place already taken by an earlier kind is not taken again.
 */
export function linkSegments(text: string, lines: readonly CrisisLine[]): Segment[] {
  const spans: Span[] = [];
  const free = (start: number, end: number) => spans.every((s) => end <= s.start || start >= s.end);
  const take = (start: number, end: number, href: string) => {
    if (end > start && free(start, end)) spans.push({ start, end, href });
  };
  const needles = lines.flatMap((line) => [
    ...(line.phone ? [{ needle: line.phone, href: telHref(line.phone) }] : []),
    ...(line.url ? urlForms(line.url).map((needle) => ({ needle, href: urlHref(line.url ?? '') })) : []),
  ]);
  for (const { needle, href } of needles.sort((a, b) => b.needle.length - a.needle.length)) {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      take(at, at + needle.length, href);
    }
  }
  for (const [pattern, href] of [
    [URL_PATTERN, urlHref],
    [PHONE, telHref],
    [EMERGENCY, telHref],
  ] as const) {
    for (const match of text.matchAll(pattern))
      take(match.index, match.index + match[0].length, href(match[0]));
  }
  spans.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) segments.push({ text: text.slice(at, span.start) });
    segments.push({ text: text.slice(span.start, span.end), href: span.href });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/** The lines a reply listed whose number and address its text does not hold: shown under it. */
export function linesNotInText(text: string, lines: readonly CrisisLine[]): CrisisLine[] {
  return lines.filter(
    (line) =>
      !(line.phone && text.includes(line.phone)) &&
      !(line.url && urlForms(line.url).some((form) => text.includes(form))),
  );
}

/** A country's name in Russian from its ISO code; `default` is every other country. */
export function countryName(code: string): string {
  if (code === 'default') return 'Другие страны';
  try {
    return new Intl.DisplayNames(['ru'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface CountryLines {
  code: string;
  name: string;
  lines: CrisisLine[];
}

/** The lines by country for the crisis page: in their order, `default` last, countries without lines left out. */
export function linesByCountry(lines: CrisisLines = DEFAULT_CRISIS_LINES): CountryLines[] {
  return Object.entries(lines)
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => Number(a === 'default') - Number(b === 'default'))
    .map(([code, list]) => ({ code, name: countryName(code), lines: list }));
}
