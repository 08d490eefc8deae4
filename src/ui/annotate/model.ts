/**
 * The geometry of annotation shapes, kept pure so pointer gestures, keyboard commands and the tests
 * share one definition of "where a shape is", "what was hit" and "what moving or resizing means".
 * Every coordinate is in CSS px of the captured viewport, like the wire format.
 */
import type { AnnotationShape } from '../../api/wire';
import { strings } from '../strings';
import { measureText } from './text-metrics';

export type Shape = AnnotationShape;
export type Tool = Shape['type'];
export type Point = { x: number; y: number };
export type Rect = { x: number; y: number; width: number; height: number };
/** Where a shape can be grabbed to resize it: the corners of a rectangle, or an arrow's two ends. */
export type HandleId = 'nw' | 'ne' | 'sw' | 'se' | 'start' | 'end';
export type Handle = Point & { id: HandleId };

export const TOOLS: readonly Tool[] = ['box', 'arrow', 'pen', 'text', 'hide'];
export const TOOL_KEYS: Record<string, Tool> = { b: 'box', a: 'arrow', p: 'pen', t: 'text', h: 'hide' };
export const COLORS = [
  { name: 'red', value: '#ef4444' },
  { name: 'amber', value: '#f59e0b' },
  { name: 'blue', value: '#2563eb' },
  { name: 'green', value: '#16a34a' },
] as const;
export const DEFAULT_COLOR = COLORS[0].value;
export const DEFAULT_TEXT_SIZE = 20;
/** Smaller than this (CSS px) and a drag was a click, not a shape. */
export const MIN_SIZE = 4;
const MIN_TEXT_SIZE = 10;
const MAX_TEXT_SIZE = 96;

export function shapeBounds(shape: Shape): Rect {
  switch (shape.type) {
    case 'box':
    case 'hide':
      return { x: shape.x, y: shape.y, width: shape.width, height: shape.height };
    case 'arrow':
      return boundsOf([
        [shape.x1, shape.y1],
        [shape.x2, shape.y2],
      ]);
    case 'pen':
      return boundsOf(shape.points);
    case 'text':
      return { x: shape.x, y: shape.y, width: measureText(shape.text, shape.size), height: shape.size * 1.25 };
  }
}

function boundsOf(points: readonly (readonly [number, number])[]): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  if (minX === Infinity) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The topmost shape under `point`, or -1. Boxes are hit on their outline so one can draw inside them. */
export function hitTest(shapes: readonly Shape[], point: Point, tolerance: number): number {
  for (let i = shapes.length - 1; i >= 0; i--) {
    if (hits(shapes[i]!, point, tolerance)) return i;
  }
  return -1;
}

function hits(shape: Shape, p: Point, tol: number): boolean {
  switch (shape.type) {
    case 'box': {
      const inOuter = inside(p, grow(shape, tol));
      const inInner = shape.width > 2 * tol && shape.height > 2 * tol && inside(p, grow(shape, -tol));
      return inOuter && !inInner;
    }
    case 'hide':
    case 'text':
      return inside(p, grow(shapeBounds(shape), tol));
    case 'arrow':
      return distanceToSegment(p, shape.x1, shape.y1, shape.x2, shape.y2) <= tol;
    case 'pen':
      return shape.points.some((point, i) => {
        const next = shape.points[i + 1] ?? point;
        return distanceToSegment(p, point[0], point[1], next[0], next[1]) <= tol;
      });
  }
}

function inside(p: Point, r: Rect): boolean {
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
}

function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

function distanceToSegment(p: Point, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - x1) * dx + (p.y - y1) * dy) / lengthSquared));
  return Math.hypot(p.x - (x1 + t * dx), p.y - (y1 + t * dy));
}

export function translate(shape: Shape, dx: number, dy: number): Shape {
  switch (shape.type) {
    case 'box':
    case 'hide':
    case 'text':
      return { ...shape, x: shape.x + dx, y: shape.y + dy };
    case 'arrow':
      return { ...shape, x1: shape.x1 + dx, y1: shape.y1 + dy, x2: shape.x2 + dx, y2: shape.y2 + dy };
    case 'pen':
      return { ...shape, points: shape.points.map(([x, y]) => [x + dx, y + dy] as [number, number]) };
  }
}

/** The shift that moves `shape` by (dx, dy) but keeps it on the screenshot (as far as it fits). */
export function clampMove(shape: Shape, dx: number, dy: number, area: { width: number; height: number }): Point {
  const b = shapeBounds(shape);
  const clampAxis = (start: number, size: number, delta: number, limit: number) =>
    size >= limit
      ? Math.min(Math.max(delta, -start - size + MIN_SIZE), limit - start - MIN_SIZE)
      : Math.min(Math.max(delta, -start), limit - start - size);
  return { x: clampAxis(b.x, b.width, dx, area.width), y: clampAxis(b.y, b.height, dy, area.height) };
}

/**
 * Keyboard resizing: rectangles grow at the bottom-right, arrows move their head, drawings scale
 * from their top-left corner, text changes its font size (right/down bigger, left/up smaller).
 */
export function resizeBy(shape: Shape, dw: number, dh: number): Shape {
  switch (shape.type) {
    case 'box':
    case 'hide':
      return { ...shape, width: Math.max(MIN_SIZE, shape.width + dw), height: Math.max(MIN_SIZE, shape.height + dh) };
    case 'arrow':
      return { ...shape, x2: shape.x2 + dw, y2: shape.y2 + dh };
    case 'pen': {
      const b = shapeBounds(shape);
      const sx = b.width > 0 ? Math.max(MIN_SIZE, b.width + dw) / b.width : 1;
      const sy = b.height > 0 ? Math.max(MIN_SIZE, b.height + dh) / b.height : 1;
      return { ...shape, points: shape.points.map(([x, y]) => [b.x + (x - b.x) * sx, b.y + (y - b.y) * sy] as [number, number]) };
    }
    case 'text': {
      const step = Math.sign(dw + dh) * Math.max(1, Math.round(Math.max(Math.abs(dw), Math.abs(dh)) / 5));
      return { ...shape, size: Math.min(MAX_TEXT_SIZE, Math.max(MIN_TEXT_SIZE, shape.size + step)) };
    }
  }
}

export function handlesOf(shape: Shape): Handle[] {
  switch (shape.type) {
    case 'box':
    case 'hide': {
      const { x, y, width: w, height: h } = shape;
      return [
        { id: 'nw', x, y },
        { id: 'ne', x: x + w, y },
        { id: 'sw', x, y: y + h },
        { id: 'se', x: x + w, y: y + h },
      ];
    }
    case 'arrow':
      return [
        { id: 'start', x: shape.x1, y: shape.y1 },
        { id: 'end', x: shape.x2, y: shape.y2 },
      ];
    default:
      return [];
  }
}

export function handleAt(shape: Shape, point: Point, tolerance: number): HandleId | null {
  const handle = handlesOf(shape).find((h) => Math.abs(h.x - point.x) <= tolerance && Math.abs(h.y - point.y) <= tolerance);
  return handle?.id ?? null;
}

/** Drags one handle of `original` to `point`; rectangles stay normalised (positive width and height). */
export function dragHandle(original: Shape, handle: HandleId, point: Point): Shape {
  if (original.type === 'arrow') {
    return handle === 'start' ? { ...original, x1: point.x, y1: point.y } : { ...original, x2: point.x, y2: point.y };
  }
  if (original.type !== 'box' && original.type !== 'hide') return original;
  const right = original.x + original.width;
  const bottom = original.y + original.height;
  const anchorX = handle === 'nw' || handle === 'sw' ? right : original.x;
  const anchorY = handle === 'nw' || handle === 'ne' ? bottom : original.y;
  return { ...original, ...rectBetween({ x: anchorX, y: anchorY }, point) };
}

export function rectBetween(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/** Whether a just-drawn shape is big enough to keep (a tiny drag is a click). */
export function isMeaningful(shape: Shape): boolean {
  switch (shape.type) {
    case 'box':
    case 'hide':
      return shape.width >= MIN_SIZE && shape.height >= MIN_SIZE;
    case 'arrow':
      return Math.hypot(shape.x2 - shape.x1, shape.y2 - shape.y1) >= 2 * MIN_SIZE;
    case 'pen':
      return shape.points.length >= 2;
    case 'text':
      return shape.text.trim().length > 0;
  }
}

/** The shape Enter adds with the keyboard: a sensible size, centred on the screenshot. */
export function defaultShape(tool: Exclude<Tool, 'text'>, color: string, area: { width: number; height: number }): Shape {
  const cx = area.width / 2;
  const cy = area.height / 2;
  const w = Math.min(160, area.width / 2);
  const h = Math.min(100, area.height / 2);
  switch (tool) {
    case 'box':
      return { type: 'box', x: cx - w / 2, y: cy - h / 2, width: w, height: h, color };
    case 'hide':
      return { type: 'hide', x: cx - w / 2, y: cy - h / 2, width: w, height: h };
    case 'arrow':
      return { type: 'arrow', x1: cx - w / 2, y1: cy + h / 2, x2: cx + w / 2, y2: cy - h / 2, color };
    case 'pen': {
      // A short wave: something visible that the arrow keys can then move and Alt+arrows stretch.
      const points: [number, number][] = [];
      for (let i = 0; i <= 16; i++) points.push([cx - w / 2 + (w * i) / 16, cy + Math.sin((i / 16) * Math.PI * 2) * (h / 4)]);
      return { type: 'pen', points, color };
    }
  }
}

/** Two decimals are far below a pixel: the description stays small and readable. */
export function roundShape(shape: Shape): Shape {
  const r = (n: number) => Math.round(n * 100) / 100;
  switch (shape.type) {
    case 'box':
    case 'hide':
      return { ...shape, x: r(shape.x), y: r(shape.y), width: r(shape.width), height: r(shape.height) };
    case 'arrow':
      return { ...shape, x1: r(shape.x1), y1: r(shape.y1), x2: r(shape.x2), y2: r(shape.y2) };
    case 'pen':
      return { ...shape, points: shape.points.map(([x, y]) => [r(x), r(y)] as [number, number]) };
    case 'text':
      return { ...shape, x: r(shape.x), y: r(shape.y), size: r(shape.size) };
  }
}

export function withColor(shape: Shape, color: string): Shape {
  return shape.type === 'hide' ? shape : { ...shape, color };
}

/** "170 × 100" for rectangles, the font size for text, the length for arrows: what a resize announces. */
export function sizeDetail(shape: Shape): string {
  const size = strings.annotate.size;
  if (shape.type === 'text') return size.text(Math.round(shape.size));
  if (shape.type === 'arrow') return size.arrow(Math.round(Math.hypot(shape.x2 - shape.x1, shape.y2 - shape.y1)));
  const b = shapeBounds(shape);
  return size.box(Math.round(b.width), Math.round(b.height));
}
