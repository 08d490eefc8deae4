/**
 * Where boxes are relative to the captured viewport, for the stubs (stubs.ts): page coordinates, the
 * margin ink may reach past a border box, and how far a table row's content can reach.
 */

/** Ink outside border boxes (shadows, outlines) is allowed this far; as prune.ts. */
export const MARGIN = 100;
const GRID_COLUMNS = 12;
const GRID_ROWS = 10;
/** The copy may differ from the page by this much (CSS px) before the stubs are distrusted. */
const TOLERANCE = 0.25;

/** A box in page coordinates (a plain object: thousands are made per capture). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Geometry {
  /** A client rect in page coordinates (the page may scroll between slices of the copy). */
  toPage(rect: DOMRect): Box;
  visible(box: Box): boolean;
  /** Wholly beyond the viewport + margin on some side. */
  farOff(box: Box): boolean;
  rowStaysAway(row: Element, box: Box, moved: (element: Element) => boolean | null): boolean;
}

/** `area`: the viewport in page coordinates. */
export function createGeometry(doc: Document, area: Area): Geometry {
  const win = doc.defaultView!;
  let range: Range | null = null;

  const toPage = (rect: DOMRect): Box => {
    const x = win.scrollX;
    const y = win.scrollY;
    return {
      left: rect.left + x,
      top: rect.top + y,
      right: rect.right + x,
      bottom: rect.bottom + y,
      width: rect.width,
      height: rect.height,
    };
  };
  const visible = (box: Box): boolean =>
    box.right > area.left && box.bottom > area.top && box.left < area.left + area.width && box.top < area.top + area.height;
  const farOff = (box: Box): boolean =>
    box.bottom < area.top - MARGIN ||
    box.top > area.top + area.height + MARGIN ||
    box.right < area.left - MARGIN ||
    box.left > area.left + area.width + MARGIN;

  /**
   * A row far above the viewport reaches down by its scrollable overflow (its cells' overflowing
   * content, relative offsets and transforms in it); one far below reaches up only by what is moved
   * (`moved`: nothing, as the style sheets tell, or else its cells' boxes and its text, offset or
   * transformed upwards). Rows far only to the side are not stubbed.
   */
  const rowStaysAway = (row: Element, box: Box, moved: (element: Element) => boolean | null): boolean => {
    if (box.bottom < area.top - MARGIN) return box.top + Math.max(box.height, row.scrollHeight) < area.top - MARGIN;
    if (box.top <= area.top + area.height + MARGIN) return false;
    if (moved(row) === false) return true;
    (range ??= doc.createRange()).selectNodeContents(row);
    const reach = range.getBoundingClientRect();
    return reach.top + win.scrollY > area.top + area.height + MARGIN;
  };
  return { toPage, visible, farOff, rowStaysAway };
}

export function same(a: Omit<Box, 'right' | 'bottom'>, b: Omit<Box, 'right' | 'bottom'>): boolean {
  return (
    Math.abs(a.left - b.left) <= TOLERANCE &&
    Math.abs(a.top - b.top) <= TOLERANCE &&
    Math.abs(a.width - b.width) <= TOLERANCE &&
    Math.abs(a.height - b.height) <= TOLERANCE
  );
}

/** Every element the page shows on a grid of points over its viewport, with its ancestors. */
export function gridHits(doc: Document, area: { width: number; height: number }): Set<Element> {
  const keep = new Set<Element>();
  for (let column = 0; column < GRID_COLUMNS; column++) {
    for (let row = 0; row < GRID_ROWS; row++) {
      // The topmost element only: listing every element under a point hit-tests every SVG path there (slow on formula pages).
      const hit = doc.elementFromPoint(((column + 0.5) * area.width) / GRID_COLUMNS, ((row + 0.5) * area.height) / GRID_ROWS);
      for (let node: Element | null = hit; node && !keep.has(node); node = node.parentElement) keep.add(node);
    }
  }
  return keep;
}
