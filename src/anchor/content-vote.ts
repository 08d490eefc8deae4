/**
 * The content marks' say, when only counting paths found the pin (see fingerprint.ts for the marks).
 * The forward path's mark finds the pinned element among all elements of its shape by its content —
 * wherever a re-sort, an insertion or a wrapper put it — or, after an edit, by the clearly most
 * similar content. The backward path's marks (its own text, its neighbours' text) tell whether the
 * element a position names now is the pinned one edited in place (same neighbours) or another one
 * that took its place. First load: kept small.
 */
import { contentCandidates, sameContent, shapeMatches } from './content-match';
import { containment, informativeSlots, markedContent, marksIn, resemblance, type Content, type ContentMark } from './fingerprint';
import { pathKind, type PathKind } from './path-kind';
import { isRendered } from './query';
import type { PinElement } from './types';

export interface Verdict {
  status: 'exact' | 'approximate';
  element: Element;
  /** The stored spot whose offsets place the pin (the first one that voted for `element`). */
  spot: PinElement;
}

export interface Ballot {
  element: Element;
  kind: PathKind;
  spot: PinElement;
}

/** Resemblance at or above this makes a match (for texts of MIN_WORDS words or more), if it leads the next by MARGIN. */
const SAME_CONTENT = 0.5;
const MARGIN = 0.25;
const MIN_WORDS = 4;
/** Sampled words that must be telling (not shared by most candidates) for a likeness to mean anything. */
const MIN_SLOTS = 4;
/** Below this (resemblance and containment both), the element a position names holds other content. */
const OTHER_CONTENT = 0.5;

/**
 * A verdict when the content settles it: the one element of the pinned one's shape with the pinned
 * content (several: the one the counting paths name), or clearly the most similar after an edit.
 * Otherwise undecided, with `differs` telling whether an element a position names may not be the
 * pinned one. Null when the pin carries no marks (another client's, or nothing to hash).
 */
export function contentVote(spots: PinElement[], root: Document, counted: Ballot[]): { verdict: Verdict | null; differs(e: Element): boolean } | null {
  const forward = spots.find((s) => pathKind(s.elementPath) === 'forward' && marksIn(s.elementPath).length);
  const backward = spots.find((s) => pathKind(s.elementPath) === 'backward');
  const mark = forward && marksIn(forward.elementPath).find((m) => m.kind === 't');
  const context = backward ? marksIn(backward.elementPath) : [];
  const own = context.find((m) => m.kind === 't') ?? mark;
  const neighbours = context.find((m) => m.kind === 'n');
  if (!own && !neighbours) return null;
  // Whether `e` may not be the pinned element: its neighbours read otherwise (an edit in place leaves
  // them exactly as they were; a re-sort does not — likeness is not enough, a re-sort can bring the
  // same two neighbours in swapped order), unless its own text is the pinned element's — text that set
  // it apart from all of its kind (a text many share, like "Reply", proves nothing).
  const unique = own && own === mark && own.level === 0 ? own : null;
  const differs = (e: Element) => (neighbours ? markedContent(e, neighbours)?.exact !== neighbours.exact : !!own && unlike(own, e)) && !(unique && markedContent(e, unique)?.exact === unique.exact);
  // The counting paths disagree (something was inserted or removed right here): the one contender
  // that still holds the pinned element's very words is it; a look-alike or a shifted neighbour reads
  // otherwise. (Not for symbols like ✓, which neighbours share too often.)
  const holding = own?.count && counted.length > 1 ? counted.filter((b) => markedContent(b.element, own)?.exact === own.exact) : [];
  if (holding.length === 1) return { verdict: { status: 'exact', element: holding[0]!.element, spot: holding[0]!.spot }, differs };
  if (!forward || !mark) return { verdict: null, differs };
  const matches = shapeMatches(root, forward.elementPath)?.filter(isRendered);
  if (!matches) return { verdict: null, differs };
  const candidates = contentCandidates(matches, [forward.elementPath, ...(backward ? [backward.elementPath] : [])], mark.level);
  const spot = forward;
  const elect = (element: Element) => ({ verdict: { status: 'exact' as const, element, spot }, differs });
  const same = sameContent(candidates, mark.exact);
  if (same.length === 1) return elect(same[0]!);
  if (same.length > 1) {
    // Copies with that very content: the one the counting paths name, if they name no other copy.
    const named = distinct(counted.filter((b) => same.includes(b.element)));
    return named.length === 1 ? elect(named[0]!.element) : { verdict: null, differs };
  }
  // Edited text: only the element's own content can tell (an ancestor's changes with anything inside
  // it), and only a text long enough to resemble another by more than chance.
  if (mark.level === 0 && mark.count >= MIN_WORDS) {
    const contents = candidates.flatMap((c) => (c.content ? [c.content] : []));
    const telling = informativeSlots(mark, contents);
    if (telling.filter(Boolean).length < MIN_SLOTS) return { verdict: null, differs };
    const [best, next] = candidates
      .map((c) => ({ element: c.element, score: c.content ? kept(mark, c.content, telling) : 0 }))
      .sort((a, b) => b.score - a.score);
    if (best && best.score >= SAME_CONTENT && best.score - (next?.score ?? 0) >= MARGIN) return elect(best.element);
  }
  return { verdict: null, differs };
}

/**
 * For finding an edited element among others: words in common, or nearly all the marked words kept
 * (text was added). A looser share of words kept is common between unrelated texts of one page.
 */
function kept(mark: ContentMark, content: Content, counted: boolean[]): number {
  const share = containment(mark, content, counted);
  return Math.max(resemblance(mark, content, counted), share >= 0.75 ? share : 0);
}

/** How much of the marked content `content` still has: words in common, or the marked words kept (text added to it). */
function likeness(mark: ContentMark, content: Content): number {
  return Math.max(resemblance(mark, content), containment(mark, content));
}

/** Whether `e`'s content (at the mark's level) has little in common with the mark's. */
function unlike(mark: ContentMark, e: Element): boolean {
  const content = markedContent(e, mark);
  return !content || likeness(mark, content) < OTHER_CONTENT;
}

/** One ballot per element (the first, which carries the strongest path's spot). */
export function distinct(ballots: Ballot[]): Ballot[] {
  const seen = new Set<Element>();
  return ballots.filter((b) => !seen.has(b.element) && seen.add(b.element));
}
