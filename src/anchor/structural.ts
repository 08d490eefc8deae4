/**
 * Positional paths: `tag:nth-of-type()` steps up to the nearest ancestor with a stable, unique id
 * (or `body`). They need no names at all, so they still work on pages whose every class and id is
 * generated, and they are unique by construction (no search). They are written twice — counting
 * siblings from the start and from the end — because the two break differently: an element inserted
 * before the pinned one shifts the first, one inserted after shifts the second. When both still agree
 * the position is trustworthy; when they disagree the locator knows something moved and says so.
 * Lazy (describing only).
 */
import type { WorkBudget } from './budget';
import { isDocumentLevel, positionalStep } from './hooks';
import { isStableId } from './policy';

export interface StructuralPaths {
  forward: string;
  backward: string;
  /** The element whose id anchors both paths (null: they start at `body`). */
  anchor: Element | null;
  /** Both paths to the element's `depth`-th ancestor (child combinators: unique by construction, no query). */
  ancestor(depth: number): string[];
}

/**
 * Both positional paths to `element`, anchored at its nearest uniquely-identified ancestor. Steps are
 * joined by descendant combinators when that is still unique (a wrapper inserted later between two
 * steps then leaves the path intact), by child combinators otherwise.
 */
export function structuralPaths(element: Element, budget: WorkBudget): StructuralPaths {
  const forward: string[] = [];
  const backward: string[] = [];
  let current: Element | null = element;
  let anchor: Element | null = null;
  let start = 'body';
  while (current && !isDocumentLevel(current)) {
    const id = current.getAttribute('id');
    if (id && isStableId(id) && hasUniqueId(current, id, budget)) {
      anchor = current;
      start = `#${CSS.escape(id)}`;
      break;
    }
    forward.unshift(positionalStep(current));
    backward.unshift(positionalStep(current, true));
    current = current.parentElement;
  }
  if (!anchor && current) start = current.localName;
  const loose = (steps: string[]) => [start, ...steps].join(' ');
  const strict = (steps: string[]) => [start, ...steps].join(' > ');
  const tolerant = forward.length > 1 && isUnique(element, loose(forward), budget) && isUnique(element, loose(backward), budget);
  const ancestor = (depth: number) => (depth > forward.length ? [] : [strict(forward.slice(0, -depth)), strict(backward.slice(0, -depth))]);
  return tolerant
    ? { forward: loose(forward), backward: loose(backward), anchor, ancestor }
    : { forward: strict(forward), backward: strict(backward), anchor, ancestor };
}

function isUnique(element: Element, selector: string, budget: WorkBudget): boolean {
  try {
    return budget.isUniqueFor(element, selector);
  } catch {
    return false; // budget spent: the strict form is unique by construction
  }
}

/**
 * Whether `element` is the only one with this id. getElementById answers for the first holder only,
 * so a duplicate is checked with a query while the budget lasts; without budget the first holder is
 * accepted (duplicated ids are rare, and the locator ignores a path that matches two elements).
 */
function hasUniqueId(element: Element, id: string, budget: WorkBudget): boolean {
  if (element.ownerDocument.getElementById(id) !== element) return false;
  try {
    return budget.isUniqueFor(element, `#${CSS.escape(id)}`);
  } catch {
    return true; // budget spent
  }
}
