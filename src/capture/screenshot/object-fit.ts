/**
 * html2canvas 1.4.1 ignores `object-fit` and `object-position`: every <img> is stretched over its
 * content box, so cover-fitted photos, avatars and thumbnails — most images of a modern page — come
 * out squashed. The clone's fitted images are noted during the clone walk (clone-repairs.ts), and the
 * one call html2canvas makes to draw an image's content, `drawImage(image, 0, 0, naturalW, naturalH,
 * box…)` on the context we hand it, is redirected to the part of the image Chromium shows and the
 * place it shows it. That keeps the image at full resolution (a background-image stand-in would be
 * resampled to CSS pixels) and changes nothing in the clone.
 */
import { lengthPercentage, splitTopLevel } from './css-values';

type Fit = 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';

interface FittedImage {
  fit: Fit;
  position: [string, string];
  element: Element;
  style: CSSStyleDeclaration;
}

/** The clone's images, by the URL html2canvas will load; only URLs one of them fits are kept. */
export type ObjectFits = Map<string, FittedImage[]>;

/**
 * Notes a cloned <img>. Unfitted ones are noted too, in case one URL is shown both ways; each URL
 * nobody fits is dropped by `fittedOnly`.
 */
export function noteObjectFit(fits: ObjectFits, element: Element, style: CSSStyleDeclaration): void {
  if (element.localName !== 'img') return;
  const img = element as HTMLImageElement;
  const src = img.currentSrc || img.src;
  if (!src) return;
  const [x = '50%', y = '50%'] = splitTopLevel(style.objectPosition, ' ');
  const entry: FittedImage = { fit: (style.objectFit as Fit) || 'fill', position: [x, y], element, style };
  const list = fits.get(src);
  if (list) list.push(entry);
  else fits.set(src, [entry]);
}

export function fittedOnly(fits: ObjectFits): ObjectFits {
  for (const [src, list] of fits) if (list.every((entry) => entry.fit === 'fill')) fits.delete(src);
  return fits;
}

/**
 * Installs the redirection on `ctx`; returns the function that removes it. `originalUrl` names the
 * page's URL of an image loaded from elsewhere (a relayed image's blob: URL, foreign-images.ts).
 */
export function repairObjectFit(
  ctx: CanvasRenderingContext2D,
  fits: ObjectFits,
  originalUrl: (src: string) => string = (src) => src,
): () => void {
  const proto = Object.getPrototypeOf(ctx) as CanvasRenderingContext2D;
  Object.defineProperty(ctx, 'drawImage', {
    configurable: true,
    writable: true,
    value(...args: unknown[]) {
      const draw = proto.drawImage as (...a: unknown[]) => void;
      const image = args[0] as { src?: unknown };
      const list = args.length === 9 && typeof image?.src === 'string' ? fits.get(originalUrl(image.src)) : undefined;
      const [sx, sy, sw, sh, dx, dy, dw, dh] = args.slice(1) as number[];
      if (!list || sx !== 0 || sy !== 0 || !(sw! > 0 && sh! > 0 && dw! > 0 && dh! > 0)) return draw.apply(ctx, args);
      const fitted = nearest(list, dx!, dy!, dw!, dh!);
      const placed = place(fitted, sw!, sh!, dx!, dy!, dw!, dh!);
      if (placed) draw.call(ctx, args[0], ...placed);
    },
  });
  return () => {
    delete (ctx as unknown as Record<string, unknown>).drawImage;
  };
}

/**
 * Images sharing a URL may be fitted differently: the one whose content box is where the draw goes
 * (html2canvas draws in the clone's viewport coordinates, which are the canvas's).
 */
function nearest(list: FittedImage[], left: number, top: number, width: number, height: number): FittedImage {
  if (list.length === 1) return list[0]!;
  let best = list[0]!;
  let bestDistance = Infinity;
  for (const entry of list) {
    const { style } = entry;
    const px = (value: string): number => parseFloat(value) || 0;
    const box = entry.element.getBoundingClientRect();
    const contentLeft = box.left + px(style.borderLeftWidth) + px(style.paddingLeft);
    const contentTop = box.top + px(style.borderTopWidth) + px(style.paddingTop);
    const contentRight = box.right - px(style.borderRightWidth) - px(style.paddingRight);
    const contentBottom = box.bottom - px(style.borderBottomWidth) - px(style.paddingBottom);
    const distance =
      Math.abs(contentLeft - left) +
      Math.abs(contentTop - top) +
      Math.abs(contentRight - left - width) +
      Math.abs(contentBottom - top - height);
    if (distance < bestDistance) [best, bestDistance] = [entry, distance];
  }
  return best;
}

/**
 * Source and destination rectangles (drawImage's last eight arguments) showing a `naturalW×naturalH`
 * image fitted into the content box at (dx, dy, dw, dh) as CSS does, clipped to the box; null when
 * nothing of it is inside.
 */
export function place(
  fitted: Pick<FittedImage, 'fit' | 'position'>,
  naturalW: number,
  naturalH: number,
  dx: number,
  dy: number,
  dw: number,
  dh: number,
): number[] | null {
  if (fitted.fit === 'fill') return [0, 0, naturalW, naturalH, dx, dy, dw, dh];
  const contain = Math.min(dw / naturalW, dh / naturalH);
  const scale =
    fitted.fit === 'cover'
      ? Math.max(dw / naturalW, dh / naturalH)
      : fitted.fit === 'contain'
        ? contain
        : fitted.fit === 'none'
          ? 1
          : Math.min(1, contain);
  const width = naturalW * scale;
  const height = naturalH * scale;
  const left = dx + (lengthPercentage(fitted.position[0], dw - width) ?? (dw - width) / 2);
  const top = dy + (lengthPercentage(fitted.position[1], dh - height) ?? (dh - height) / 2);
  const x0 = Math.max(left, dx);
  const y0 = Math.max(top, dy);
  const x1 = Math.min(left + width, dx + dw);
  const y1 = Math.min(top + height, dy + dh);
  if (x1 <= x0 || y1 <= y0) return null;
  return [(x0 - left) / scale, (y0 - top) / scale, (x1 - x0) / scale, (y1 - y0) / scale, x0, y0, x1 - x0, y1 - y0];
}
