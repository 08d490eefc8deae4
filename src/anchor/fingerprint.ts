/**
 * A content fingerprint carried inside a stored selector. When an element has no name of its own
 * (a list item, a table cell, a paragraph), only its position identifies it — and after a re-sort or
 * an insertion, a position silently names a neighbour. The wire format holds only selectors, so the
 * fingerprint (a hash and a MinHash of the element's first text, or of a few attributes when it has
 * none; or of its row's, card's… when that is what sets it apart) rides in one as
 * `:not([data-pinmark="t<level>:<hash>.<minhash><words>"])`: a clause that excludes nothing (no page has that
 * attribute), so any client reads the path exactly as without it, while our locator finds the
 * element with that content among all elements of the same shape (content-match.ts).
 * Shared by describing and locating; first load, so kept small.
 */

const MARK = /:not\(\[data-pinmark="([tn])([0-3]?):([0-9a-z]{1,7})\.([0-9a-z]{16})([0-9a-z])"\]\)/g;
/** The marks at the end of a path (what `withMarks` appended). */
export const MARKS = /(:not\(\[data-pinmark="[^"]*"\]\))+$/;
/** How far up the content may come from: an empty cell or a "Reply" button is told apart by its row or comment. */
export const MAX_CONTENT_LEVEL = 3;
/** Characters of text read: enough to tell items apart, bounded so a huge container costs no more. */
const TEXT_CHARS = 300;
const ATTRIBUTES = ['src', 'alt', 'aria-label', 'title', 'placeholder', 'name', 'value', 'href', 'd', 'x', 'y', 'width', 'height'];
/** MinHash slots: the likeness of edited text is estimated in steps of 1/8. */
const SLOTS = 8;

/**
 * Some content: a hash of the text (exact), and a MinHash of its words, so that text that was edited
 * (a typo fixed, a price changed, a line added) is still recognised as mostly the same.
 */
export interface Content {
  exact: string;
  /** SLOTS MinHash values, two base-36 digits each. */
  words: string;
  /** Distinct words (capped at 35; 0 for symbols only): short texts are matched exactly or not at all. */
  count: number;
  /** The words themselves, to test another content against this one's MinHash (not stored). */
  tokens?: string[];
}

/**
 * A content mark: `t` — the text of the element's `level`-th ancestor (0: itself), to find it by;
 * `n` — the text of that ancestor's neighbours (previous and next sibling), to tell an element edited
 * where it stands (same neighbours) from another one now standing there.
 */
export interface ContentMark extends Content {
  kind: 't' | 'n';
  level: number;
}

function fnv(text: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const slotValue = (token: string, slot: number) => (fnv(token, slot + 1) % 1296).toString(36).padStart(2, '0');

function ancestor(element: Element, level: number): Element | null {
  let e: Element | null = element;
  for (let i = 0; i < level && e; i++) e = e.parentElement;
  return e;
}

/** The leading text of an element (bounded), or, when it has none, a few of its attributes. */
function textOf(e: Element): string {
  let raw = '';
  const walker = e.ownerDocument.createTreeWalker(e, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node && raw.length < TEXT_CHARS * 2; node = walker.nextNode()) raw += `${node.nodeValue} `;
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS);
  // Attribute-only content is written `name=value`, so it never passes for a text that happens to match.
  return text || ATTRIBUTES.map((name) => `${name}=${e.getAttribute(name) ?? ''}`).join(' ').replace(/\S+=( |$)/g, '').trim();
}

function contentFrom(source: string): Content | null {
  if (!source) return null;
  const words = source.toLowerCase().match(/[\p{L}\p{N}=]+/gu);
  const tokens = [...new Set(words ?? [source])];
  let sample = '';
  for (let slot = 0; slot < SLOTS; slot++) {
    let min = Infinity;
    let value = '';
    for (const token of tokens) {
      const hash = fnv(token, slot + 1);
      if (hash < min) [min, value] = [hash, slotValue(token, slot)];
    }
    sample += value;
  }
  // Symbols only (✓, —, ★★★): no words to count; such text is told apart exactly or not at all.
  return { exact: fnv(source, 0).toString(36), words: sample, count: words ? Math.min(35, tokens.length) : 0, tokens };
}

/** The content of the element's `level`-th ancestor (0: itself). */
export function contentOf(element: Element, level = 0): Content | null {
  const e = ancestor(element, level);
  return e ? contentFrom(textOf(e)) : null;
}

/** The content of the siblings around the element's `level`-th ancestor (null when it has none). */
export function neighboursOf(element: Element, level = 0): Content | null {
  const e = ancestor(element, level);
  const around = [e?.previousElementSibling, e?.nextElementSibling].filter((s): s is Element => !!s);
  return around.length ? contentFrom(around.map(textOf).join(' | ')) : null;
}

/** What a mark holds, read off `element` today. */
export function markedContent(element: Element, mark: ContentMark): Content | null {
  return mark.kind === 'n' ? neighboursOf(element, mark.level) : contentOf(element, mark.level);
}

/** Every MinHash slot counts (see `commonSlots` for leaving some out). */
const ALL_SLOTS: readonly boolean[] = Array.from({ length: SLOTS }, () => true);

/** The share of (counted) MinHash slots two contents agree on (≈ the share of words in common); 1 when identical. */
export function resemblance(a: Content, b: Content, counted = ALL_SLOTS): number {
  if (a.exact === b.exact) return 1;
  let same = 0;
  let all = 0;
  for (let slot = 0; slot < SLOTS; slot++) {
    if (!counted[slot]) continue;
    all++;
    if (a.words.slice(slot * 2, slot * 2 + 2) === b.words.slice(slot * 2, slot * 2 + 2)) same++;
  }
  return all ? (same / all) * 0.99 : 0;
}

/** Whether `b` still has the word `a` sampled in `slot`. */
function keeps(a: Content, b: Content, slot: number): boolean {
  const value = a.words.slice(slot * 2, slot * 2 + 2);
  return !!b.tokens?.some((token) => slotValue(token, slot) === value);
}

/**
 * Slots worth counting when comparing `a` with many contents: a sampled word that most of them have
 * too (`example`, `com`, `Add to cart`) says nothing about which one is `a`.
 */
export function informativeSlots(a: Content, others: Content[]): boolean[] {
  return Array.from({ length: SLOTS }, (_, slot) => others.filter((b) => keeps(a, b, slot)).length <= others.length / 2);
}

/** The share of `a`'s sampled (counted) words still present in `b` (text appended or partly rewritten keeps it high). */
export function containment(a: Content, b: Content, counted = ALL_SLOTS): number {
  if (a.exact === b.exact) return 1;
  let kept = 0;
  let all = 0;
  for (let slot = 0; slot < SLOTS; slot++) {
    if (!counted[slot]) continue;
    all++;
    if (keeps(a, b, slot)) kept++;
  }
  return all ? kept / all : 0;
}

export function withMarks(path: string, marks: ContentMark[]): string {
  return path + marks.map((m) => `:not([data-pinmark="${m.kind}${m.level || ''}:${m.exact}.${m.words}${m.count.toString(36)}"])`).join('');
}

export function marksIn(path: string): ContentMark[] {
  const tail = MARKS.exec(path)?.[0] ?? '';
  return Array.from(tail.matchAll(MARK), (m) => ({ kind: m[1] as 't' | 'n', level: Number(m[2] || 0), exact: m[3]!, words: m[4]!, count: parseInt(m[5]!, 36) }));
}

/** The path without its marks. */
export function unmarked(path: string): string {
  return path.replace(MARKS, '');
}
