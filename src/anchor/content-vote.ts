/**
 * The content marks' say, when only counting paths found the pin (see fingerprint.ts for the marks).
 * The forward path's mark finds the pinned element among all elements of its shape by its content —
 * wherever a re-sort, an insertion or a wrapper put it — or, after an edit, by the clearly most
 * similar content — never when the element's own text now stands elsewhere inside the marked
 * ancestor (links re-sorted in an unchanged paragraph). Whether the element a position names now is
 * the pinned one edited in place or another one that took its place is content-check.ts's call.
 * First load: kept small.
 */
import { contentCandidates, sameContent, shapeMatches, type Candidate } from './content-match';
import { MIN_WORDS, mayDiffer, ownIntact, ownMoved, readMark, type Marks } from './content-check';
import { containment, informativeSlots, markedContent, marksIn, resemblance, type Content, type ContentMark } from './fingerprint';
import { pathKind, type PathKind } from './path-kind';
import { isRendered } from './query';
import { signatureIn } from './twin';
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

/**
 * The content's say: a verdict when it settles the pin; otherwise whether an element a position
 * names may not be the pinned one, and whether it holds the pinned element's own text unedited.
 */
export interface ContentSay {
  verdict: Verdict | null;
  differs(e: Element): boolean;
  intact(e: Element): boolean;
}

/** Resemblance at or above this makes a match (for texts of MIN_WORDS words or more), if it leads the next by MARGIN. */
const SAME_CONTENT = 0.5;
const MARGIN = 0.25;
/** An edit keeps ≈ 0.5 of all words in common (unrelated texts of a page ≈ 0.07) and most of the text's distinct words. */
const EDITED_RESEMBLANCE = 0.25;
const EDITED_LENGTH = 0.6;

/**
 * A verdict when the content settles it: the one element of the pinned one's shape with the pinned
 * content (several: the one the counting paths name), or clearly the most similar after an edit.
 * Otherwise undecided, with `differs` telling whether an element a position names may not be the
 * pinned one (content-check.ts). Null when the pin carries no marks (another client's, or nothing to hash).
 */
export function contentVote(spots: PinElement[], root: Document, counted: Ballot[]): ContentSay | null {
  const forward = spots.find((s) => pathKind(s.elementPath) === 'forward' && marksIn(s.elementPath).length);
  const backward = spots.find((s) => pathKind(s.elementPath) === 'backward');
  const mark = forward && marksIn(forward.elementPath).find((m) => m.kind === 't');
  const context = backward ? marksIn(backward.elementPath) : [];
  const own = context.find((m) => m.kind === 't') ?? mark;
  const neighbours = context.find((m) => m.kind === 'n');
  if (!own && !neighbours) return null;
  // The elements of the pinned one's shape, sitting where it sat inside the marked ancestor, with
  // their content: where the identifying mark finds the element, and what words its kind shares.
  // Both are computed on first use: most pins are settled by exact hashes before anyone asks.
  let found: Candidate[] | null | undefined;
  const candidatesOf = () => {
    if (found !== undefined) return found;
    const matches = forward && mark ? shapeMatches(root, forward.elementPath)?.filter(isRendered) : null;
    return (found =
      matches && mark ? contentCandidates(matches, [forward!.elementPath, ...(backward ? [backward.elementPath] : [])], mark.level) : null);
  };
  let slots: boolean[] | null | undefined;
  const telling = () => {
    if (slots === undefined) {
      const candidates = candidatesOf();
      slots =
        candidates && mark
          ? informativeSlots(
              mark,
              candidates.flatMap((c) => (c.content ? [c.content] : [])),
            )
          : null;
    }
    return slots ?? undefined;
  };
  const rivalled = (e: Element) => {
    // Only for the element's own text: a row's or card's text also changes with what was added or
    // removed inside it, and its look-alikes' rows then read as close — the neighbours decide there.
    const candidates = mark?.level === 0 ? candidatesOf() : null;
    if (!candidates || !mark) return false;
    const useful = telling();
    const likeness = (c: Content | null) => (c ? Math.max(resemblance(mark, c, useful), containment(mark, c, useful)) : 0);
    const own = likeness(markedContent(e, mark));
    return candidates.some(
      (c) =>
        !c.element.contains(e) &&
        !e.contains(c.element) &&
        likeness(c.content) > own - MARGIN &&
        ['same', 'similar'].includes(readMark(mark, c.element, telling)),
    );
  };
  const marks: Marks = {
    identifying: mark,
    own: own === mark ? undefined : own,
    neighbours,
    identifyingSlots: telling,
    identifyingRivalled: rivalled,
    backwardPath: backward?.elementPath,
    signature: signatureIn(spots.map((s) => s.elementPath)),
  };
  const differs = (e: Element) => mayDiffer(marks, e, root);
  const intact = (e: Element) => ownIntact(marks, e);
  const undecided: ContentSay = { verdict: null, differs, intact };
  // The counting paths disagree (something was inserted or removed right here): the one contender
  // that still holds the pinned element's very words is it; a look-alike or a shifted neighbour reads
  // otherwise. (Not for symbols like ✓, which neighbours share too often.)
  // When the own text was not what set the element apart (the identifying mark is an ancestor's: the
  // row's, the card's), that ancestor must still read alike: "Pending" or "Details" stands in every row.
  const ancestorAgrees = (e: Element) => !mark || mark.level === 0 || ['same', 'similar'].includes(readMark(mark, e, telling));
  const holding =
    own?.count && counted.length > 1
      ? counted.filter((b) => markedContent(b.element, own)?.exact === own.exact && ancestorAgrees(b.element))
      : [];
  if (holding.length === 1) return { verdict: { status: 'exact', element: holding[0]!.element, spot: holding[0]!.spot }, differs, intact };
  const candidates = forward && mark ? candidatesOf() : null;
  if (!forward || !mark || !candidates) return undecided;
  const spot = forward;
  // An ancestor's content with the element's place inside it is a position within that ancestor: links
  // re-sorted inside an unchanged paragraph put another link there. Its own text, moved, says so.
  const elect = (element: Element) =>
    mark.level > 0 && ownMoved(marks, element, root)
      ? undecided
      : { verdict: { status: 'exact' as const, element, spot }, differs, intact };
  const same = sameContent(candidates, mark.exact);
  if (same.length === 1) return elect(same[0]!);
  if (same.length > 1) {
    // Copies with that very content: the one the counting paths name, if they name no other copy.
    const named = distinct(counted.filter((b) => same.includes(b.element)));
    return named.length === 1 ? elect(named[0]!.element) : undecided;
  }
  // The forward count naming the element right after the one the backward count names: an element
  // removed between them (the pinned one, or a sibling before it) shifted the forward count onto the
  // next sibling, never onto the pinned element.
  const shifted = (e: Element) => {
    const fwd = counted.find((b) => b.kind === 'forward');
    const bwd = counted.find((b) => b.kind === 'backward');
    return counted.length === 2 && fwd?.element === e && bwd?.element.nextElementSibling === e;
  };
  // The counting paths disagree and exactly one of the elements they name reads like the identifying
  // content while every other reads as something else entirely: an insertion or a removal shifted one
  // count onto a stranger, the other still names the element, edited.
  if (counted.length > 1) {
    const readings = counted.map((b) => readMark(mark, b.element, telling, marks.signature));
    const alike = counted.filter((_, i) => readings[i] === 'same' || readings[i] === 'similar');
    const others = readings.filter((r) => r === 'other').length;
    // Its own text must read as the marked one edited, all words and length counted: a name cell holds
    // the telling words of the removed email cell beside it ("copper-dawn@example.com").
    const edited = (e: Element) => {
      const content = markedContent(e, mark);
      return (
        mark.level > 0 ||
        (!!content && editedFrom(mark, content) && !rivalled(e) && (!candidatesOf() || keepsOwnWord(mark, e, candidatesOf()!)))
      );
    };
    if (alike.length === 1 && others === counted.length - 1 && edited(alike[0]!.element) && !shifted(alike[0]!.element))
      return elect(alike[0]!.element);
  }
  // Edited text: only the element's own content can tell (an ancestor's changes with anything inside
  // it), and only a text long enough to resemble another by more than chance.
  if (mark.level === 0 && mark.count >= MIN_WORDS) {
    const useful = telling() ?? [];
    if (useful.filter(Boolean).length < useful.length / 2) return undecided;
    const [best, next] = candidates
      .map((c) => ({ element: c.element, score: c.content ? kept(mark, c.content, useful) : 0 }))
      .sort((a, b) => b.score - a.score);
    if (!best || best.score < SAME_CONTENT || best.score - (next?.score ?? 0) < MARGIN) return undecided;
    if (!editedFrom(mark, candidates.find((c) => c.element === best.element)!.content!)) return undecided;
    if (!keepsOwnWord(mark, best.element, candidates)) return undecided;
    // Likeness alone cannot tell the pinned text edited from a look-alike's once the pinned one is
    // gone ("Posts: 8" and "Posts: 39"): a position or the old neighbours must point there too.
    const placed =
      counted.some((b) => b.element === best.element) || (neighbours && ['same', 'similar'].includes(readMark(neighbours, best.element)));
    if (!placed || shifted(best.element)) return undecided;
    // The counting paths name one element that still reads like the pinned one: an estimate that
    // ranks another first does not outweigh them (the positions decide, with `differs`).
    const named = counted.length === 1 ? counted[0]!.element : null;
    if (named && named !== best.element && readMark(mark, named, telling) !== 'other') return undecided;
    return elect(best.element);
  }
  return undecided;
}

/**
 * Whether `content` can be the marked text edited, judged on every sampled word and on its length:
 * the telling words alone are few, and a neighbour holding just them (a name cell beside the email
 * cell `name@example.com` it was made from, once that cell is gone) scores as high as an edit. An
 * editor who rewrites 30 % of a text keeps about half its words in common and about its length.
 */
function editedFrom(mark: ContentMark, content: Content): boolean {
  return resemblance(mark, content) >= EDITED_RESEMBLANCE && content.count >= mark.count * EDITED_LENGTH;
}

/**
 * Whether `element` still holds a sampled word of the mark that no other candidate holds. Look-alikes
 * share their template ("Member Joined: Jan 2004 Posts: 8" beside "… Posts: 39"), so likeness alone
 * elects a neighbour once the pinned element is gone; the pinned one edited keeps most of its own words.
 */
function keepsOwnWord(mark: ContentMark, element: Element, candidates: Candidate[]): boolean {
  for (let slot = 0; slot < mark.words.length / 2; slot++) {
    const value = mark.words.slice(slot * 2, slot * 2 + 2);
    const holders = candidates.filter((c) => c.content?.has?.(slot, value));
    if (holders.length === 1 && holders[0]!.element === element) return true;
  }
  return false;
}

/**
 * For finding an edited element among others: words in common, or nearly all the marked words kept
 * (text was added). A looser share of words kept is common between unrelated texts of one page.
 */
function kept(mark: ContentMark, content: Content, counted: boolean[]): number {
  const share = containment(mark, content, counted);
  return Math.max(resemblance(mark, content, counted), share >= 0.75 ? share : 0);
}

/** One ballot per element (the first, which carries the strongest path's spot). */
export function distinct(ballots: Ballot[]): Ballot[] {
  const seen = new Set<Element>();
  return ballots.filter((b) => !seen.has(b.element) && seen.add(b.element));
}
