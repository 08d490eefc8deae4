/**
 * The pieces paths are made of, for one element: its strongest hook (a test attribute, a stable id,
 * a form name, a link target… — a name that identifies it without counting siblings), its descriptive
 * compound (tag + stable classes) and its position among siblings. Lazy (describing only).
 */
import { TEST_ATTRIBUTES, attributeRank, isStableAttribute, isStableId, stableClassesOf } from './policy';

const esc = (value: string) => CSS.escape(value);

/** `[name="value"]` with the value quoted as a CSS string. */
export function attributeSelector(name: string, value: string): string {
  return `[${esc(name)}="${value.replace(/["\\]/g, '\\$&')}"]`;
}

export interface Hook {
  selector: string;
  /** Lower is stronger (see attributeRank); ids rank with form names. */
  rank: number;
}

/**
 * The element's strongest position-free hook as a compound selector, or null. Test attributes stand
 * alone; other attributes are qualified by the tag (`a[href="/pricing"]`, `input[name="email"]`)
 * because the same value on another kind of element is a different thing.
 */
export function hookOf(element: Element): Hook | null {
  for (const name of TEST_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null && isStableAttribute(name, value)) return { selector: attributeSelector(name, value), rank: 0 };
  }
  const id = element.getAttribute('id');
  if (id && isStableId(id)) return { selector: `#${esc(id)}`, rank: 1 };
  let best: Hook | null = null;
  for (const { name, value } of Array.from(element.attributes)) {
    if (name === 'id' || name === 'class' || name === 'style') continue;
    const rank = attributeRank(name);
    if (rank >= 9 || (best && best.rank <= rank) || !isStableAttribute(name, value)) continue;
    best = { selector: `${esc(element.localName)}${attributeSelector(name, value)}`, rank };
  }
  return best;
}

/** Up to `max` stable classes of an element, the most specific-looking first (longer names say more). */
export function bestClassesOf(element: Element, max = 2): string[] {
  return stableClassesOf(element)
    .sort((a, b) => b.length - a.length)
    .slice(0, max);
}

/** Tag plus up to two stable classes: `h3.card__title`. */
export function compoundOf(element: Element): string {
  return (
    esc(element.localName) +
    bestClassesOf(element)
      .map((name) => `.${esc(name)}`)
      .join('')
  );
}

/** 1-based position among same-tag siblings, counted from the start or from the end. */
export function typeIndex(element: Element, fromEnd = false): { index: number; alone: boolean } {
  const tag = element.localName;
  let before = 0;
  let after = 0;
  for (let s = element.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === tag) before++;
  for (let s = element.nextElementSibling; s; s = s.nextElementSibling) if (s.localName === tag) after++;
  return { index: (fromEnd ? after : before) + 1, alone: before + after === 0 };
}

/** `tag:nth-of-type(i)` (or `:nth-last-of-type`), or the bare tag when no sibling shares it. */
export function positionalStep(element: Element, fromEnd = false): string {
  const tag = esc(element.localName);
  const { index, alone } = typeIndex(element, fromEnd);
  if (alone) return tag;
  return `${tag}:${fromEnd ? 'nth-last-of-type' : 'nth-of-type'}(${index})`;
}

/** True for elements a path may not step through or stop at. */
export function isDocumentLevel(element: Element): boolean {
  const doc = element.ownerDocument;
  return element === doc.body || element === doc.documentElement || element === doc.head;
}
