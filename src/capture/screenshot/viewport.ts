/**
 * What "the reviewer's viewport" is, read once per capture so the rendering, the masks and the pin
 * all agree on the same size, scroll offset and pixel scale.
 */
import { CaptureError } from './types';

export interface Viewport {
  /** Layout viewport without scrollbars (what the reviewer actually sees of the page). */
  cssWidth: number;
  cssHeight: number;
  scrollX: number;
  scrollY: number;
  scale: number;
  pixelWidth: number;
  pixelHeight: number;
}

export function readViewport(doc: Document, maxScale = 2): Viewport {
  const win = doc.defaultView;
  const root = doc.documentElement;
  if (!win || !root || !doc.body) {
    throw new CaptureError('unsupported', 'Screenshot needs a document with a window and a body.');
  }
  // clientWidth/Height leave out classic scrollbars, which html2canvas could not draw anyway; fall back
  // to the window size for documents without layout. In quirks mode (old table-layout pages without
  // a full doctype) it is the body's client size that is the viewport's; the root's is the whole page.
  const viewportBox = doc.compatMode === 'BackCompat' ? doc.body : root;
  const cssWidth = viewportBox.clientWidth || win.innerWidth;
  const cssHeight = viewportBox.clientHeight || win.innerHeight;
  if (!(cssWidth > 0 && cssHeight > 0)) {
    throw new CaptureError('unsupported', 'The page has no visible viewport to capture.');
  }
  const cap = Number.isFinite(maxScale) && maxScale > 0 ? maxScale : 2;
  const scale = Math.min(win.devicePixelRatio || 1, cap);
  return {
    cssWidth,
    cssHeight,
    scrollX: win.scrollX,
    scrollY: win.scrollY,
    scale,
    pixelWidth: Math.max(1, Math.round(cssWidth * scale)),
    pixelHeight: Math.max(1, Math.round(cssHeight * scale)),
  };
}

export function createCanvas(doc: Document, viewport: Viewport): HTMLCanvasElement {
  const canvas = doc.createElement('canvas');
  canvas.width = viewport.pixelWidth;
  canvas.height = viewport.pixelHeight;
  return canvas;
}

export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new CaptureError('unsupported', 'This browser cannot draw on a canvas.');
  return ctx;
}

/** A canvas the page could not read back is useless for upload; say so instead of failing later. */
export function assertReadable(canvas: HTMLCanvasElement): void {
  try {
    context2d(canvas).getImageData(0, 0, 1, 1);
  } catch (error) {
    throw new CaptureError('failed', 'The screenshot was tainted by cross-origin content.', { cause: error });
  }
}
