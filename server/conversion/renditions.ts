/**
 * What a client draws instead of the original (issue 17): per image and per PDF page, a small
 * thumbnail (filmstrips, page lists) and a preview (the viewer, and clients that cannot render
 * PDF). Images are scaled by sharp; PDF pages are rasterised by pdf.js (`pdfjs-dist` legacy build,
 * which renders on `@napi-rs/canvas` in Node: prebuilt binaries from npm, no system packages), then
 * encoded by sharp — pdf.js in a worker thread of its own (pdf-raster-worker.mjs says why). Renditions are conveniences: a page pdf.js cannot draw is left without one
 * rather than failing the conversion (pdf-lib already measured it).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

export const THUMBNAIL_BOX = { width: 400, height: 300 };
/** Previews fit in 2048 px (images) and are drawn with the long edge at 1600 px (PDF pages: ~145 dpi for A4/Letter). */
export const IMAGE_PREVIEW_MAX = 2048;
export const PDF_PREVIEW_LONG_EDGE = 1600;
/** Pages rendered per PDF (each costs a few hundred ms); later pages get none (clients render the PDF). */
export const PDF_RASTER_MAX_PAGES = 300;

export interface Rendition {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
  extension: 'webp';
}
export interface RenditionPair {
  thumbnail: Rendition;
  preview: Rendition;
}
/** Receives each asset's renditions as they are made (a PDF's pages are not all held in memory). */
export type RenditionSink = (position: number, pair: RenditionPair) => Promise<void>;

async function webp(image: Sharp, quality: number): Promise<Rendition> {
  const { data, info } = await image.webp({ quality }).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp', extension: 'webp' };
}

/** Thumbnail and preview of one decoded picture (`source` makes a fresh pipeline each time). */
export async function renditionsOf(source: () => Sharp, previewMax = IMAGE_PREVIEW_MAX): Promise<RenditionPair> {
  const thumbnail = await webp(source().resize(THUMBNAIL_BOX.width, THUMBNAIL_BOX.height, { fit: 'inside', withoutEnlargement: true }), 80);
  const preview = await webp(source().resize(previewMax, previewMax, { fit: 'inside', withoutEnlargement: true }), 82);
  return { thumbnail, preview };
}

export async function imageRenditions(file: string): Promise<RenditionPair> {
  // autoOrient: what a viewer shows (EXIF rotation), as the measured size says.
  return renditionsOf(() => sharp(file).autoOrient());
}

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
const RASTER_WORKER = new URL('./pdf-raster-worker.mjs', import.meta.url);

type FromWorker =
  | { type: 'opened'; pages: number }
  | { type: 'failed'; message: string }
  | { type: 'page'; page: number; width: number; height: number; pixels: ArrayBuffer }
  | { type: 'page'; page: number; error: string };

/**
 * Rasterises the PDF's pages (at most PDF_RASTER_MAX_PAGES) in a worker thread
 * (pdf-raster-worker.mjs: pdf.js must not run in the server's isolate), one page at a time, and
 * hands each page's renditions to `sink`; answers how many pages got them.
 */
export async function pdfRenditions(bytes: Uint8Array, sink: RenditionSink, log: (message: string) => void): Promise<number> {
  const worker = new Worker(RASTER_WORKER, {
    workerData: {
      bytes,
      fontsUrl: `${PDFJS_ROOT}/standard_fonts/`,
      cMapsUrl: `${PDFJS_ROOT}/cmaps/`,
      longEdge: PDF_PREVIEW_LONG_EDGE,
    },
    transferList: [bytes.buffer as ArrayBuffer],
  });
  const replies: FromWorker[] = [];
  let wake: (() => void) | undefined;
  let ended: Error | undefined;
  worker.on('message', (message: FromWorker) => {
    replies.push(message);
    wake?.();
  });
  const stop = (error: Error) => {
    ended ??= error;
    wake?.();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the PDF raster worker stopped (exit code ${code})`)));
  const next = async (): Promise<FromWorker> => {
    while (replies.length === 0) {
      if (ended) throw ended;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    return replies.shift()!;
  };
  let rendered = 0;
  try {
    const opened = await next();
    if (opened.type !== 'opened') {
      log(`pdf.js could not open the PDF: ${opened.type === 'failed' ? opened.message : 'no answer'}`);
      return 0;
    }
    for (let number = 1; number <= Math.min(opened.pages, PDF_RASTER_MAX_PAGES); number++) {
      worker.postMessage({ page: number });
      const drawn = await next();
      if (drawn.type !== 'page' || 'error' in drawn) {
        log(`page ${number} could not be rendered: ${'error' in drawn ? drawn.error : 'no answer'}`);
        continue;
      }
      const raw = { raw: { width: drawn.width, height: drawn.height, channels: 4 as const } };
      const pixels = Buffer.from(drawn.pixels);
      // A store that fails to take the file is an outage (the conversion is retried), not a bad page.
      await sink(number - 1, await renditionsOf(() => sharp(pixels, raw), PDF_PREVIEW_LONG_EDGE));
      rendered++;
    }
  } catch (error) {
    if (error === ended) log((error as Error).message);
    else throw error;
  } finally {
    await worker.terminate();
  }
  return rendered;
}
