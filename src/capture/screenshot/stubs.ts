/**
 * Off-screen subtrees copied as empty boxes of the same size ("stubs"). html2canvas copies the whole
 * page into its iframe, element by element, and the iframe then lays out and styles all of it: on a
 * heavy page (a 1400-row table, thousands of MathJax nodes) that was most of a capture, and one
 * native layout task of hundreds of milliseconds. Pruning after the copy (prune.ts) cannot save it.
 *
 * While html2canvas copies, our build asks `decide(original)` for each element (scripts/
 * html2canvas-slices.ts). An element is stubbed only when nothing of it can paint near the viewport
 * (its box, its overflow, its children, its absolutely positioned or fixed descendants — found by
 * the page's selectors, style-scan.ts, or by hit-testing where sheets are unreadable — lie wholly
 * beyond the viewport + margin) and an empty box provably lays out the same around it:
 *  - a block-level box in block flow, filling its container's width (so shrink-to-fit ancestors
 *    size the same), whose margins cannot collapse with its children's (stub-layout.ts), not
 *    positioned, floated or transformed, without floats sticking out of it, with nothing in it
 *    counted by CSS counters html2canvas numbers itself;
 *  - a table row, in a table whose column widths are frozen instead (stub-tables.ts), whose content
 *    reaches no nearer (above the viewport: its scrollable overflow, in one read; below: nothing in it
 *    moved up, as the style sheets tell, or else the boxes of its cells and text, one Range — four
 *    reads per cell of thousands of rows were most of a capture; stub-geometry.ts);
 *  - anything `display: none` (its content draws nothing and lays nothing out).
 * Runs of such siblings become one box. The stub keeps its tag and classes (margins, display) and
 * gets the measured size, hidden. Layout is then checked, not trusted: `verify` compares the copy's
 * boxes of what is on screen with the page's; any difference and the capture copies again in full.
 */
import { createTableFreezer } from './stub-tables';
import { blockFlowCollapses, fillsContainer, hasFlowParent, isStubbableBlock } from './stub-layout';
import { createGeometry, gridHits, same, type Box } from './stub-geometry';
import { scanStyles, type StyleScan } from './style-scan';

const REPLACED = new Set(['img', 'video', 'canvas', 'iframe', 'object', 'embed', 'svg', 'textarea', 'select', 'input', 'audio', 'math']);

const HTML = 'http://www.w3.org/1999/xhtml';
/** Hidden elements whose content is used all the same. */
const NEEDED_WHEN_HIDDEN = new Set(['head', 'style', 'script', 'template', 'noscript', 'link', 'datalist', 'select', 'svg', 'math']);

export type StubDecision = 'stub' | 'merged' | null;

interface Run {
  copy: HTMLElement;
  /** Its height and bottom margin so far, set on the copy when the run ends (`flush`). */
  height: number;
  marginBottom: string | null;
  /** White space between siblings lays out as nothing (a run may pass over it). */
  collapsible: boolean;
  /** 'row', or the display of the blocks in it. */
  kind: string;
  /** The last original merged into it. */
  last: Element;
  top: number;
}

export interface Stubs {
  /** During the copy: stub this child, merge it into the stub before it, or copy it (null). */
  decide(original: Element): StubDecision;
  /** During the copy: the stub's copy (made by html2canvas, inert), to be shaped. */
  stubbed(original: Element, copy: HTMLElement): void;
  /** During the copy: every other element's copy (to check the layout later). */
  copied(original: Element, copy: Element): void;
  /** After the copy, before the clone is laid out: sizes the last run of merged boxes. */
  flush(): void;
  /** In the clone: whether what is on screen is where the page has it. */
  verify(cloneWin: Window): boolean;
  /** The page changed while it was copied, and is copied again in one piece, without stubs. */
  reset(): void;
  readonly count: number;
}

/** `area`: the viewport in page coordinates. */
export function createStubs(
  doc: Document,
  area: { left: number; top: number; width: number; height: number },
  styles: StyleScan = scanStyles(doc),
): Stubs {
  const win = doc.defaultView!;
  const { toPage, visible, farOff, rowStaysAway } = createGeometry(doc, area);
  let keep: Set<Element> | null = null;
  const tables = createTableFreezer(win);
  /** Page boxes (page coordinates) of elements on screen, to find their copies by. */
  const onScreen = new Map<Element, Box>();
  const samples: Array<[Element, Element, Box]> = [];
  let run: Run | null = null;
  let pending: { original: Element; rect: Box; kind: string; collapsible: boolean } | null = null;
  let count = 0;
  let hidden: Element | null = null;
  /** Set by `eligible` for the element it accepted. */
  let collapsible = false;

  const endRun = (): void => {
    if (run) shape(run.copy, run.height, run.marginBottom);
    run = null;
  };

  const eligible = (original: Element, box: Box): string | null => {
    const parent = original.parentElement;
    if (!parent || parent.shadowRoot || (original as HTMLElement).assignedSlot || REPLACED.has(original.localName)) return null;
    if (!farOff(box)) return null;
    const style = win.getComputedStyle(original);
    if (style.transform !== 'none' || style.writingMode !== 'horizontal-tb' || style.float !== 'none') return null;
    if (style.position !== 'static' && style.position !== 'relative') return null;
    let kind: string | null = null;
    let parentStyle: CSSStyleDeclaration | null = null;
    const row = style.display === 'table-row';
    if (row) {
      kind = tables.canStub(original) && rowStaysAway(original, box, styles.moved) ? 'row' : null;
    } else if (isStubbableBlock(style) && hasFlowParent((parentStyle = win.getComputedStyle(parent)))) {
      if (!overflowStaysAway(original, box, style)) return null;
      const client = original.getBoundingClientRect();
      if (fillsContainer(original, client, style, parent, parentStyle) && !blockFlowCollapses(win, original, style)) kind = style.display;
    }
    if (!kind || styles.affectsCounters(original) || !staysAway(original, !row)) return null;
    // Preserved white space between blocks makes lines of its own: such siblings are stubbed one by one.
    collapsible = kind === 'row' || /^(?:normal|nowrap)$/.test((parentStyle ?? win.getComputedStyle(parent)).whiteSpace);
    return kind;
  };

  /**
   * Whether nothing in the subtree paints near the viewport although the box is far: its positioned
   * descendants (placed by boxes outside it, or by the viewport) and its children (negative margins,
   * relative offsets) are far too. Unknown positioned elements: hit-test the viewport instead.
   */
  const staysAway = (original: Element, children: boolean): boolean => {
    const positioned = styles.positioned(original);
    if (positioned === null) return !(keep ??= gridHits(doc, area)).has(original);
    for (const element of positioned) {
      const style = win.getComputedStyle(element);
      if ((style.position === 'absolute' || style.position === 'fixed') && element.getClientRects().length > 0 && !wholly(element, style))
        return false;
    }
    if (!children) return true;
    for (let child = original.firstElementChild; child; child = child.nextElementSibling) {
      if (child.getClientRects().length > 0 && !farOff(toPage(child.getBoundingClientRect()))) return false;
    }
    return true;
  };
  /**
   * Content reaching out of the box (overflowing text, an SVG's ink, wide children): fine where it
   * stays far from the viewport, unless it may be a float (which moves the lines after it).
   */
  const overflowStaysAway = (original: Element, box: Box, style: CSSStyleDeclaration, floatsMatter = true): boolean => {
    const { scrollWidth, scrollHeight, clientWidth, clientHeight } = original;
    if (scrollHeight <= clientHeight + 1 && scrollWidth <= clientWidth + 1) return true;
    if (/^(?:hidden|auto|scroll|clip)$/.test(style.overflowX) && /^(?:hidden|auto|scroll|clip)$/.test(style.overflowY)) return true;
    if (floatsMatter && styles.floats(original) !== false) return false;
    const width = Math.max(box.width, scrollWidth + px(style.borderLeftWidth));
    const height = Math.max(box.height, scrollHeight + px(style.borderTopWidth));
    return farOff({ left: box.left, top: box.top, right: box.left + width, bottom: box.top + height, width, height });
  };
  /**
   * A `display: none` subtree draws nothing and lays nothing out (menus, tabs, templates of a
   * page): its copy keeps the element, not its content. Not where content is used elsewhere: the
   * head (style sheets), SVG (sprites referenced by <use>).
   */
  const hiddenSubtree = (original: Element): boolean => {
    if (original.namespaceURI !== HTML || NEEDED_WHEN_HIDDEN.has(original.localName) || original.closest('head')) return false;
    if (win.getComputedStyle(original).display !== 'none' || original.querySelector('svg, style, link')) return false;
    hidden = original;
    return true;
  };
  /** A positioned element's box, and what overflows it (a float in it moves only its own lines), are far from the viewport. */
  const wholly = (element: Element, style: CSSStyleDeclaration): boolean => {
    const box = toPage(element.getBoundingClientRect());
    return farOff(box) && overflowStaysAway(element, box, style, false);
  };

  return {
    decide(original) {
      if (!original.firstChild) return null;
      const box = toPage(original.getBoundingClientRect());
      if (box.width === 0 || box.height === 0) {
        endRun();
        return hiddenSubtree(original) ? 'stub' : null;
      }
      if (visible(box)) onScreen.set(original, box);
      const kind = eligible(original, box);
      if (!kind) {
        endRun();
        return null;
      }
      if (run && run.kind === kind && run.collapsible && collapsible && adjacent(run.last, original)) {
        run.last = original;
        run.height = box.bottom - run.top;
        if (kind !== 'row') run.marginBottom = win.getComputedStyle(original).marginBottom;
        return 'merged';
      }
      endRun();
      pending = { original, rect: box, kind, collapsible };
      return 'stub';
    },
    stubbed(original, copy) {
      const current = pending;
      pending = null;
      if (hidden === original) {
        hidden = null;
        count++;
        copy.style.setProperty('display', 'none', 'important');
        return;
      }
      if (!current || current.original !== original) return;
      count++;
      copy.style.setProperty('visibility', 'hidden', 'important');
      copy.style.setProperty('box-sizing', 'border-box', 'important');
      if (current.kind === 'row') tables.stubbed(original, copy);
      else
        for (const [property, value] of [
          ['width', `${current.rect.width}px`],
          ['min-width', '0'],
          ['max-width', 'none'],
        ])
          copy.style.setProperty(property!, value!, 'important');
      copy.style.setProperty('min-height', '0', 'important');
      copy.style.setProperty('max-height', 'none', 'important');
      run = {
        copy,
        height: current.rect.height,
        marginBottom: null,
        kind: current.kind,
        collapsible: current.collapsible,
        last: original,
        top: current.rect.top,
      };
    },
    copied(original, copy) {
      endRun();
      tables.copied(original, copy);
      const box = onScreen.get(original);
      // Not what may be in the top layer: html2canvas's copy of an open modal is an ordinary box, stubs or not.
      if (box && !original.closest('dialog, [popover]')) samples.push([original, copy, box]);
    },
    flush: endRun,
    verify(cloneWin) {
      endRun();
      if (count === 0) return true;
      for (const [original, copy, box] of samples) {
        // A box that moved in the page since it was copied (an animation) says nothing about the stubs.
        const now = toPage(original.getBoundingClientRect());
        if (!same(now, box)) continue;
        const rect = copy.getBoundingClientRect();
        const placed = { left: rect.left + cloneWin.scrollX, top: rect.top + cloneWin.scrollY, width: rect.width, height: rect.height };
        if (!same(placed, box)) return false;
      }
      return true;
    },
    reset() {
      count = 0;
      samples.length = 0;
      run = null;
      pending = null;
    },
    get count() {
      return count;
    },
  };
}

function shape(copy: HTMLElement, height: number, marginBottom: string | null): void {
  copy.style.setProperty('height', `${height}px`, 'important');
  if (marginBottom !== null) copy.style.setProperty('margin-bottom', marginBottom, 'important');
}

/** Siblings with nothing between them but white space and comments (which lay out as nothing). */
function adjacent(previous: Element, next: Element): boolean {
  if (next.previousElementSibling !== previous) return false;
  for (let node = previous.nextSibling; node && node !== next; node = node.nextSibling) {
    if (node.nodeType === Node.TEXT_NODE && (node as Text).data.trim() !== '') return false;
  }
  return true;
}

function px(value: string): number {
  const number = parseFloat(value);
  return Number.isFinite(number) ? number : 0;
}
