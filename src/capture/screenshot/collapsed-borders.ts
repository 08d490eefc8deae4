/**
 * In a `border-collapse: collapse` table Chromium paints each border centred on the grid line between
 * two cells, snapped to whole CSS pixels (at any DPR); html2canvas 1.4.1 paints it inside the cell whose style
 * has it, half a border off and usually smeared over two pixel rows — every line of a data table
 * moves (box-snap.ts rounds the boxes, not where in them the line goes). The bands html2canvas will fill for the sides of the clone's collapsed cells, rows and
 * tables in the viewport are noted (in viewport coordinates, which are the canvas's) with where
 * Chromium puts them, and a solid border side — a four-point path filled on the context we hand
 * html2canvas — whose bounds are one of those bands is filled at Chromium's place instead.
 */

import { snapped } from './box-snap';

/** Where html2canvas's band (key: its bounds) is drawn instead: x, y, width, height. */
export type CollapsedBorders = Map<string, [number, number, number, number]>;

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const TABLE_PARTS = new Set(['table', 'table-cell', 'table-row', 'table-row-group', 'table-header-group', 'table-footer-group']);
const WRAPPED = ['beginPath', 'moveTo', 'lineTo', 'bezierCurveTo', 'fill'] as const;

/** Whether the element paints a solid border html2canvas would put in the wrong place. */
export function hasCollapsedBorder(style: CSSStyleDeclaration): boolean {
  if (style.borderCollapse !== 'collapse' || !TABLE_PARTS.has(style.display)) return false;
  return SIDES.some(
    (side) => style.getPropertyValue(`border-${side}-style`) === 'solid' && parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0,
  );
}

/**
 * Notes the element's solid sides (reads its box). html2canvas will see the box with its edges
 * rounded (box-snap.ts) and fill a band of the side's width inside it; Chromium centres the line on
 * the exact edge and rounds where it starts.
 */
export function noteCollapsedBorders(borders: CollapsedBorders, element: Element, style: CSSStyleDeclaration): void {
  const exact = element.getBoundingClientRect();
  const box = snapped(exact);
  const round = Math.round;
  // The table's own box already holds the outer half of its border; a cell's or row's edge is the grid line.
  const inward = style.display === 'table' ? 1 : 0.5;
  for (const side of SIDES) {
    const width = parseFloat(style.getPropertyValue(`border-${side}-width`));
    if (style.getPropertyValue(`border-${side}-style`) !== 'solid' || !(width > 0)) continue;
    const thick = Math.max(1, round(width));
    const [across, along] = [box.right - box.left, box.bottom - box.top];
    if (side === 'top')
      borders.set(key(box.left, box.top, box.right, box.top + width), [box.left, round(exact.top + width * (inward - 1)), across, thick]);
    if (side === 'bottom')
      borders.set(key(box.left, box.bottom - width, box.right, box.bottom), [
        box.left,
        round(exact.bottom - width * inward),
        across,
        thick,
      ]);
    if (side === 'left')
      borders.set(key(box.left, box.top, box.left + width, box.bottom), [round(exact.left + width * (inward - 1)), box.top, thick, along]);
    if (side === 'right')
      borders.set(key(box.right - width, box.top, box.right, box.bottom), [round(exact.right - width * inward), box.top, thick, along]);
  }
}

/** Bounds to 1/64 px, Chromium's layout unit, so float noise in html2canvas's sums does not matter. */
function key(x0: number, y0: number, x1: number, y1: number): string {
  return [x0, y0, x1, y1].map((value) => Math.round(value * 64)).join(' ');
}

/**
 * Installs the move on `ctx`, on top of whatever instance wrappers it already has; returns the
 * function that puts those back (to be called before theirs are removed).
 */
export function repairCollapsedBorders(ctx: CanvasRenderingContext2D, borders: CollapsedBorders): () => void {
  const proto = Object.getPrototypeOf(ctx) as CanvasRenderingContext2D;
  const previous = new Map<string, PropertyDescriptor | undefined>();
  const inner = {} as Record<(typeof WRAPPED)[number], (...args: unknown[]) => unknown>;
  for (const name of WRAPPED) {
    previous.set(name, Object.getOwnPropertyDescriptor(ctx, name));
    inner[name] = ctx[name] as (...args: unknown[]) => unknown;
  }
  // The current path's points while it has only straight segments; null once it has a curve.
  let points: number[] | null = [];
  const wrappers: Record<(typeof WRAPPED)[number], (...args: unknown[]) => unknown> = {
    beginPath: () => {
      points = [];
      return inner.beginPath.call(ctx);
    },
    moveTo: (x, y) => {
      points?.push(x as number, y as number);
      return inner.moveTo.call(ctx, x, y);
    },
    lineTo: (x, y) => {
      points?.push(x as number, y as number);
      return inner.lineTo.call(ctx, x, y);
    },
    bezierCurveTo: (...args) => {
      points = null;
      return inner.bezierCurveTo.apply(ctx, args);
    },
    fill: (...args) => {
      const band = points?.length === 8 && borders.size ? borders.get(bandKey(points)) : undefined;
      if (!band) return inner.fill.apply(ctx, args);
      wrappers.beginPath();
      proto.rect.call(ctx, ...band);
      return inner.fill.call(ctx);
    },
  };
  for (const name of WRAPPED) Object.defineProperty(ctx, name, { value: wrappers[name], configurable: true, writable: true });
  let installed = true;
  return () => {
    if (!installed) return;
    installed = false;
    for (const name of WRAPPED) {
      const descriptor = previous.get(name);
      if (descriptor) Object.defineProperty(ctx, name, descriptor);
      else delete (ctx as unknown as Record<string, unknown>)[name];
    }
  };
}

function bandKey(points: number[]): string {
  const xs = points.filter((_, i) => i % 2 === 0);
  const ys = points.filter((_, i) => i % 2 === 1);
  return key(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
}
