/**
 * The paths written into a pin's `elements[]` and `elementParents[]`. Several independent paths per
 * pin, because each kind of page change breaks a different kind of path: a restyle breaks class
 * paths, a re-sort breaks positions, a framework upgrade breaks ids. Each path matches the element
 * alone when written; the locator lets them vote. Order (and what the locator relies on):
 *   0–2 position-free paths, the first of: hooks (finder over stable ids, test attributes, names,
 *       links, labels), keyed (`item:has(unique hook) …`, when hooks needed positions), classes
 *       (finder over stable class names);
 *   then forward (nth-of-type chain from the nearest stable id) and backward (nth-last-of-type).
 * Duplicates are dropped; 2–4 paths in all. Lazy (describing only).
 */
import type { WorkBudget } from './budget';
import { isDocumentLevel } from './hooks';
import { contentCandidates, sameContent, shapeMatches } from './content-match';
import { MAX_CONTENT_LEVEL, contentOf, marksIn, neighboursOf, withMarks, type ContentMark } from './fingerprint';
import { keyedPath } from './keyed';
import { isPositionFree } from './path-kind';
import { stableClassesOf } from './policy';
import { finderPath } from './selector';
import { structuralPaths } from './structural';
import { signatureClause } from './twin';

/** The server accepts 1–10 elements of at most 2000 characters; fewer, shorter paths locate faster. */
export const MAX_CANDIDATES = 4;
export const MAX_PATH_LENGTH = 2000;
export const MAX_PARENTS = 5;
/** Time for each finder search (ms): hooks, then classes, then each ancestor; on a typical page each takes far less. */
const HOOK_MS = 8;
const CLASS_MS = 5;
const PARENT_MS = 2;
/** finder checks per ancestor: ancestors matter less than the element, and there are five of them. */
const PARENT_CHECKS = 30;

/** 2–4 distinct paths that each match `target` alone, strongest first. */
export function candidatePaths(target: Element, budget: WorkBudget): string[] {
  // Cheapest and always useful first (a big page may leave no time for the searches after them).
  const structural = structuralPaths(target, budget);
  // Marks add ~45 characters each; a path they would push over the limit goes without them.
  const fit = (marked: string | null, plain: string) => (marked && marked.length <= MAX_PATH_LENGTH ? marked : plain);
  const forward = fit(
    attempt(() => withContentMark(target, structural.forward, structural.backward, budget)),
    structural.forward,
  );
  const backward = fit(withContextMarks(target, structural.backward, marksIn(forward)[0]?.level ?? -1), structural.backward);
  const hooks = attempt(() => finderPath(target, 'hooks', budget, HOOK_MS));
  const keyed = hooks && isPositionFree(hooks) ? null : attempt(() => keyedPath(target, budget));
  const classes = attempt(() => finderPath(target, 'classes', budget, CLASS_MS));
  // finder's paths that count siblings are left out: they are unique by accident (`div:nth-of-type(8)`
  // is the only 8th div on the page today) and fail together with the forward chain, adding no vote.
  const named = unique([hooks, keyed, classes])
    .filter(isPositionFree)
    .slice(0, MAX_CANDIDATES - 2);
  // A keyed path with positions inside its item still survives the item's list being re-sorted.
  const local = keyed && !isPositionFree(keyed) && named.length < MAX_CANDIDATES - 2 ? [keyed] : [];
  const paths = unique([...named, ...local, forward, backward]);
  // Only on absurdly deep pages is every path over the length limit: keep the tail of the chain
  // (it may match several elements; the locator then falls back to the ancestors).
  return paths.length ? paths : [tail(forward)];
}

/**
 * The forward path with a content mark (fingerprint.ts): the content of the element, or of the
 * nearest ancestor (up to MAX_CONTENT_LEVEL) whose content, with the element's place inside it,
 * singles it out among all elements of its shape today (content-match.ts). Null when none does.
 */
function withContentMark(target: Element, forward: string, backward: string, budget: WorkBudget): string | null {
  budget.charge(); // the one document-wide query below
  const matches = shapeMatches(target.ownerDocument, forward);
  for (let level = 0; matches && level <= MAX_CONTENT_LEVEL; level++) {
    const content = contentOf(target, level);
    if (!content) continue;
    const same = sameContent(contentCandidates(matches, [forward, backward], level), content.exact);
    if (same.length === 1 && same[0] === target) return withMarks(forward, [{ kind: 't', level, ...content }]);
  }
  return null;
}

/**
 * The backward path with what tells, should the element's place later hold something else, whether
 * that is the element edited where it stands or another one moved there: its own text (the nearest
 * text at or above it, unless the forward mark holds that already) and its neighbours' text (the
 * nearest siblings at or above it). An edit in place keeps the neighbours; a re-sort does not.
 */
function withContextMarks(target: Element, backward: string, markedLevel: number): string {
  const marks: ContentMark[] = [];
  for (let level = 0; level <= MAX_CONTENT_LEVEL; level++) {
    const content = contentOf(target, level);
    if (!content) continue;
    if (level !== markedLevel) marks.push({ kind: 't', level, ...content });
    break;
  }
  for (let level = 0; level <= MAX_CONTENT_LEVEL; level++) {
    const content = neighboursOf(target, level);
    if (!content) continue;
    marks.push({ kind: 'n', level, ...content });
    break;
  }
  return withMarks(backward, marks) + signatureClause(target, stableClassesOf(target));
}

function tail(path: string): string {
  const steps = path.split(' > ');
  while (steps.length > 1 && steps.join(' > ').length > MAX_PATH_LENGTH) steps.shift();
  return steps.join(' > ').slice(-MAX_PATH_LENGTH);
}

/**
 * Paths of the nearest ancestors (depth 1 = parent), for when the element itself is gone or its
 * paths disagree. A position-free path where finder finds one; otherwise both counting paths, under
 * the same depth, so the locator can check them against each other as it does for the element.
 */
export function parentPaths(target: Element, budget: WorkBudget): { path: string; depth: number }[] {
  const parents: { path: string; depth: number }[] = [];
  const structural = structuralPaths(target, budget);
  let depth = 1;
  for (
    let parent = target.parentElement;
    parent && depth <= MAX_PARENTS && !isDocumentLevel(parent);
    parent = parent.parentElement, depth++
  ) {
    const free = attempt(() => finderPath(parent!, 'all', budget, PARENT_MS, PARENT_CHECKS));
    // Above the chain's id anchor the chain knows no path; the ancestor's own chain needs no query
    // when the budget is spent, so a pin never loses its ancestors to a slow machine.
    const chained = structural.ancestor(depth);
    const paths =
      free && isPositionFree(free)
        ? [free]
        : (chained.length ? chained : ownChain(parent, budget)).map((path) => withOwnText(parent!, path));
    for (const path of unique(paths)) parents.push({ path, depth });
  }
  return parents;
}

/**
 * A counting path to an ancestor carries the ancestor's text: after its list is re-sorted the same
 * count names another row or card, and the locator must see that before placing a pin on it.
 */
function withOwnText(ancestor: Element, path: string): string {
  const content = contentOf(ancestor);
  const marked = content ? withMarks(path, [{ kind: 't', level: 0, ...content }]) : path;
  return marked.length <= MAX_PATH_LENGTH ? marked : path;
}

function ownChain(element: Element, budget: WorkBudget): string[] {
  const own = structuralPaths(element, budget);
  return [own.forward, own.backward];
}

/** A builder's path, or null when it ran out of budget or failed: describing never throws into the page. */
function attempt(build: () => string | null): string | null {
  try {
    return build();
  } catch {
    return null;
  }
}

function unique(paths: (string | null)[]): string[] {
  return [...new Set(paths.filter((p): p is string => !!p && p.length <= MAX_PATH_LENGTH))];
}
