/**
 * Page geometry shared by describing and locating pins. Apart from describe.ts so that locating
 * (first load: every visitor) does not pull in the path builder (lazy: reviewers only).
 */
export function documentMetrics(doc: Document): { width: number; height: number; scrollX: number; scrollY: number } {
  const root = doc.documentElement;
  const body = doc.body;
  const view = doc.defaultView;
  return {
    width: Math.max(root.scrollWidth, body?.scrollWidth ?? 0, root.clientWidth),
    height: Math.max(root.scrollHeight, body?.scrollHeight ?? 0, root.clientHeight),
    scrollX: view?.scrollX ?? 0,
    scrollY: view?.scrollY ?? 0,
  };
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** HTML elements that are one box even when laid out inline (replaced content). */
const REPLACED = new Set(['img', 'video', 'canvas', 'iframe', 'embed', 'object', 'input', 'select', 'textarea', 'audio']);

/** Whether `element` is laid out in line boxes (a non-replaced inline HTML element) and so may wrap. Reads style. */
export function flowsInLines(element: Element): boolean {
  return (
    element.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
    !REPLACED.has(element.localName) &&
    getComputedStyle(element).display === 'inline'
  );
}

/** A rectangle in viewport px. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * An element's box from one layout read: `box` is what getBoundingClientRect returns (the union of
 * the element's fragments), `lines` the fragments themselves — one per line for an inline element
 * that wraps, one for a block. Pins are described and placed against the same union, so a pin is
 * put back exactly where it was dropped while the text flows the same way.
 */
export interface ElementBox {
  box: Rect;
  /** The element's client rects as the browser gives them (empty ones included: skip them). */
  lines: ArrayLike<Rect>;
}

const NO_BOX: Rect = { left: 0, top: 0, width: 0, height: 0 };

/** Runs every frame for every pin: no copies of the browser's rects, and a block's single rect as it is. */
export function boxOf(element: Element): ElementBox {
  const lines = element.getClientRects();
  if (lines.length <= 1) return { box: lines[0] ?? NO_BOX, lines };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Chromium's bounding rect leaves out fragments empty in either direction (the empty piece an
    // inline leaves at the end of a line it wraps from); so does this union.
    if (!isArea(line)) continue;
    left = Math.min(left, line.left);
    top = Math.min(top, line.top);
    right = Math.max(right, line.left + line.width);
    bottom = Math.max(bottom, line.top + line.height);
  }
  if (left === Infinity) return { box: lines[0]!, lines };
  return { box: { left, top, width: right - left, height: bottom - top }, lines };
}

function isArea(rect: Rect): boolean {
  return rect.width > 0 && rect.height > 0;
}

/**
 * The spot at (x %, y %) of the element's box. For an element that wraps, a spot of the union can
 * fall between its lines (beside a line that is shorter than the box, over the neighbouring text):
 * then it moves to the nearest point of the nearest line, so the pin is always on its element. A
 * spot taken from a click on the element is on one of its lines, so it is kept exactly.
 */
export function spotIn({ box, lines }: ElementBox, xPercent: number, yPercent: number): { x: number; y: number } {
  const x = box.left + (box.width * xPercent) / 100;
  const y = box.top + (box.height * yPercent) / 100;
  if (lines.length < 2) return { x, y };
  let nearest = { x, y };
  let best = Infinity;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!isArea(line)) continue;
    const nx = Math.min(Math.max(x, line.left), line.left + line.width);
    const ny = Math.min(Math.max(y, line.top), line.top + line.height);
    const distance = (nx - x) ** 2 + (ny - y) ** 2;
    // Half a pixel of slack: a spot on the edge of a line is on it.
    if (distance <= 0.25) return { x, y };
    if (distance < best) {
      best = distance;
      nearest = { x: nx, y: ny };
    }
  }
  return nearest;
}
