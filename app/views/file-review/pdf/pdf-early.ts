/**
 * What a PDF's first page waits for, started the moment the markup page knows it shows a PDF — in
 * the app's own chunk, beside the viewer's download rather than after it: pdf.js's worker (booting
 * its 1.2 MB of script is the longest step before the first page) and the file itself, which pdf.js
 * would otherwise request only once that worker is up. Nothing here imports pdf.js.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Files larger than this are left to pdf.js, which streams them and asks for ranges as pages need them. */
const PREFETCH_MAX_BYTES = 16 * 1024 * 1024;

let worker: Worker | null = null;

/** pdf.js's worker, started once and kept for the page's life (documents come and go; the worker stays). */
export function pdfWorker(): Worker {
  worker ??= new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  return worker;
}

/**
 * One prefetched file at a time: a page left before its viewer took the bytes, or a markup read again
 * with freshly signed URLs, must not keep a download (up to PREFETCH_MAX_BYTES) alive for nothing.
 */
let prefetched: { url: string; bytes: Promise<Uint8Array | null>; abort: AbortController } | null = null;

/** Starts downloading the PDF at `url` (a signed read URL); `null` in the end when it is too large or failed. */
export function prefetchPdf(url: string): void {
  if (prefetched?.url === url) return;
  prefetched?.abort.abort();
  const abort = new AbortController();
  const bytes = fetch(url, { priority: 'high', signal: abort.signal } as RequestInit)
    .then(async (response) => {
      const length = Number(response.headers.get('Content-Length') ?? NaN);
      if (!response.ok || !(length <= PREFETCH_MAX_BYTES)) {
        void response.body?.cancel().catch(() => undefined);
        return null;
      }
      return new Uint8Array(await response.arrayBuffer());
    })
    .catch(() => null);
  prefetched = { url, bytes, abort };
}

/** The prefetched bytes of `url`, once (pdf.js takes them over), or `null`: then pdf.js fetches the URL itself. */
export async function takePrefetchedPdf(url: string): Promise<Uint8Array | null> {
  if (prefetched?.url !== url) return null;
  const { bytes } = prefetched;
  prefetched = null;
  return await bytes;
}
