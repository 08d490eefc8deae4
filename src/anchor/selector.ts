/**
 * Short unique CSS paths from @medv/finder, under our naming policy (policy.ts) and our work cap.
 * finder searches combinations of each ancestor's names for the cheapest unique one; we run it in
 * two modes so the pin gets two independent named paths: `hooks` (stable ids, test attributes, form
 * names, link targets, labels) and `classes` (stable class names only). A class renamed in a restyle
 * then leaves the hook path standing, and a hook reused elsewhere is outvoted by the class path.
 * Lazy (describing only): finder must never reach the widget's first load.
 */
import { finder } from '@medv/finder';
import type { WorkBudget } from './budget';
import { isDocumentLevel } from './hooks';
import { isStableAttribute, isStableId, stableClassesOf } from './policy';

export type FinderMode = 'hooks' | 'classes' | 'all';

/**
 * Caps per finder run. finder checks its clock only between checks and, once it has a path, tries
 * shortening it by dropping steps in every combination (exponential in the path's length), so the
 * count of checks is capped per run as well as the time.
 */
const MAX_PATH_CHECKS = 60;
const MAX_RUN_MS = 12;

const never = () => false;
/** What the counting root answers once a run's checks are used up: "not unique", so finder winds down. */
const EXHAUSTED = { length: 2 } as unknown as NodeListOf<Element>;

/**
 * `a > b` made `a b` when that still matches the element alone: a wrapper inserted later between the
 * two then leaves the path working instead of making it match the wrapper (`[href="/x"] > div`).
 */
function loosened(element: Element, path: string, budget: WorkBudget): string {
  const parts = path.split(/("(?:[^"\\]|\\.)*")/); // odd parts are quoted attribute values
  const loose = parts.map((part, i) => (i % 2 ? part : part.replace(/ > /g, ' '))).join('');
  if (loose === path || budget.spent) return path;
  try {
    return budget.isUniqueFor(element, loose) ? loose : path;
  } catch {
    return path;
  }
}

/** finder's path for `element` in `mode`, or null when it found none within the caps. */
export function finderPath(
  element: Element,
  mode: FinderMode,
  budget: WorkBudget,
  maxMs = MAX_RUN_MS,
  maxChecks = MAX_PATH_CHECKS + 20,
): string | null {
  if (isDocumentLevel(element) || budget.spent) return null;
  const doc = element.ownerDocument;
  let checks = 0;
  const check = (selector: string) => (checks++ >= maxChecks || budget.spent ? EXHAUSTED : budget.all(doc, selector));
  // finder takes a root and runs its uniqueness checks on it; this stand-in for the document counts
  // them against the run's cap and the describe's budget.
  const countedRoot = {
    nodeType: 9, // Node.DOCUMENT_NODE: finder then uses it as the document to query
    querySelectorAll: check,
    querySelector: (selector: string) => check(selector)[0] ?? null,
  };
  // Classes are judged with their neighbours (policy.stableClassesOf); finder asks by name only.
  const allowed = new Set<string>();
  for (let e: Element | null = element; e; e = e.parentElement) for (const name of stableClassesOf(e)) allowed.add(name);
  try {
    const path = finder(element, {
      root: countedRoot as unknown as Element,
      idName: mode === 'classes' ? never : isStableId,
      className: mode === 'hooks' ? never : (name) => allowed.has(name),
      attr: mode === 'classes' ? never : isStableAttribute,
      tagName: () => true,
      timeoutMs: Math.min(maxMs, budget.msLeft()),
      maxNumberOfPathChecks: Math.min(MAX_PATH_CHECKS, maxChecks),
    });
    // When out of checks finder returns its own positional path from `html`; ours (structural.ts) are better.
    return path.startsWith('html') ? null : loosened(element, path, budget);
  } catch {
    // Nothing unique within the caps: the structural paths stand in.
    return null;
  }
}
