/**
 * The PDF viewer's arithmetic, kept apart from drawing: every page's size comes from the markup
 * (conversion measured it in points), so the whole scroll layout — each page's top, which pages are
 * near the viewport, which page is "current" — is known before pdf.js has even loaded, and pages
 * are drawn only when near. Also the zoom steps and a thread's page.
 */
import type { PdfMarkupResponse, PdfThreadResponse } from '../../src/api/wire';

export interface PageSize {
  /** In PDF points (CSS px at zoom 1). */
  width: number;
  height: number;
}

/** US Letter: the size of a page conversion has not measured (it always has by `isReady`). */
const FALLBACK: PageSize = { width: 612, height: 792 };

/** Each page's size, index 0 = page 1. */
export function pageSizesOf(markup: PdfMarkupResponse): PageSize[] {
  const count = Math.max(markup.pageCount ?? 0, markup.images.length, 1);
  const sizes: PageSize[] = Array.from({ length: count }, () => FALLBACK);
  for (const image of markup.images) {
    const index = (image.pageNumber ?? image.position + 1) - 1;
    if (index >= 0 && index < count && image.width && image.height) sizes[index] = { width: image.width, height: image.height };
  }
  return sizes;
}

/** CSS px between pages and around them. */
export const PAGE_GAP = 16;

export interface PageLayout {
  /** Each page's top in the scroller's content, in CSS px. */
  tops: number[];
  heights: number[];
  widths: number[];
  total: number;
}

export function layoutPages(sizes: PageSize[], scale: number): PageLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  const widths: number[] = [];
  let y = PAGE_GAP;
  for (const size of sizes) {
    tops.push(y);
    const height = Math.round(size.height * scale);
    heights.push(height);
    widths.push(Math.round(size.width * scale));
    y += height + PAGE_GAP;
  }
  return { tops, heights, widths, total: y };
}

/** The page (1-based) whose box holds content height `y` (the nearest one in a gap). */
export function pageAt(layout: PageLayout, y: number): number {
  let low = 0;
  let high = layout.tops.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (layout.tops[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/**
 * The pages to draw for a viewport at `scrollTop` of `height`: those it shows, plus one screen's
 * height above and below, so scrolling finds the next page drawn already. 1-based, inclusive.
 */
export function pagesNear(layout: PageLayout, scrollTop: number, height: number): { first: number; last: number } {
  return { first: pageAt(layout, Math.max(0, scrollTop - height)), last: pageAt(layout, scrollTop + height * 2) };
}

/** The current page: the one under a line a third down the viewport (what a reader is looking at). */
export function currentPageOf(layout: PageLayout, scrollTop: number, height: number): number {
  return pageAt(layout, scrollTop + height / 3);
}

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;
const ZOOM_STEP = 1.25;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
export const zoomIn = (zoom: number) => clampZoom(zoom * ZOOM_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom / ZOOM_STEP);

/** The zoom at which the widest page fills `width` CSS px (less the gaps), at most 1.5× natural size. */
export function fitWidthZoom(sizes: PageSize[], width: number): number {
  const widest = Math.max(...sizes.map((s) => s.width));
  return clampZoom(Math.min(1.5, (width - PAGE_GAP * 2) / widest));
}

/** Threads by their page number. */
export function threadsByPage(threads: readonly PdfThreadResponse[]): Map<number, PdfThreadResponse[]> {
  const byPage = new Map<number, PdfThreadResponse[]>();
  for (const thread of threads) {
    const list = byPage.get(thread.pageNumber);
    if (list) list.push(thread);
    else byPage.set(thread.pageNumber, [thread]);
  }
  return byPage;
}

/** A page number typed into the page field, or null when it names no page. */
export function parsePageNumber(text: string, pageCount: number): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= pageCount ? n : null;
}
