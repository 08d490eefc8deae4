/**
 * The selection inside a shadow root, which browsers expose differently: Chromium through the
 * non-standard `shadowRoot.getSelection()`, Safari (and new Chromium/Firefox) through
 * `Selection.getComposedRanges`, Firefox by not retargeting `document.getSelection()` at all.
 */

export interface DomSelection {
  startContainer: Node;
  startOffset: number;
  endContainer: Node;
  endOffset: number;
  /** The focus is before the anchor (Shift+ArrowLeft): kept when the selection is put back. */
  backward: boolean;
}

type RootWithSelection = (Document | ShadowRoot) & { getSelection?(): Selection | null };
type ComposedSelection = Selection & { getComposedRanges?(...args: unknown[]): StaticRange[] };

function selectionFor(element: Node): { root: RootWithSelection; selection: ComposedSelection | null } {
  const root = element.getRootNode() as RootWithSelection;
  const own = root instanceof ShadowRoot && typeof root.getSelection === 'function' ? root.getSelection() : null;
  return { root, selection: own ?? document.getSelection() };
}

/** The selection if it lies inside `element`, else null. */
export function readSelection(element: HTMLElement): DomSelection | null {
  const { root, selection } = selectionFor(element);
  if (!selection) return null;
  let range: AbstractRange | undefined;
  if (root instanceof ShadowRoot && !root.getSelection && selection.getComposedRanges) {
    try {
      range = selection.getComposedRanges({ shadowRoots: [root] })[0];
    } catch {
      // Safari 17 takes the roots as arguments.
      range = selection.getComposedRanges(root)[0];
    }
  } else if (selection.rangeCount) {
    range = selection.getRangeAt(0);
  }
  if (!range || !element.contains(range.startContainer) || !element.contains(range.endContainer)) return null;
  const backward = !range.collapsed && selection.anchorNode === range.endContainer && selection.anchorOffset === range.endOffset;
  const { startContainer, startOffset, endContainer, endOffset } = range;
  return { startContainer, startOffset, endContainer, endOffset, backward };
}

/** Puts the selection at the given points (the anchor first, so a backward selection stays so). */
export function writeSelection(element: HTMLElement, anchor: readonly [Node, number], focus: readonly [Node, number]): void {
  selectionFor(element).selection?.setBaseAndExtent(anchor[0], anchor[1], focus[0], focus[1]);
}
