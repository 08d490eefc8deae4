/**
 * Paints annotation shapes onto a canvas. The editor's live view and the flattened screenshot that is
 * uploaded both go through `drawShapes`, so what the reviewer sees is exactly what gets posted.
 * User text is painted with fillText: it never becomes HTML.
 */
import type { AnnotationShape, CanvasAnnotations } from '../../api/wire';
import { handlesOf, shapeBounds, type Shape } from './model';
import { textFont } from './text-metrics';

/** Redaction colour: opaque, so nothing of what is hidden survives in the flattened image. */
export const HIDE_COLOR = '#111827';
/** Stroke widths in CSS px; multiplied by the capture's scale so they look the same at any DPR. */
const BOX_STROKE = 3;
const LINE_STROKE = 4;
const BOX_FILL_ALPHA = 0.12;
const SELECTION_COLOR = '#4f46e5';

/** Draws `shapes` (CSS px) onto `ctx` whose pixels are `scale` image px per CSS px. Restores the context. */
export function drawShapes(ctx: CanvasRenderingContext2D, shapes: readonly AnnotationShape[], scale: number): void {
  for (const shape of shapes) {
    ctx.save();
    try {
      drawShape(ctx, shape, scale);
    } catch {
      // A malformed stored shape (re-opened annotations) is skipped rather than breaking the rest.
    } finally {
      ctx.restore();
    }
  }
}

/** A new canvas the size of `image`: the screenshot with the annotations burnt in. `image` is untouched. */
export function flattenAnnotations(image: HTMLCanvasElement, annotations: CanvasAnnotations): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  ctx.drawImage(image, 0, 0);
  drawShapes(ctx, annotations.shapes, annotations.scale > 0 ? annotations.scale : 1);
  return canvas;
}

function drawShape(ctx: CanvasRenderingContext2D, shape: Shape, s: number): void {
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  switch (shape.type) {
    case 'hide': {
      // Whole image pixels, rounded outwards: a half-covered pixel would leak a blend of what is hidden.
      const x0 = Math.floor(shape.x * s);
      const y0 = Math.floor(shape.y * s);
      const x1 = Math.ceil((shape.x + shape.width) * s);
      const y1 = Math.ceil((shape.y + shape.height) * s);
      ctx.fillStyle = HIDE_COLOR;
      ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
      return;
    }
    case 'box': {
      const x = shape.x * s;
      const y = shape.y * s;
      const w = shape.width * s;
      const h = shape.height * s;
      ctx.globalAlpha = BOX_FILL_ALPHA;
      ctx.fillStyle = shape.color;
      ctx.fillRect(x, y, w, h);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = shape.color;
      ctx.lineWidth = BOX_STROKE * s;
      ctx.strokeRect(x, y, w, h);
      return;
    }
    case 'arrow':
      drawArrow(ctx, shape.x1 * s, shape.y1 * s, shape.x2 * s, shape.y2 * s, shape.color, LINE_STROKE * s);
      return;
    case 'pen': {
      const [first, ...rest] = shape.points;
      if (!first) return;
      ctx.strokeStyle = shape.color;
      ctx.lineWidth = LINE_STROKE * s;
      ctx.beginPath();
      ctx.moveTo(first[0] * s, first[1] * s);
      // A single point still shows as a dot (round cap on a zero-length line).
      for (const [x, y] of rest.length ? rest : [first]) ctx.lineTo(x * s, y * s);
      ctx.stroke();
      return;
    }
    case 'text': {
      const size = shape.size * s;
      ctx.font = textFont(size);
      ctx.textBaseline = 'top';
      // A white halo keeps the note readable on any background of the screenshot.
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
      ctx.lineWidth = Math.max(2, size / 5);
      ctx.strokeText(shape.text, shape.x * s, shape.y * s);
      ctx.fillStyle = shape.color;
      ctx.fillText(shape.text, shape.x * s, shape.y * s);
      return;
    }
  }
}

function drawArrow(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number, color: string, width: number): void {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const head = Math.min(width * 4, length * 0.6);
  // The shaft stops inside the head so its round cap does not poke out of the tip.
  const shaftEnd = Math.max(0, length - head * 0.6);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 + Math.cos(angle) * shaftEnd, y1 + Math.sin(angle) * shaftEnd);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - head * Math.cos(angle - Math.PI / 7), y2 - head * Math.sin(angle - Math.PI / 7));
  ctx.lineTo(x2 - head * Math.cos(angle + Math.PI / 7), y2 - head * Math.sin(angle + Math.PI / 7));
  ctx.closePath();
  ctx.fill();
}

/**
 * The selection outline and resize handles, only ever on the editor's live view. `pixel` is image px
 * per displayed CSS px, so handles keep the same on-screen size however the screenshot is scaled.
 */
export function drawSelection(ctx: CanvasRenderingContext2D, shape: Shape, scale: number, pixel: number): void {
  const b = shapeBounds(shape);
  const pad = 4 * pixel;
  ctx.save();
  ctx.strokeStyle = SELECTION_COLOR;
  ctx.lineWidth = 1.5 * pixel;
  ctx.setLineDash([5 * pixel, 4 * pixel]);
  ctx.strokeRect(b.x * scale - pad, b.y * scale - pad, b.width * scale + 2 * pad, b.height * scale + 2 * pad);
  ctx.setLineDash([]);
  const size = 9 * pixel;
  for (const handle of handlesOf(shape)) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(handle.x * scale - size / 2, handle.y * scale - size / 2, size, size);
    ctx.strokeRect(handle.x * scale - size / 2, handle.y * scale - size / 2, size, size);
  }
  ctx.restore();
}
