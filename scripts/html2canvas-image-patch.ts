/**
 * The part of our html2canvas rewrite (scripts/html2canvas-slices.ts) that decides how a
 * cross-origin image is read. html2canvas asks the image's host again with CORS (`useCORS`), and
 * when that host does not allow it the browser reports "blocked by CORS policy" and a failed load
 * in the host page's console, once per image per capture — issue 14 says a capture adds nothing
 * there. With the `imageSource` hook installed (src/capture/screenshot/foreign-images.ts) the
 * capture answers, per cross-origin image, the URL to load instead (a blob: URL of bytes it got
 * another way, or the image's own URL when the page itself loaded it with CORS), or nothing to
 * leave it out. Same-origin, data: and blob: images load as html2canvas loads them.
 */

type ReplaceOnce = (code: string, find: string | RegExp, replacement: string, what: string) => string;

const CACHE_HAS = 'Cache.prototype.has = function (key) {';
const CACHE_HAS_AFTER_HOOK = `var __pinmarkLoadImage = Cache.prototype.loadImage;
    Cache.prototype.loadImage = function (key) {
        var self = this, source = __pinmarkHooks.imageSource;
        if (!source || isInlineImage(key) || isBlobImage(key) || CacheStorage.isSameOrigin(key)) return __pinmarkLoadImage.call(this, key);
        return Promise.resolve(source(key)).then(function (src) { return src ? __pinmarkLoadImage.call(self, src) : undefined; });
    };
    ${CACHE_HAS}`;

export function patchImageLoading(code: string, replaceOnce: ReplaceOnce): string {
  return replaceOnce(code, CACHE_HAS, CACHE_HAS_AFTER_HOOK, 'Cache.has (after Cache.loadImage)');
}
