/**
 * Where a screenshot reads a cross-origin image from (the `imageSource` hook of our html2canvas
 * rewrite, scripts/html2canvas-image-patch.ts). Asking the image's host again with CORS — what
 * html2canvas does — makes the browser report "blocked by CORS policy" in the host page's console
 * whenever that host does not allow it, once per image per capture, and the capture must add
 * nothing to the page's console. So:
 *  - an image the page itself loaded with CORS (`<img crossorigin>`, complete) is asked for again
 *    with CORS: its host allowed it, the answer is cached, nothing is reported;
 *  - any other is fetched by `relay` (the widget's: the server's image relay, which fetches it
 *    without the reviewer's cookies) and drawn from a blob: URL, revoked when the capture ends;
 *  - without a relay, or when the relay cannot get it, the image is left out, as html2canvas leaves
 *    out an image its host refused.
 */

/** Fetches a cross-origin image some other way than CORS; null when it cannot. */
export type ForeignImageRelay = (url: string) => Promise<Blob | null>;

export interface ForeignImages {
  source(url: string): Promise<string | null>;
  /** The page's URL of an image drawn from a blob: URL made here (object-fit.ts matches by it). */
  originalUrl(src: string): string;
  /** Revokes the blob: URLs made for this capture. */
  dispose(): void;
}

/** The URLs of the page's images that were loaded with CORS and are ready. */
function corsLoadedImages(doc: Document): Set<string> {
  const urls = new Set<string>();
  for (const image of Array.from(doc.images)) {
    if (image.crossOrigin === null || !image.complete || image.naturalWidth === 0) continue;
    urls.add(image.currentSrc || image.src);
  }
  return urls;
}

export function createForeignImages(doc: Document, relay: ForeignImageRelay | undefined): ForeignImages {
  let corsLoaded: Set<string> | undefined;
  const originals = new Map<string, string>();
  let disposed = false;
  return {
    async source(url) {
      corsLoaded ??= corsLoadedImages(doc);
      if (corsLoaded.has(url)) return url;
      if (!relay) return null;
      const blob = await relay(url).catch(() => null);
      if (!blob || disposed || !blob.type.startsWith('image/')) return null;
      const objectUrl = URL.createObjectURL(blob);
      originals.set(objectUrl, url);
      return objectUrl;
    },
    originalUrl: (src) => originals.get(src) ?? src,
    dispose() {
      disposed = true;
      for (const objectUrl of originals.keys()) URL.revokeObjectURL(objectUrl);
      originals.clear();
    },
  };
}
