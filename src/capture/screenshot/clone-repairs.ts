/**
 * Faults of html2canvas 1.4.1 that are repaired in its clone, before it parses it: fractional boxes
 * (box-snap.ts), wrapped inline boxes (inline-fragments.ts), conic gradients (conic-gradient.ts), and
 * the notes object-fit.ts and collapsed-borders.ts need at drawing time. The clone walk (prune.ts) shows every element html2canvas will draw; the cheap
 * style tests run there, and the costly part — layout reads, canvas drawing — only for elements that
 * intersect the viewport, all reads before any write.
 */
import { snapBoxes } from './box-snap';
import { hasCollapsedBorder, noteCollapsedBorders, type CollapsedBorders } from './collapsed-borders';
import { hasConicGradient, planConicGradients } from './conic-gradient';
import { paintsInlineBox, planInlineSplit } from './inline-fragments';
import type { ColorConverter } from './modern-colors';
import { fittedOnly, noteObjectFit, type ObjectFits } from './object-fit';
import type { CloneArea } from './types';

type Write = () => void;

export interface CloneRepairs {
  /** Called for each element html2canvas will draw, with its computed style. */
  visit(element: Element, style: CSSStyleDeclaration): void;
  /** After the walk, before any write: reads what the repairs need and returns their writes. */
  plan(area: CloneArea): Write[];
}

/** What the repairs share with the render: colour conversion, and the notes for drawing time. */
export interface RepairContext {
  convert: ColorConverter;
  fits: ObjectFits;
  borders: CollapsedBorders;
}

export function createCloneRepairs({ convert, fits, borders }: RepairContext): CloneRepairs {
  const inline: Array<[HTMLElement, CSSStyleDeclaration]> = [];
  const conic: Array<[HTMLElement, CSSStyleDeclaration]> = [];
  const tables: Array<[HTMLElement, CSSStyleDeclaration]> = [];
  const boxes: Element[] = [];
  return {
    visit(element, style) {
      boxes.push(element);
      attempt(() => noteObjectFit(fits, element, style));
      if (paintsInlineBox(style)) inline.push([element as HTMLElement, style]);
      if (hasConicGradient(style)) conic.push([element as HTMLElement, style]);
      if (hasCollapsedBorder(style)) tables.push([element as HTMLElement, style]);
    },
    plan(area) {
      fittedOnly(fits);
      const writes: Write[] = [];
      const inView = ([element]: [HTMLElement, CSSStyleDeclaration]): boolean => intersects(element, area);
      // Nested wrapped boxes are split innermost first, so an outer split never cuts an inner one.
      for (const [element, style] of inline.filter(inView).reverse()) {
        const split = attempt(() => planInlineSplit(element, style));
        if (split) writes.push(() => boxes.push(...split()));
      }
      for (const [element, style] of conic.filter(inView)) {
        const write = attempt(() => planConicGradients(element, style, convert));
        if (write) writes.push(write);
      }
      for (const [element, style] of tables.filter(inView)) attempt(() => noteCollapsedBorders(borders, element, style));
      // Last: every read above, and the drawing-time notes, are of the exact layout.
      writes.push(() => snapBoxes(boxes));
      return writes.map((write) => () => void attempt(write));
    },
  };
}

/**
 * A repair that fails leaves its element as html2canvas would have drawn it anyway: these are about
 * fidelity, never privacy (private elements are hidden in the clone before, and painted over after).
 */
function attempt<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}

function intersects(element: Element, area: CloneArea): boolean {
  const box = element.getBoundingClientRect();
  return box.right > area.left && box.bottom > area.top && box.left < area.left + area.width && box.top < area.top + area.height;
}
