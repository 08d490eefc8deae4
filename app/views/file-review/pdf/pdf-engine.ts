/**
 * pdf.js behind a small surface: the library and its worker arrive only when a PDF is opened (a
 * chunk of their own; the worker is a hashed asset of the app build, so it is same-origin and the
 * page's `script-src 'self'` covers it), a document opened from the markup's signed URL, and two
 * drawings per page — the canvas at a scale, and the text layer (spans over the words, which make
 * text selectable and carry each text item's index for highlights).
 *
 * Fonts are never compiled with `new Function` (`isEvalSupported: false`): the page's policy has no
 * 'unsafe-eval', and pdf.js would otherwise try it and log the refusal.
 */
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { pdfWorker, takePrefetchedPdf } from './pdf-early';

type PdfJs = typeof import('pdfjs-dist');

let library: Promise<PdfJs> | null = null;

/** Loads pdf.js once (also used to start the download early, before the document is asked for). */
export function loadPdfJs(): Promise<PdfJs> {
  if (library) return library;
  // Usually booting already: the markup page started it beside this chunk's download (pdf-early.ts).
  const port = pdfWorker();
  library = import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerPort = port;
    return pdfjs;
  });
  // A failed download may be retried by the next viewer.
  library.catch(() => (library = null));
  return library;
}

// pdf.js is the long pole of the first page: its download starts as soon as this chunk is evaluated
// (the viewer's first render follows), not when the first page asks for it.
void loadPdfJs().catch(() => undefined);

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  /** Stops loading and frees the worker's copy. */
  destroy(): Promise<void>;
}

/** Opens the PDF at `url` (the markup's signed read URL), from the bytes prefetched beside the viewer when there are. */
export async function openPdf(url: string): Promise<OpenedPdf> {
  const [pdfjs, data] = await Promise.all([loadPdfJs(), takePrefetchedPdf(url)]);
  const source = data ? { data } : { url };
  const task = pdfjs.getDocument({ ...source, isEvalSupported: false, enableXfa: false });
  const doc = await task.promise;
  return { doc, destroy: () => task.destroy() };
}

/** The most pixels one page's canvas may have (a 4K screen's worth ×2): deep zoom stays sharp enough without running out of memory. */
const MAX_CANVAS_PIXELS = 16_777_216;

export interface PageDrawing {
  /** Resolves when the canvas is painted; rejects with pdf.js's RenderingCancelledException when cancelled. */
  done: Promise<void>;
  cancel(): void;
}

/**
 * Paints `page` into `canvas` at `cssScale` CSS px per PDF point, sharp for the screen's pixel
 * ratio. The canvas is sized here; CSS stretches it to its page box.
 */
export function drawPage(page: PDFPageProxy, canvas: HTMLCanvasElement, cssScale: number): PageDrawing {
  const base = page.getViewport({ scale: 1 });
  let ratio = cssScale * (globalThis.devicePixelRatio || 1);
  const pixels = base.width * base.height * ratio * ratio;
  if (pixels > MAX_CANVAS_PIXELS) ratio *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
  const viewport = page.getViewport({ scale: ratio });
  // Painting into a detached canvas and swapping keeps the old picture up until the new one is ready.
  const target = document.createElement('canvas');
  target.width = Math.max(1, Math.floor(viewport.width));
  target.height = Math.max(1, Math.floor(viewport.height));
  let task: RenderTask | null = page.render({ canvas: target, viewport });
  const done = task.promise.then(() => {
    task = null;
    canvas.width = target.width;
    canvas.height = target.height;
    canvas.getContext('2d')?.drawImage(target, 0, 0);
    target.width = target.height = 0;
  });
  return {
    done,
    cancel: () => {
      task?.cancel();
      target.width = target.height = 0;
    },
  };
}

export interface TextLayerDrawing {
  done: Promise<void>;
  cancel(): void;
}

/**
 * Builds pdf.js's text layer for `page` into `container`. Drawn once at scale 1: pdf.js places the
 * spans in percent of the page and sizes the fonts by the CSS variable `--total-scale-factor` the
 * page box sets, so zooming needs no rebuild. Every span gets `data-item`, its index among the
 * page's text items — the index a `textHighlight` stores.
 */
export function drawTextLayer(pdfjs: PdfJs, page: PDFPageProxy, container: HTMLElement): TextLayerDrawing {
  const layer = new pdfjs.TextLayer({
    textContentSource: page.streamTextContent({ includeMarkedContent: true, disableNormalization: true }),
    container,
    viewport: page.getViewport({ scale: 1 }),
  });
  const done = layer.render().then(() => {
    layer.textDivs.forEach((span, index) => (span.dataset['item'] = String(index)));
    // pdf.js's viewer puts this after the spans: a drag that leaves the words ends on it, not on the page.
    const end = document.createElement('div');
    end.className = 'endOfContent';
    container.append(end);
  });
  return { done, cancel: () => layer.cancel() };
}

export function isCancelled(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'RenderingCancelledException' || name === 'AbortException';
}
