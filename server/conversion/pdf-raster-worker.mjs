/**
 * Draws the pages of one PDF in a worker thread (renditions.ts starts it). pdf.js's legacy build
 * installs polyfills that take V8's fast path away from JSON.stringify of large strings for the
 * whole isolate (measured: 2 MB went from ~20 ms to ~1 s), and the API serializes every answer —
 * so pdf.js never runs in the server's own isolate. Plain JavaScript: the server runs under tsx,
 * its tests under vitest, and a worker started from either gets no TypeScript loader.
 *
 * Protocol: workerData {bytes, fontsUrl, cMapsUrl, longEdge}; the worker answers {type: 'opened', pages} (or
 * {type: 'failed', message}); then each {page} message (1-based) is answered with {type: 'page', page, width,
 * height, pixels} (RGBA, transferred) or {type: 'page', page, error}.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { createCanvas } = await import('@napi-rs/canvas');

const task = getDocument({
  data: workerData.bytes,
  standardFontDataUrl: workerData.fontsUrl,
  cMapUrl: workerData.cMapsUrl,
  cMapPacked: true,
  isEvalSupported: false,
  disableFontFace: true,
  verbosity: 0,
});

async function draw(number, doc) {
  const page = await doc.getPage(number);
  try {
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: workerData.longEdge / Math.max(base.width, base.height) });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const pixels = new Uint8Array(canvas.data()).buffer;
    return { type: 'page', page: number, width: canvas.width, height: canvas.height, pixels };
  } finally {
    page.cleanup();
  }
}

try {
  const doc = await task.promise;
  parentPort.on('message', async ({ page }) => {
    try {
      const drawn = await draw(page, doc);
      parentPort.postMessage(drawn, [drawn.pixels]);
    } catch (error) {
      parentPort.postMessage({ type: 'page', page, error: error instanceof Error ? error.message : String(error) });
    }
  });
  parentPort.postMessage({ type: 'opened', pages: doc.numPages });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
