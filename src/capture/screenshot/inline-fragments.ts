/**
 * html2canvas 1.4.1 paints an element's background and border over its bounding box, so an inline
 * element that wraps — a `<code>` with a tint, a highlighted `<mark>`, a pill-styled link — comes out
 * as one box from the left edge of its first line to the right edge of its last, covering the text in
 * between. In the clone, each such element in the viewport is split where its lines break into one
 * element per line (shallow copies, so selectors and inheritance still apply); with the default
 * `box-decoration-break: slice`, the inner ends of each piece lose their padding, border, margin and
 * radius, so every piece keeps the width it had on its line and the layout does not move.
 */

const REPLACED = new Set(['img', 'svg', 'video', 'canvas', 'iframe', 'object', 'embed', 'input', 'select', 'textarea', 'button']);

interface Break {
  node: Text;
  offset: number;
}

/** Whether html2canvas would paint a box for this element that would be wrong if it wrapped. */
export function paintsInlineBox(style: CSSStyleDeclaration): boolean {
  if (style.display !== 'inline' || style.direction !== 'ltr' || style.writingMode !== 'horizontal-tb') return false;
  const border = ['top', 'right', 'bottom', 'left'].some((side) => parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0);
  return (
    border ||
    style.backgroundImage !== 'none' ||
    style.boxShadow !== 'none' ||
    !/^(?:transparent|rgba\(.*,\s*0\))$/.test(style.backgroundColor)
  );
}

/**
 * Finds where the element's lines break (reads only); returns the write that splits it, or null when
 * it does not wrap or holds anything but text and inline elements (then it is left as it was).
 */
export function planInlineSplit(element: HTMLElement, style: CSSStyleDeclaration): (() => HTMLElement[]) | null {
  const lines = lineBands(element.getClientRects());
  if (lines.length < 2) return null;
  const view = element.ownerDocument.defaultView;
  // Breaks are found in text; an image or a form control could start a line of its own unnoticed.
  for (const child of element.querySelectorAll('*')) {
    if (REPLACED.has(child.localName) || view?.getComputedStyle(child).display !== 'inline') return null;
  }
  const breaks = findBreaks(element, lines);
  if (breaks.length !== lines.length - 1) return null;
  const slice = style.getPropertyValue('box-decoration-break') !== 'clone';
  return () => split(element, breaks, slice);
}

/** The vertical extent of each line the element is on (bidi may give several rects per line). */
function lineBands(rects: DOMRectList): Array<[number, number]> {
  const bands: Array<[number, number]> = [];
  for (const rect of rects) {
    const last = bands[bands.length - 1];
    if (last && rect.top < last[1] && rect.bottom > last[0]) {
      last[0] = Math.min(last[0], rect.top);
      last[1] = Math.max(last[1], rect.bottom);
    } else bands.push([rect.top, rect.bottom]);
  }
  for (let i = 1; i < bands.length; i++) if (bands[i]![0] < bands[i - 1]![0]) return [];
  return bands;
}

function lineOf(rect: DOMRect, lines: Array<[number, number]>): number {
  const middle = (rect.top + rect.bottom) / 2;
  const index = lines.findIndex(([, bottom]) => middle <= bottom);
  return index < 0 ? lines.length - 1 : index;
}

/** The last line a range's text reaches (-1 when it renders nothing, e.g. collapsed whitespace). */
function lastLine(range: Range, lines: Array<[number, number]>): number {
  const rects = range.getClientRects();
  let line = -1;
  for (const rect of rects) if (rect.width > 0 || rect.height > 0) line = Math.max(line, lineOf(rect, lines));
  return line;
}

/** Where each new line starts: a text position, found by bisecting on how far a prefix reaches. */
function findBreaks(element: HTMLElement, lines: Array<[number, number]>): Break[] {
  const doc = element.ownerDocument;
  const range = doc.createRange();
  const walker = doc.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const breaks: Break[] = [];
  let current = 0;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    range.selectNodeContents(node);
    const reach = lastLine(range, lines);
    if (reach <= current) continue;
    for (let line = current + 1; line <= reach; line++) {
      let low = 1;
      let high = node.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        range.setStart(node, 0);
        range.setEnd(node, middle);
        if (lastLine(range, lines) >= line) high = middle;
        else low = middle + 1;
      }
      breaks.push({ node, offset: low - 1 });
    }
    current = reach;
  }
  return breaks;
}

const START = ['padding-left', 'border-left-width', 'margin-left', 'border-top-left-radius', 'border-bottom-left-radius'];
const END = ['padding-right', 'border-right-width', 'margin-right', 'border-top-right-radius', 'border-bottom-right-radius'];

/** Splits the element at each break, last first, so earlier positions stay valid; returns the new pieces. */
function split(element: HTMLElement, breaks: Break[], slice: boolean): HTMLElement[] {
  const doc = element.ownerDocument;
  const pieces: HTMLElement[] = [element];
  for (let i = breaks.length - 1; i >= 0; i--) {
    const range = doc.createRange();
    startAt(range, breaks[i]!, element);
    range.setEnd(element, element.childNodes.length);
    const piece = element.cloneNode(false) as HTMLElement;
    piece.append(range.extractContents());
    element.after(piece);
    pieces.splice(1, 0, piece);
  }
  if (slice) {
    pieces.forEach((piece, index) => {
      const zero = [...(index > 0 ? START : []), ...(index < pieces.length - 1 ? END : [])];
      for (const property of zero) piece.style.setProperty(property, '0', 'important');
    });
  }
  return pieces.slice(1);
}

/**
 * Starts the range at a break, but outside any nested element the break is at the edge of: cutting
 * there would leave an empty copy of that element (and its padding) on one of the lines. (A nested
 * element split first leaves its break at the very end of a text node.)
 */
function startAt(range: Range, at: Break, root: Element): void {
  const atStart = at.offset === 0;
  if (!atStart && at.offset < at.node.length) {
    range.setStart(at.node, at.offset);
    return;
  }
  let node: Node = at.node;
  const edge = (): Node | null => (atStart ? node.previousSibling : node.nextSibling);
  while (node.parentNode && node.parentNode !== root && edge() === null) node = node.parentNode;
  if (atStart) range.setStartBefore(node);
  else range.setStartAfter(node);
}
