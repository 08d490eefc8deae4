/**
 * Synthetic text for the heavy bench pages (bench/pages/*.ts): deterministic, made-up words, so the
 * pages look like real sites in density and rhythm without copying anyone's content, and every run
 * of the bench captures exactly the same page.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same page. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mer',
  'tan',
  'vi',
  'so',
  'ran',
  'del',
  'po',
  'quin',
  'ast',
  'ul',
  'bre',
  'mon',
  'ci',
  'for',
  'ne',
  'tal',
  'gre',
  'han',
  'os',
  'pri',
  'vel',
  'dun',
];

export interface TextSource {
  word(): string;
  words(count: number): string;
  sentence(min?: number, max?: number): string;
  title(min?: number, max?: number): string;
  pick<T>(items: readonly T[]): T;
  int(min: number, max: number): number;
}

export function textSource(seed: number): TextSource {
  const random = seeded(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const word = () => Array.from({ length: int(1, 3) }, () => SYLLABLES[int(0, SYLLABLES.length - 1)]).join('');
  const words = (count: number) => Array.from({ length: count }, word).join(' ');
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return {
    word,
    words,
    sentence: (min = 8, max = 18) => `${capital(words(int(min, max)))}.`,
    title: (min = 4, max = 9) => capital(words(int(min, max))),
    pick: (items) => items[int(0, items.length - 1)]!,
    int,
  };
}

/** Escapes text for HTML (the generated words never need it, but the pages must stay well-formed). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
