/**
 * Whether the element a counted position names now is still the pinned one, read from the content
 * marks (fingerprint.ts). Positions survive a text edit but also name a stranger after a re-sort:
 * items that differ only by their text trade places and every count still agrees. So the content
 * decides, strongest signal first — the mark that singled the element out when it was pinned, then
 * its own text, then its neighbours' — and edited text is recognised by word likeness, not only by
 * its exact hash. When nothing clearly says "the same", the answer is "may differ": the locator then
 * places the pin approximately, which the reviewer sees, rather than silently on another item.
 * First load: kept small.
 */
import { shapeMatches } from './content-match';
import { containment, markedContent, resemblance, type ContentMark } from './fingerprint';
import { isRendered } from './query';
import { levelPastWrapper, type Signature } from './twin';

/** Texts with fewer distinct words are matched exactly or not at all: a likeness of two words is chance. */
export const MIN_WORDS = 4;
/**
 * Likeness of the same text with 30 % of its words replaced is ≈ 0.5 (words in common) and ≈ 0.7
 * (marked words kept); two unrelated texts of one page score ≈ 0.07 and ≈ 0.2. The bounds sit between,
 * with room for the 16-slot estimate's spread.
 */
const SIMILAR_RESEMBLANCE = 0.3;
const SIMILAR_CONTAINMENT = 0.6;
const OTHER_RESEMBLANCE = 0.15;
const OTHER_CONTAINMENT = 0.4;

export type Reading = 'same' | 'similar' | 'unsure' | 'other';

/**
 * How the content at `mark`'s level of `e` compares with the marked content. `telling`: the slots
 * whose sampled word most elements of the shape do not share (fingerprint.informativeSlots) — cards
 * that differ only by their names share "$19.99 In stock Add to cart", which says nothing about
 * which card this is; with fewer than half the slots telling, only the exact text can say.
 */
export function readMark(
  mark: ContentMark,
  e: Element,
  tellingOf?: () => readonly boolean[] | undefined,
  signature: Signature | null = null,
): Reading {
  const reading = readAt(mark, e, tellingOf);
  if (reading === 'same' || reading === 'similar') return reading;
  // A wrapper inserted on the element's branch puts what was marked at an ancestor's level (its
  // row's text, its neighbours) one level higher: read it there too (twin.ts).
  const past = levelPastWrapper(e, mark.level, signature);
  if (past === null) return reading;
  const unwrapped = readAt({ ...mark, level: past }, e, tellingOf);
  return unwrapped === 'same' || unwrapped === 'similar' ? unwrapped : reading;
}

function readAt(mark: ContentMark, e: Element, tellingOf?: () => readonly boolean[] | undefined): Reading {
  const content = markedContent(e, mark);
  if (!content) return 'other';
  if (content.exact === mark.exact) return 'same';
  // A short text that reads otherwise was edited or belongs to another element: it cannot say which.
  if (mark.count < MIN_WORDS) return 'unsure';
  const telling = tellingOf?.(); // asked only now: it reads every element of the shape
  if (telling && telling.filter(Boolean).length < telling.length / 2) return 'unsure';
  const alike = resemblance(mark, content, telling);
  const kept = containment(mark, content, telling);
  if (alike >= SIMILAR_RESEMBLANCE || kept >= SIMILAR_CONTAINMENT) return 'similar';
  return alike < OTHER_RESEMBLANCE && kept < OTHER_CONTAINMENT ? 'other' : 'unsure';
}

export interface Marks {
  /** The forward path's mark: the content that set the element apart from all of its shape when pinned. */
  identifying?: ContentMark;
  /** The backward path's own-text mark (when the identifying mark is not already that). */
  own?: ContentMark;
  /** The backward path's neighbours mark. */
  neighbours?: ContentMark;
  /** The identifying mark's telling slots among the elements of its shape (undefined: all slots); computed on first use. */
  identifyingSlots?: () => boolean[] | undefined;
  /** Whether another element of the shape reads nearly as like the identifying mark as `e` does. */
  identifyingRivalled?: (e: Element) => boolean;
  /** The backward path, to look for the pinned text elsewhere among elements of its shape. */
  backwardPath?: string;
  /** The pinned element's signature (twin.ts): the twins its chain had, to read marks past a wrapper inserted since. */
  signature?: Signature | null;
}

/**
 * Whether `e`, named by counting paths that agree, may not be the pinned element. The same: its
 * identifying content reads the same or edited (and its own text was not moved elsewhere); or its
 * neighbours are exactly as they were — an edit in place keeps them — and telling (no other element
 * of the shape has them: "✓ | —" or "March 3 | Reply" next to every item says nothing); or, when the
 * identifying mark cannot tell (a short text edited, words all items share), its neighbours read as
 * they were or edited around an own text that is the element's alone.
 */
export function mayDiffer(marks: Marks, e: Element, root: Document): boolean {
  const { identifying, neighbours } = marks;
  const own = ownMark(marks);
  const signature = marks.signature ?? null;
  let byIdentity = identifying ? readMark(identifying, e, marks.identifyingSlots, signature) : 'unsure';
  // Edited text is recognised by likeness only with a clear lead: when others of its kind read as
  // alike ("…@example.com" cells, "www.example.org › docs › …" lines), likeness cannot say which one it is.
  if (byIdentity === 'similar' && marks.identifyingRivalled?.(e)) byIdentity = 'unsure';
  if (byIdentity === 'same' || byIdentity === 'similar') return ownMoved(marks, e, root);
  const around = neighbours ? readMark(neighbours, e, undefined, signature) : null;
  // Rewritten where it stands: the very neighbours it had, and they are its alone — unless the
  // pinned text, edited, now clearly stands elsewhere (a re-sort put another item here).
  const moved = () => ownMoved(marks, e, root) || movedEdited(marks, e, root);
  if (around === 'same' && telling(neighbours!, e, marks.backwardPath, root)) return moved();
  // Rewritten together with its neighbours (an inline element in a paragraph an editor rewrote):
  // they read as edited, and clearly more like the old ones than any other element's neighbours do.
  if (around === 'similar' && clearlyClosest(neighbours!, e, marks.backwardPath, root)) return moved();
  if (byIdentity === 'other') return true;
  const ownReading = own ? readMark(own, e, undefined, signature) : 'unsure';
  const ownAlike = ownReading === 'same' || ownReading === 'similar' || (!!own && grown(own, e));
  // The own text sets the element apart only when no other element of its shape holds it too.
  const ownDistinct = () => !!own && (holdersOf(own, marks.backwardPath, root) ?? [e, e]).every((m) => m === e);
  if (around) return !((around === 'same' || around === 'similar') && ownAlike && ownDistinct());
  // No neighbours to ask (an only child): its own text decides.
  return !(ownAlike && ownDistinct());
}

/**
 * Whether a short text (a label, a status, a price: too short to be recognised by likeness) reads
 * with every sampled word kept and more added: "Invoiced" become "Invoiced — paid in March". An item
 * re-sorted into its place would read its own text, not the pinned one grown.
 */
function grown(own: ContentMark, e: Element): boolean {
  const content = markedContent(e, own);
  if (!content || content.exact === own.exact || own.count < 1 || own.count >= MIN_WORDS) return false;
  return content.count > own.count && containment(own, content) === 1;
}

/** Likeness that makes an element of the shape elsewhere the pinned one edited, and its lead over `e` and over every other. */
const MOVED_LIKENESS = 0.6;
const MOVED_LEAD = 0.15;

/**
 * Whether the pinned element's own text, edited, now stands clearly on one other element of its
 * shape, far more like it than what `e` holds: re-sorted and edited at once, the pinned item left
 * its place to a look-alike that has the same neighbours there. (ownMoved finds it unedited.)
 */
function movedEdited(marks: Marks, e: Element, root: Document): boolean {
  const own = ownMark(marks);
  const matches = own && marks.backwardPath ? shapeMatches(root, marks.backwardPath) : null;
  if (!own || !matches) return false;
  const likeness = (m: Element) => {
    const content = markedContent(m, own);
    return content ? Math.max(resemblance(own, content), containment(own, content)) : 0;
  };
  const here = likeness(e);
  const [best = 0, next = 0] = matches
    .filter((m) => !m.contains(e) && !e.contains(m) && isRendered(m))
    .map(likeness)
    .sort((a, b) => b - a);
  return best >= MOVED_LIKENESS && best - here >= MOVED_LEAD && best - next >= MOVED_LEAD;
}

/**
 * Whether `e` holds the pinned element's own text exactly as it was. Only a mark of the element's
 * own content counts: an empty cell's mark is its row's text, which its neighbour shares once it is gone.
 */
export function ownIntact(marks: Marks, e: Element): boolean {
  const own = ownMark(marks);
  return !!own && own.level === 0 && markedContent(e, own)?.exact === own.exact;
}

/** The element's own text: the backward path's mark, or the identifying one when that is its own. */
function ownMark(marks: Marks): ContentMark | undefined {
  return marks.own ?? (marks.identifying?.level === 0 ? marks.identifying : undefined);
}

/**
 * Whether the pinned element's own text now stands on another element (one other rendered element
 * of the backward path's shape holds exactly that text, and `e` does not): the pinned element moved
 * there, and `e` only took its place. A text edited away is found nowhere, and `e` is the pinned
 * element edited; a text several hold across the page ("Reply", "Share") proves nothing either way.
 */
export function ownMoved(marks: Marks, e: Element, root: Document): boolean {
  const own = ownMark(marks);
  if (!own || markedContent(e, own)?.exact === own.exact) return false;
  const holders = holdersOf(own, marks.backwardPath, root);
  if (!holders) return !!marks.backwardPath; // too many to compare: assume the worst, the pin is placed approximately
  const others = holders.filter((m) => m !== e);
  // Inside the ancestor whose content identified the element, the pinned text on any other element
  // is the pinned element moved (or its twin): a date many posts share still moved within its post.
  const level = marks.identifying?.level ?? 0;
  if (level > 0) {
    const scope = ancestorOf(e, level);
    if (scope && others.some((m) => scope.contains(m))) return true;
  }
  return others.length === 1;
}

/**
 * Whether no rendered element of the shape but `e` has these neighbours. Neighbours read at an
 * ancestor (the cell's, the post's) are shared by everything of the shape inside that ancestor: those
 * do not count against it — the neighbours place the ancestor, the agreeing counts place `e` inside.
 */
function telling(neighbours: ContentMark, e: Element, path: string | undefined, root: Document): boolean {
  const holders = holdersOf(neighbours, path, root);
  const scope = ancestorOf(e, neighbours.level);
  return !!holders && holders.every((m) => m === e || (neighbours.level > 0 && !!scope && scope.contains(m)));
}

/** How far ahead of every other element of the shape `e`'s content must be to be recognised by likeness alone. */
const CLEAR_LEAD = 0.25;

/** Whether `e`'s content at the mark reads more like the marked one than any other rendered element's of the shape, by CLEAR_LEAD. */
function clearlyClosest(mark: ContentMark, e: Element, path: string | undefined, root: Document): boolean {
  const matches = path ? shapeMatches(root, path) : null;
  if (!matches) return false;
  const likeness = (m: Element) => {
    const content = markedContent(m, mark);
    return content ? Math.max(resemblance(mark, content), containment(mark, content)) : 0;
  };
  const lead = likeness(e) - CLEAR_LEAD;
  return matches.every((m) => m.contains(e) || e.contains(m) || !isRendered(m) || likeness(m) < lead);
}

function ancestorOf(e: Element, level: number): Element | null {
  let scope: Element | null = e;
  for (let i = 0; i < level && scope; i++) scope = scope.parentElement;
  return scope;
}

/** Rendered elements of the path's shape whose content at the mark's level is exactly the marked one (null: not countable). */
function holdersOf(mark: ContentMark, path: string | undefined, root: Document): Element[] | null {
  const matches = path ? shapeMatches(root, path) : null;
  if (!matches) return null;
  const holders = matches.filter((m) => markedContent(m, mark)?.exact === mark.exact && isRendered(m));
  // A box and its only content read the same (a comment and its body): one holder, the outer one.
  return holders.filter((m) => !holders.some((other) => other !== m && other.contains(m)));
}
