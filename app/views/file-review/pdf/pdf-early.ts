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

const prefetched = new Map<string, Promise<Uint8Array | null>>();

/** Starts downloading the PDF at `url` (a signed read URL); `null` in the end when it is too large or failed. */
export function prefetchPdf(url: string): void {
  if (prefetched.has(url)) return;
  const bytes = fetch(url, { priority: 'high' } as RequestInit)
    .then(async (response) => {
      const length = Number(response.headers.get('Content-Length') ?? NaN);
      if (!response.ok || !(length <= PREFETCH_MAX_BYTES)) {
        void response.body?.cancel().catch(() => undefined);
        return null;
      }
      return new Uint8Array(await response.arrayBuffer());
    })
    .catch(() => null);
  prefetched.set(url, bytes);
}

/** The prefetched bytes of `url`, once (pdf.js takes them over), or `null`: then pdf.js fetches the URL itself. */
export async function takePrefetchedPdf(url: string): Promise<Uint8Array | null> {
  const bytes = prefetched.get(url);
  prefetched.delete(url);
  return bytes ? await bytes : null;
}
