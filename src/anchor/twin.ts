/**
 * Single-child twins: an element and its only element child that add no text of their own to each
 * other (a wrapper and what it wraps). A wrapper inserted around the pinned element, or inside it
 * around all its children, leaves two nested elements reading the same where one stood: the counting
 * paths then name either one, and every content mark read at an ancestor's level (its row's text, its
 * neighbours) now reads one level too low. This module tells the twins apart by the pinned element's
 * own signature — its tag, its number of classes and its stable class names, written as an extra
 * content clause `:not([data-pinmark="e:…"])` that older clients ignore — and reads ancestor-level
 * marks with such a wrapper skipped. Shared by describing (the clause) and locating; first load, so
 * kept small and free of policy.ts (the describer passes the stable class names in).
 */

/** The pinned element's signature as stored: hashed tag, class count, hashed class names, twins on its chain. */
export interface Signature {
  tag: string;
  classes: number;
  /** Hashes of its stable class names (policy.ts): it keeps them. */
  stable: string[];
  /** Hashes of its other class names: generated ones a rebuild may rename, so only their presence counts. */
  other: string[];
  /** Which links of its chain were twins when pinned (twinLinks). */
  twins: number;
}

const CLAUSE = /:not\(\[data-pinmark="e:([0-9a-z]{3})([0-9a-z])([0-9a-z])([0-6])((?:[0-9a-z]{3}){0,6})"\]\)/;
/** Links of the chain recorded: the element and its child, then it and its parent up to the 3rd ancestor and the 4th. */
const LINKS = 5;
/** Class names hashed into a signature (stable ones first): enough to tell a wrapper from the element it wraps. */
const MAX_CLASSES = 6;

/** Three base-36 characters of a name's hash (46 656 values: a wrapper's class rarely collides). */
function hash3(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return ((hash >>> 0) % 46656).toString(36).padStart(3, '0');
}

/** The clause recording `element`'s signature; `stableClasses` come from policy.ts (describing only). */
export function signatureClause(element: Element, stableClasses: string[]): string {
  const count = Math.min(35, element.classList.length).toString(36);
  const stable = stableClasses.slice(0, MAX_CLASSES);
  const other = Array.from(element.classList)
    .filter((name) => !stable.includes(name))
    .slice(0, MAX_CLASSES - stable.length);
  const hashes = [...stable, ...other].map(hash3).join('');
  return `:not([data-pinmark="e:${hash3(element.localName)}${count}${twinLinks(element, LINKS).toString(36)}${stable.length}${hashes}"])`;
}

/** The signature stored in one of a pin's paths, if any (pins from before it was written carry none). */
export function signatureIn(paths: readonly string[]): Signature | null {
  const match = paths.map((path) => CLAUSE.exec(path)).find(Boolean);
  if (!match) return null;
  const hashes = match[5]!.match(/.{3}/g) ?? [];
  const stable = Number(match[4]);
  return {
    tag: match[1]!,
    classes: parseInt(match[2]!, 36),
    twins: parseInt(match[3]!, 36),
    stable: hashes.slice(0, stable),
    other: hashes.slice(stable),
  };
}

/**
 * Whether `element` looks like the pinned one did: the same tag, as many classes, and every stable
 * name it had. Generated names may have been renamed since (their number stays); a wrapper has other
 * names or none.
 */
export function fits(element: Element, signature: Signature): boolean {
  if (hash3(element.localName) !== signature.tag) return false;
  if (Math.min(35, element.classList.length) !== signature.classes) return false;
  const names = new Set(Array.from(element.classList, hash3));
  return signature.stable.every((name) => names.has(name));
}

/** Whether `outer` holds `inner` alone and adds no text of its own (whitespace and comments aside). */
export function isTwinPair(outer: Element, inner: Element): boolean {
  if (inner.parentElement !== outer || outer.childElementCount !== 1) return false;
  for (let node = outer.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 /* text */ && node.nodeValue?.trim()) return false;
  }
  return true;
}

/** The element's twin: its only child or the parent it is the only child of, when they add no text to each other. */
export function twinOf(element: Element): Element | null {
  const child = element.firstElementChild;
  if (child && isTwinPair(element, child)) return child;
  const parent = element.parentElement;
  return parent && isTwinPair(parent, element) ? parent : null;
}

/**
 * Of two nested twins, the one that fits the signature when only one does, or, when both do, the one
 * that still carries more of its other (generated) class names: a wrapper carries none of them.
 * Null when the signature cannot tell them apart.
 */
export function fittingTwin(a: Element, b: Element, signature: Signature | null): Element | null {
  if (!signature) return null;
  const fitA = fits(a, signature);
  if (fitA !== fits(b, signature)) return fitA ? a : b;
  if (!fitA) return null;
  const kept = (e: Element) => {
    const names = new Set(Array.from(e.classList, hash3));
    return signature.other.filter((name) => names.has(name)).length;
  };
  const [keptA, keptB] = [kept(a), kept(b)];
  return keptA === keptB ? null : keptA > keptB ? a : b;
}

/**
 * Which links of the element's chain are twin pairs, as bits: bit 0 the element and its only child,
 * bit k + 1 its (k)th and (k + 1)th ancestors (0: itself), for `links` bits in all.
 */
export function twinLinks(element: Element, links: number): number {
  const child = element.firstElementChild;
  let bits = child && isTwinPair(element, child) ? 1 : 0;
  let inner: Element = element;
  for (let bit = 1; bit < links; bit++) {
    const outer = inner.parentElement;
    if (!outer) break;
    if (isTwinPair(outer, inner)) bits |= 1 << bit;
    inner = outer;
  }
  return bits;
}

/**
 * The level at which a mark written at `level` is read on `element` now that a wrapper was inserted
 * among its nearest `level + 1` ancestors (null: none was). Content written at the element's
 * `level`-th ancestor then sits one level higher. A wrapper is told from twins the page always had
 * (a link alone in its list item, an input alone in its cell) by the chain recorded when pinned: the
 * links now are those with one twin link inserted.
 */
export function levelPastWrapper(element: Element, level: number, signature: Signature | null): number | null {
  if (!signature) return null;
  const now = twinLinks(element, LINKS + 1) >> 1;
  const before = signature.twins >> 1;
  for (let k = 0; k <= level && k < LINKS - 1; k++) {
    if (!(now & (1 << k))) continue;
    const low = before & ((1 << k) - 1);
    const inserted = low | (1 << k) | ((before >> k) << (k + 1));
    const mask = (1 << (LINKS - 1)) - 1;
    if ((inserted & mask) === (now & mask)) return level + 1;
  }
  return null;
}
