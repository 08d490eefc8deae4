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

/** `words` holds 16 MinHash slots (2 characters each) since issue 14; older marks hold 8 and are still read. */
const MARK = /:not\(\[data-pinmark="([tn])([0-3]?):([0-9a-z]{1,7})\.([0-9a-z]{32}|[0-9a-z]{16})([0-9a-z])"\]\)/g;
/** The marks at the end of a path (what `withMarks` appended). */
export const MARKS = /(:not\(\[data-pinmark="[^"]*"\]\))+$/;
/** How far up the content may come from: an empty cell or a "Reply" button is told apart by its row or comment. */
export const MAX_CONTENT_LEVEL = 3;
/** Characters of text read: enough to tell items apart, bounded so a huge container costs no more. */
const TEXT_CHARS = 300;
const ATTRIBUTES = ['src', 'alt', 'aria-label', 'title', 'placeholder', 'name', 'value', 'href', 'd', 'x', 'y', 'width', 'height'];
/**
 * MinHash slots written: the likeness of edited text is estimated in steps of 1/16. Eight were too
 * few to tell a paragraph with 30 % of its words edited (likeness ≈ 0.5) from an unrelated one
 * (≈ 0.1) reliably; sixteen add 16 characters to a mark.
 */
const SLOTS = 16;
/** Slots hashed the way the first marks were (fnv with the slot as seed), so their marks compare with today's content. */
const LEGACY_SLOTS = 8;

/**
 * Some content: a hash of the text (exact), and a MinHash of its words, so that text that was edited
 * (a typo fixed, a price changed, a line added) is still recognised as mostly the same.
 */
export interface Content {
  exact: string;
  /** MinHash values, two base-36 digits per slot (16 slots; 8 in older marks). */
  words: string;
  /** Distinct words (capped at 35; 0 for symbols only): short texts are matched exactly or not at all. */
  count: number;
  /** Content read from the page (not a stored mark): whether any of its words has `value` in `slot`. */
  has?(slot: number, value: string): boolean;
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

/** The hash of `token` in `slot`: fnv per slot for the legacy slots, a cheap mix of one fnv for the rest. */
function slotHash(token: string, slot: number, base: number): number {
  if (slot < LEGACY_SLOTS) return fnv(token, slot + 1);
  let h = Math.imul(base ^ Math.imul(slot, 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const valueOf = (hash: number) => (hash % 1296).toString(36).padStart(2, '0');

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
  return (
    text ||
    ATTRIBUTES.map((name) => `${name}=${e.getAttribute(name) ?? ''}`)
      .join(' ')
      .replace(/\S+=( |$)/g, '')
      .trim()
  );
}

/**
 * The exact hash at once; the MinHash only when asked (describing compares hundreds of contents by
 * their exact hash alone), then every word's value per slot is kept for `has`.
 */
function contentFrom(source: string): Content | null {
  if (!source) return null;
  const words = source.toLowerCase().match(/[\p{L}\p{N}=]+/gu);
  const tokens = [...new Set(words ?? [source])];
  let sketch: { words: string; values: Set<string>[] } | null = null;
  const sketched = () => {
    if (sketch) return sketch;
    const min = new Array<number>(SLOTS).fill(Infinity);
    const values = Array.from({ length: SLOTS }, () => new Set<string>());
    const mins = new Array<string>(SLOTS).fill('');
    for (const token of tokens) {
      const base = fnv(token, SLOTS + 1);
      for (let slot = 0; slot < SLOTS; slot++) {
        const hash = slotHash(token, slot, base);
        const value = valueOf(hash);
        values[slot]!.add(value);
        if (hash < min[slot]!) [min[slot], mins[slot]] = [hash, value];
      }
    }
    return (sketch = { words: mins.join(''), values });
  };
  return {
    exact: fnv(source, 0).toString(36),
    get words() {
      return sketched().words;
    },
    // Symbols only (✓, —, ★★★): no words to count; such text is told apart exactly or not at all.
    count: words ? Math.min(35, tokens.length) : 0,
    has: (slot, value) => !!sketched().values[slot]?.has(value),
  };
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

/** Slots both contents have (an older mark has 8). */
const slotsOf = (a: Content, b: Content) => Math.min(a.words.length, b.words.length) / 2;
const slotOf = (c: Content, slot: number) => c.words.slice(slot * 2, slot * 2 + 2);

/** The share of (counted) MinHash slots two contents agree on (≈ the share of words in common); 1 when identical. */
export function resemblance(a: Content, b: Content, counted?: readonly boolean[]): number {
  if (a.exact === b.exact) return 1;
  let same = 0;
  let all = 0;
  for (let slot = 0; slot < slotsOf(a, b); slot++) {
    if (counted && !counted[slot]) continue;
    all++;
    if (slotOf(a, slot) === slotOf(b, slot)) same++;
  }
  return all ? (same / all) * 0.99 : 0;
}

/** Whether `b` (read from the page) still has the word `a` sampled in `slot`. */
function keeps(a: Content, b: Content, slot: number): boolean {
  return !!b.has?.(slot, slotOf(a, slot));
}

/**
 * Slots worth counting when comparing `a` with many contents: a sampled word that most of them have
 * too (`example`, `com`, `Add to cart`) says nothing about which one is `a`.
 */
export function informativeSlots(a: Content, others: Content[]): boolean[] {
  return Array.from({ length: a.words.length / 2 }, (_, slot) => others.filter((b) => keeps(a, b, slot)).length <= others.length / 2);
}

/** The share of `a`'s sampled (counted) words still present in `b` (text appended or partly rewritten keeps it high). */
export function containment(a: Content, b: Content, counted?: readonly boolean[]): number {
  if (a.exact === b.exact) return 1;
  let kept = 0;
  let all = 0;
  for (let slot = 0; slot < a.words.length / 2; slot++) {
    if (counted && !counted[slot]) continue;
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
  return Array.from(tail.matchAll(MARK), (m) => ({
    kind: m[1] as 't' | 'n',
    level: Number(m[2] || 0),
    exact: m[3]!,
    words: m[4]!,
    count: parseInt(m[5]!, 36),
  }));
}

/** The path without its marks. */
export function unmarked(path: string): string {
  return path.replace(MARKS, '');
}
