/**
 * A text selection on a PDF page as the spec's `textHighlight`, and back. The page's text layer
 * (pdf-engine.ts) has one span per pdf.js text item, marked `data-item` with its index; a selection
 * boundary becomes (item index, character offset in that item), the key `p<page>:<index>`
 * (docs/api-decisions.md), and the selected text. Drawing it again later builds the same range from
 * those indexes and offsets and measures its rectangles, in percent of the page box so they hold at
 * any zoom. A selection reaching past its page is cut at the page's last word: one thread is on one page.
 */
import type { TextHighlight } from '../../../../src/api/wire';

const ITEM = 'span[data-item]';
const MAX_TEXT = 5000;

interface Boundary {
  index: number;
  offset: number;
}

const itemIndex = (span: Element) => Number((span as HTMLElement).dataset['item']);
const itemLength = (span: Element) => span.textContent?.length ?? 0;

/** Where (node, offset) falls among the layer's items; `side` says which way to snap from between items. */
function boundaryOf(layer: Element, node: Node, offset: number, side: 'start' | 'end'): Boundary | null {
  const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element);
  const span = element?.closest(ITEM);
  if (span && layer.contains(span)) {
    if (node.nodeType === Node.TEXT_NODE) return { index: itemIndex(span), offset: Math.min(offset, itemLength(span)) };
    return { index: itemIndex(span), offset: offset === 0 ? 0 : itemLength(span) };
  }
  // Between items (on a line break, the layer itself, past the last word): the next item's start, or the previous item's end.
  const point = document.createRange();
  point.setStart(node, offset);
  const items = [...layer.querySelectorAll(ITEM)];
  if (side === 'start') {
    const next = items.find((item) => point.comparePoint(item, 0) >= 0);
    return next ? { index: itemIndex(next), offset: 0 } : null;
  }
  const previous = items.findLast((item) => point.comparePoint(item, 0) < 0);
  return previous ? { index: itemIndex(previous), offset: itemLength(previous) } : null;
}

/** The text layer a node is in. */
export function textLayerOf(node: Node | null): HTMLElement | null {
  const element = node?.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element | null);
  return (element?.closest('.textLayer') as HTMLElement | null) ?? null;
}

/** The range of the items from `start` to `end` in `layer`, or null when an index names no item. */
export function rangeOf(layer: Element, h: Pick<TextHighlight, 'startIndex' | 'startOffset' | 'endIndex' | 'endOffset'>): Range | null {
  const start = layer.querySelector(`span[data-item="${h.startIndex}"]`);
  const end = layer.querySelector(`span[data-item="${h.endIndex}"]`);
  if (!start?.firstChild || !end?.firstChild) return null;
  const range = document.createRange();
  range.setStart(start.firstChild, Math.min(h.startOffset, itemLength(start)));
  range.setEnd(end.firstChild, Math.min(h.endOffset, itemLength(end)));
  return range;
}

/**
 * The selection as a `textHighlight` on the page whose text layer holds its start, or null when
 * nothing of that page's text is selected.
 */
export function highlightFromSelection(selection: Selection | null): { pageNumber: number; highlight: TextHighlight } | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const selected = selection.getRangeAt(0);
  const layer = textLayerOf(selected.startContainer) ?? textLayerOf(selected.endContainer);
  const pageNumber = Number(layer?.dataset['page']);
  if (!layer || !Number.isInteger(pageNumber)) return null;
  const inside = (node: Node) => layer.contains(node);
  const start = inside(selected.startContainer)
    ? boundaryOf(layer, selected.startContainer, selected.startOffset, 'start')
    : firstOf(layer);
  const end = inside(selected.endContainer) ? boundaryOf(layer, selected.endContainer, selected.endOffset, 'end') : lastOf(layer);
  if (!start || !end) return null;
  if (end.index < start.index || (end.index === start.index && end.offset <= start.offset)) return null;
  const text = rangeOf(layer, { startIndex: start.index, startOffset: start.offset, endIndex: end.index, endOffset: end.offset })
    ?.toString()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
  if (!text) return null;
  return {
    pageNumber,
    highlight: {
      startKey: `p${pageNumber}:${start.index}`,
      endKey: `p${pageNumber}:${end.index}`,
      startIndex: start.index,
      startOffset: start.offset,
      endIndex: end.index,
      endOffset: end.offset,
      text,
    },
  };
}

function firstOf(layer: Element): Boundary | null {
  const first = layer.querySelector(ITEM);
  return first ? { index: itemIndex(first), offset: 0 } : null;
}

function lastOf(layer: Element): Boundary | null {
  const all = layer.querySelectorAll(ITEM);
  const last = all[all.length - 1];
  return last ? { index: itemIndex(last), offset: itemLength(last) } : null;
}

export interface PercentRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The highlight's rectangles in percent of `page` (the page box): one per item's selected run, so
 * whole spans are not counted twice as elements and as text.
 */
export function highlightRects(layer: Element, page: Element, h: TextHighlight): PercentRect[] {
  const box = page.getBoundingClientRect();
  if (!(box.width > 0 && box.height > 0) || h.endIndex < h.startIndex) return [];
  const rects: PercentRect[] = [];
  const run = document.createRange();
  for (let index = h.startIndex; index <= h.endIndex; index++) {
    const text = layer.querySelector(`span[data-item="${index}"]`)?.firstChild;
    if (!text) continue;
    const length = text.textContent?.length ?? 0;
    run.setStart(text, index === h.startIndex ? Math.min(h.startOffset, length) : 0);
    run.setEnd(text, index === h.endIndex ? Math.min(h.endOffset, length) : length);
    for (const rect of run.getClientRects()) {
      if (rect.width < 0.5 || rect.height < 0.5) continue;
      rects.push({
        left: ((rect.left - box.left) / box.width) * 100,
        top: ((rect.top - box.top) / box.height) * 100,
        width: (rect.width / box.width) * 100,
        height: (rect.height / box.height) * 100,
      });
    }
  }
  return rects;
}
