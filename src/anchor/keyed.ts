/**
 * Paths keyed on content. A card, table row or list item rarely has a name of its own, but it
 * usually contains one: a link to its product, an input with a name, an image with alt text.
 * `li.card:has(a[href="/p/42"]) h3` finds that item's title wherever the list puts it — after a
 * re-sort, an insertion or a removal — where every counting path would silently land on a neighbour.
 * Built only when the pinned element has no position-free path of its own. Lazy (describing only).
 */
import type { WorkBudget } from './budget';
import { compoundOf, hookOf, isDocumentLevel, positionalStep, type Hook } from './hooks';

/** How far above the pinned element a keyed container is looked for. */
const MAX_LEVELS = 5;
/** Descendants examined per container; an item is small, a bigger subtree is a region, not an item. */
const MAX_SCAN = 60;
/** Keys tried per container (each costs one document-wide query). */
const KEYS_PER_LEVEL = 2;

export function keyedPath(target: Element, budget: WorkBudget): string | null {
  let level: Element | null = target;
  for (let depth = 0; level && depth < MAX_LEVELS && !isDocumentLevel(level); depth++, level = level.parentElement) {
    const keys = descendantKeys(level);
    if (keys === null) return null; // a region, not an item: containers further up are bigger still
    if (!hasTwin(level)) continue; // keys matter for repeated items (cards, rows); a unique box has its structural path
    const container = compoundOf(level);
    for (const key of keys.slice(0, KEYS_PER_LEVEL)) {
      if (budget.spent) return null;
      if (!keysOnly(level, key, container, budget)) continue;
      const head = `${container}:has(${key.selector})`;
      if (level === target) return head;
      const below = pathWithin(level, target, budget);
      if (below) return head + below;
    }
  }
  return null;
}

/** Whether a sibling shares the element's tag: it is one of a list's items, and position alone may mislead. */
function hasTwin(element: Element): boolean {
  for (const sibling of Array.from(element.parentElement?.children ?? []))
    if (sibling !== element && sibling.localName === element.localName) return true;
  return false;
}

/** Hooked descendants of a container, strongest first; null when the subtree is too big to be an item. */
function descendantKeys(container: Element): { element: Element; selector: string; rank: number }[] | null {
  const all = container.getElementsByTagName('*');
  if (all[MAX_SCAN]) return null;
  const keys: { element: Element; selector: string; rank: number }[] = [];
  for (const element of Array.from(all)) {
    const hook: Hook | null = hookOf(element);
    if (hook) keys.push({ element, ...hook });
  }
  return keys.sort((a, b) => a.rank - b.rank);
}

/** Whether `container:has(key)` matches `container` alone: the key is unique, and no other ancestor of it matches. */
function keysOnly(container: Element, key: { element: Element; selector: string }, compound: string, budget: WorkBudget): boolean {
  if (!budget.isUniqueFor(key.element, key.selector)) return false;
  let matching = 0;
  for (let a = key.element.parentElement; a; a = a.parentElement) if (a.matches(compound)) matching++;
  return matching === 1;
}

/** From the container down to the target: ` h3.title` if unique inside, else a child chain, positional as a last resort. */
function pathWithin(container: Element, target: Element, budget: WorkBudget): string | null {
  const compound = compoundOf(target);
  if (isOnlyMatch(container, target, compound, budget)) return ` ${compound}`;
  const chain: Element[] = [];
  for (let e: Element | null = target; e && e !== container; e = e.parentElement) chain.unshift(e);
  const named = chain.map(compoundOf).join(' > ');
  if (isOnlyMatch(container, target, `:scope > ${named}`, budget)) return ` > ${named}`;
  return ` > ${chain.map((e) => positionalStep(e)).join(' > ')}`;
}

function isOnlyMatch(scope: Element, target: Element, selector: string, budget: WorkBudget): boolean {
  const found = budget.all(scope, selector);
  return found.length === 1 && found[0] === target;
}
