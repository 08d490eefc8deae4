/**
 * Which element a pin's paths agree on. Every path that matches exactly one rendered element votes
 * for it. A position-free path (names only) outweighs any number of counting paths, because counting
 * paths fail together and silently: after an insertion they all land on the same neighbour. Without
 * a position-free vote, the content marks decide (content-vote.ts: the element with the pinned
 * content, wherever it moved), else a counted position is trusted only when the forward and backward
 * counts agree and the content there is still the pinned element's (or one count runs past the end
 * and the other names an element holding the pinned text unedited). Anything less is reported as
 * approximate, on the closest element that surely contains the pinned spot: never silently wrong.
 * When no path votes, the ancestors' paths stand in (and disambiguate paths that now match several
 * elements). First load: kept small.
 */
import { readMark } from './content-check';
import { contentVote, distinct, type Ballot, type Verdict } from './content-vote';
import { marksIn } from './fingerprint';
import { pathKind, type PathKind } from './path-kind';
import { renderedMatches, uniqueMatch } from './query';
import { fittingTwin, signatureIn, twinOf, type Signature } from './twin';
import type { PinElement, PinParent } from './types';

export type { Verdict };

export function vote(spots: PinElement[], parents: PinParent[], root: Document): Verdict | null {
  const kinds = spots.map((s) => pathKind(s.elementPath));
  const ballots: Ballot[] = [];
  const ambiguous: { matches: Element[]; spot: PinElement }[] = [];
  /** Counting directions whose path matched nothing at all (not several): the structure there changed. */
  const empty = new Set<PathKind>();
  for (const [i, spot] of spots.entries()) {
    // A position-free vote cannot be overturned by counting paths: skip evaluating them.
    if (kinds[i] !== 'free' && ballots.some((b) => b.kind === 'free')) break;
    const found = renderedMatches(root, spot.elementPath);
    if (Array.isArray(found) && found.length === 1) ballots.push({ element: found[0]!, kind: kinds[i]!, spot });
    else if (Array.isArray(found) && found.length > 1 && kinds[i] === 'free') ambiguous.push({ matches: found, spot });
    else if (Array.isArray(found) && !found.length && kinds[i] !== 'free') empty.add(kinds[i]!);
  }
  const first = spots[0]!;

  const free = distinct(ballots.filter((b) => b.kind === 'free'));
  if (free.length === 1) return unlessWrapped({ status: 'exact', element: free[0]!.element, spot: free[0]!.spot }, spots);
  // A wrapper inserted around the element: a name path still finds it, a path by place the wrapper.
  const [a, b] = free;
  const wrapped = free.length === 2 && (twinOf(a!.element) === b!.element ? fittingTwin(a!.element, b!.element, signatureOf(spots)) : null);
  if (wrapped) return { status: 'exact', element: wrapped, spot: wrapped === a!.element ? a!.spot : b!.spot };
  if (free.length > 1)
    return (
      around(
        free.map((b) => b.element),
        first,
      ) ?? fallback(parents, root, first, ambiguous)
    );

  const counted = distinct(ballots);
  const content = contentVote(spots, root, counted);
  if (content?.verdict) return unlessNestedTwin(content.verdict, spots, root);
  if (counted.length === 1) {
    const { element, spot } = counted[0]!;
    // Trusted when both directions agree (or the pin has no second direction to ask: a single-path
    // thread from another client is as good as that path), unless the content says otherwise.
    const agreed = new Set(ballots.map((b) => b.kind)).size === 2 || new Set(kinds).size === 1;
    if (agreed && !content?.differs(element)) return unlessNestedTwin({ status: 'exact', element, spot }, spots, root);
    // A sibling removed next to the element (or inside the counted chain) leaves one direction
    // counting past the end: it matches nothing, while the other still names the element. Not a
    // neighbour shifted into its place, when the element there holds the pinned text itself, unedited.
    const otherDirectionEmpty = kinds.some((k) => k !== 'free' && k !== counted[0]!.kind && empty.has(k));
    if (otherDirectionEmpty && content?.intact(element) && !content.differs(element))
      return unlessNestedTwin({ status: 'exact', element, spot }, spots, root);
    // One direction found nothing, or the content differs: something was inserted, removed or moved
    // here, and the match may be a neighbour in the pinned element's place — or anything, if whole
    // lists moved. Only an ancestor found without counting is sure to hold the spot.
    return fallback(parents, root, first, ambiguous, true);
  }
  if (counted.length > 1)
    return (
      around(
        counted.map((b) => b.element),
        first,
      ) ?? fallback(parents, root, first, ambiguous)
    );
  return fallback(parents, root, first, ambiguous);
}

/**
 * No path found the element alone: the nearest ancestor that resolves stands in. Ancestors are
 * trusted like the element: a position-free path, or both counting directions agreeing. A
 * position-free path that now matches several elements, exactly one of them inside that ancestor,
 * still finds the element (two independent signals agreeing).
 */
function fallback(
  parents: PinParent[],
  root: Document,
  first: PinElement,
  ambiguous: { matches: Element[]; spot: PinElement }[],
  positionFreeOnly = false,
): Verdict | null {
  const byDepth = new Map<number, string[]>();
  for (const parent of parents) {
    if (!parent || typeof parent.path !== 'string') continue;
    const depth = typeof parent.depth === 'number' && Number.isFinite(parent.depth) ? parent.depth : Number.MAX_SAFE_INTEGER;
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), parent.path]);
  }
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    const ancestor = trustedAncestor(
      byDepth.get(depth)!.filter((path) => !positionFreeOnly || pathKind(path) === 'free'),
      root,
    );
    if (!ancestor) continue;
    const inside = distinct(
      ambiguous.flatMap(({ matches, spot }) => {
        const within = matches.filter((m) => ancestor.contains(m) && m !== ancestor);
        return within.length === 1 ? [{ element: within[0]!, kind: 'free' as const, spot }] : [];
      }),
    );
    if (inside.length === 1) return { status: 'exact', element: inside[0]!.element, spot: inside[0]!.spot };
    return { status: 'approximate', element: ancestor, spot: first };
  }
  return null;
}

/** The element one depth's paths agree on: any position-free match, else the counting paths unanimous. */
function trustedAncestor(paths: string[], root: Document): Element | null {
  if (!paths.length) return null;
  const found = paths.map((path) => ({ path, element: uniqueMatch(root, path) }));
  const free = found.find((f) => f.element && pathKind(f.path) === 'free');
  if (free) return free.element;
  const elements = new Set(found.map((f) => f.element));
  const element = elements.size === 1 ? found[0]!.element : null;
  return element && found.every((f) => textAgrees(f.path, element)) ? element : null;
}

/**
 * A counted ancestor still reads as it did (its text the same or edited), if its path carries its
 * text: the same count after a re-sort names another row, and a pin drawn on that row is wrong.
 */
function textAgrees(path: string, element: Element): boolean {
  const mark = marksIn(path).find((m) => m.kind === 't');
  if (!mark) return true;
  const reading = readMark(mark, element);
  return reading === 'same' || reading === 'similar';
}

/**
 * A wrapper inserted around the pinned element, or inside it around all its children, leaves two
 * nested elements reading the same where one stood (twin.ts), and the paths may name either. The
 * pinned element's signature tells them apart when only one of the two fits it. Otherwise, when
 * paths written while it was alone now match both, which of the two was pinned no stored path tells
 * (the wrapper takes the element's place, or the element keeps it): the pin goes approximately on
 * the outer one, which holds both.
 */
function unlessNestedTwin(verdict: Verdict, spots: PinElement[], root: Document): Verdict {
  const element = verdict.element;
  const twin = twinOf(element);
  if (!twin) return verdict;
  const fitting = fittingTwin(element, twin, signatureOf(spots));
  if (fitting) return { ...verdict, element: fitting };
  const both = spots.some((s) => {
    const found = renderedMatches(root, s.elementPath);
    return Array.isArray(found) && found.includes(element) && found.includes(twin);
  });
  return both ? { status: 'approximate', element: twin === element.parentElement ? twin : element, spot: verdict.spot } : verdict;
}

/**
 * A name path (`body > div`, `#root > div`) written for the pinned element may now name a wrapper put
 * around it: when the signature says the wrapper's only child is the pinned element and the wrapper
 * is not, the pin goes on the child.
 */
function unlessWrapped(verdict: Verdict, spots: PinElement[]): Verdict {
  const twin = twinOf(verdict.element);
  const fitting = twin ? fittingTwin(verdict.element, twin, signatureOf(spots)) : null;
  return fitting ? { ...verdict, element: fitting } : verdict;
}

/** The pinned element's signature, written into one of its paths (none in pins from before it was). */
const signatureOf = (spots: PinElement[]): Signature | null => signatureIn(spots.map((s) => s.elementPath));

/** Contenders disagree: the smallest element containing them all (approximate), unless that is the whole page. */
function around(elements: Element[], spot: PinElement): Verdict | null {
  let common: Element | null = elements[0]!;
  while (common && !elements.every((e) => common!.contains(e))) common = common.parentElement;
  if (!common || common === common.ownerDocument.body || common === common.ownerDocument.documentElement) return null;
  return { status: 'approximate', element: common, spot };
}
