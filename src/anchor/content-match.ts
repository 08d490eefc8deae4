/**
 * Finding the pinned element by its content mark (fingerprint.ts) among all elements built like it:
 * the same shape (its structural path without positions, any depth between steps) and, when the mark
 * is an ancestor's content, the same place inside that ancestor — by every counting path at once, so
 * that a neighbour merely shifted into the pinned element's slot does not pass. Describing runs this
 * to check that the mark singles the element out; locating runs the very same steps to find it.
 * Shared; first load.
 */
import { contentOf, unmarked, type Content } from './fingerprint';

/** Elements of one shape compared at most; a shape this common (on a huge page) is not worth it. */
export const MAX_SHAPE_MATCHES = 200;

export interface Candidate {
  element: Element;
  content: Content | null;
}

/** The path with positions and the content mark removed, and any depth allowed between steps. */
export function shapeOf(path: string): string {
  return unmarked(path)
    .replace(/:nth-(last-)?(of-type|child)\(\d+\)/g, '')
    .replace(/\s*>\s*/g, ' ');
}

/** The last `level` steps of a structural path: where the pinned element sits inside its `level`-th ancestor. */
export function tailOf(path: string, level: number): string {
  return unmarked(path)
    .split(/\s*>\s*|\s+/)
    .slice(-level)
    .join(' > ');
}

/** Elements of the path's shape (null: too many to compare, or not a selector). */
export function shapeMatches(root: ParentNode, path: string): Element[] | null {
  try {
    const all = root.querySelectorAll(shapeOf(path));
    return all.length > MAX_SHAPE_MATCHES ? null : Array.from(all);
  } catch {
    return null;
  }
}

/**
 * Those of `matches` that sit, inside their `level`-th ancestor, where every one of `paths` says the
 * pinned element sat; each with that ancestor's content.
 */
export function contentCandidates(matches: Element[], paths: string[], level: number): Candidate[] {
  const tails = level ? paths.map((path) => tailOf(path, level)) : [];
  return matches
    .filter((element) =>
      tails.every((tail) => {
        try {
          return element.matches(tail);
        } catch {
          return false;
        }
      }),
    )
    .map((element) => ({ element, content: contentOf(element, level) }));
}

/**
 * Candidates with exactly that content. A candidate that contains another one with the same content
 * is left out: it is a wrapper added around the pinned element (which carries its text), not it.
 */
export function sameContent(candidates: Candidate[], exact: string): Element[] {
  const same = candidates.filter((c) => c.content?.exact === exact).map((c) => c.element);
  return same.filter((e) => !same.some((other) => other !== e && e.contains(other)));
}
