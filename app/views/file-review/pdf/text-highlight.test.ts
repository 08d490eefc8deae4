/**
 * Selections on a text layer shaped like pdf.js's (one absolutely placed span per text item, marked
 * `data-item`, line breaks as `<br>`, marked content as nested spans) become the spec's
 * `textHighlight` — within one item, across items and lines, from between items, past the page — and
 * the stored highlight becomes the same words' rectangles again, in percent of the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { highlightFromSelection, highlightRects, rangeOf } from './text-highlight';

let page: HTMLElement;

function textLayer(pageNumber: number, lines: string[][]): HTMLElement {
  page = document.createElement('div');
  page.className = 'pdf-page';
  page.style.cssText = 'position:relative;width:400px;height:500px;font:16px monospace';
  const layer = document.createElement('div');
  layer.className = 'textLayer';
  layer.dataset['page'] = String(pageNumber);
  layer.style.cssText = 'position:absolute;inset:0';
  let item = 0;
  lines.forEach((line, row) => {
    let left = 10;
    const marked = document.createElement('span');
    marked.className = 'markedContent';
    for (const str of line) {
      const span = document.createElement('span');
      span.dataset['item'] = String(item++);
      span.textContent = str;
      span.style.cssText = `position:absolute;white-space:pre;left:${left}px;top:${20 + row * 30}px`;
      left += str.length * 10 + 5;
      (row === 1 ? marked : layer).append(span);
    }
    if (row === 1) layer.append(marked);
    layer.append(document.createElement('br'));
  });
  page.append(layer);
  document.body.append(page);
  return layer;
}

const item = (layer: Element, index: number) => layer.querySelector(`span[data-item="${index}"]`)!;

function select(startNode: Node, startOffset: number, endNode: Node, endOffset: number): Selection {
  const selection = document.getSelection()!;
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset);
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

afterEach(() => {
  document.getSelection()?.removeAllRanges();
  document.body.replaceChildren();
});

describe('highlightFromSelection', () => {
  it('keys words inside one item by its index and character offsets', () => {
    const layer = textLayer(2, [['Chapter 2: Pricing'], ['Reviewers highlight this sentence.']]);
    const text = item(layer, 1).firstChild!;
    const found = highlightFromSelection(select(text, 10, text, 33));
    expect(found).toEqual({
      pageNumber: 2,
      highlight: {
        startKey: 'p2:1',
        endKey: 'p2:1',
        startIndex: 1,
        startOffset: 10,
        endIndex: 1,
        endOffset: 33,
        text: 'highlight this sentence',
      },
    });
  });

  it('spans items and lines, through marked content, with the text as read', () => {
    const layer = textLayer(3, [
      ['The annual', 'plan'],
      ['costs less', 'on page 3.'],
    ]);
    const found = highlightFromSelection(select(item(layer, 1).firstChild!, 0, item(layer, 3).firstChild!, 2));
    expect(found?.highlight).toMatchObject({ startKey: 'p3:1', endKey: 'p3:3', startIndex: 1, startOffset: 0, endIndex: 3, endOffset: 2 });
    expect(found?.highlight.text).toBe('plancosts lesson');
  });

  it('snaps a boundary between items to the next item (start) and the previous one (end)', () => {
    const layer = textLayer(1, [['alpha', 'beta'], ['gamma']]);
    // Start on the layer itself before the first span, end on the layer after the <br> of line 1.
    const brIndex = [...layer.childNodes].findIndex((n) => n.nodeName === 'BR');
    const found = highlightFromSelection(select(layer, 0, layer, brIndex + 1));
    expect(found?.highlight).toMatchObject({ startIndex: 0, startOffset: 0, endIndex: 1, endOffset: 4, text: 'alphabeta' });
  });

  it('cuts a selection running past the page at its last word', () => {
    const layer = textLayer(4, [['first'], ['last words']]);
    const after = document.createElement('p');
    after.textContent = 'outside the page';
    document.body.append(after);
    const found = highlightFromSelection(select(item(layer, 0).firstChild!, 2, after.firstChild!, 7));
    expect(found?.highlight).toMatchObject({ startKey: 'p4:0', endKey: 'p4:1', startOffset: 2, endIndex: 1, endOffset: 10 });
  });

  it('answers null for nothing selected, blanks, and selections outside any text layer', () => {
    const layer = textLayer(1, [['word', ' ']]);
    expect(highlightFromSelection(select(item(layer, 0).firstChild!, 2, item(layer, 0).firstChild!, 2))).toBeNull();
    expect(highlightFromSelection(select(item(layer, 1).firstChild!, 0, item(layer, 1).firstChild!, 1))).toBeNull();
    const elsewhere = document.createElement('p');
    elsewhere.textContent = 'not a PDF';
    document.body.append(elsewhere);
    expect(highlightFromSelection(select(elsewhere.firstChild!, 0, elsewhere.firstChild!, 3))).toBeNull();
  });
});

describe('drawing a stored highlight', () => {
  it('measures the same words again, in percent of the page', () => {
    const layer = textLayer(2, [['Chapter 2'], ['Reviewers highlight this sentence.']]);
    const h = { startKey: 'p2:1', endKey: 'p2:1', startIndex: 1, startOffset: 10, endIndex: 1, endOffset: 19, text: 'highlight' };
    const words = rangeOf(layer, h)!.getBoundingClientRect();
    const box = page.getBoundingClientRect();
    const [rect, ...rest] = highlightRects(layer, page, h);
    expect(rest).toEqual([]);
    expect(rect!.left).toBeCloseTo(((words.left - box.left) / box.width) * 100, 5);
    expect(rect!.width).toBeCloseTo((words.width / box.width) * 100, 5);
    expect(rect!.top).toBeCloseTo(((words.top - box.top) / box.height) * 100, 5);
  });

  it('gives one rectangle per item run over several items, and none for indexes the page lacks', () => {
    const layer = textLayer(1, [['one', 'two'], ['three']]);
    const h = { startKey: 'p1:0', endKey: 'p1:2', startIndex: 0, startOffset: 1, endIndex: 2, endOffset: 3, text: 'x' };
    expect(highlightRects(layer, page, h)).toHaveLength(3);
    expect(highlightRects(layer, page, { ...h, startIndex: 7, endIndex: 9 })).toEqual([]);
    expect(rangeOf(layer, { ...h, endIndex: 9 })).toBeNull();
  });
});
