/**
 * The PDF viewer's arithmetic: page sizes from the markup, the scroll layout, which page is at a
 * height, which pages are near a viewport (the only ones drawn), zoom limits and the page field.
 */
import { describe, expect, it } from 'vitest';
import type { PdfMarkupResponse } from '../../src/api/wire';
import {
  PAGE_GAP,
  clampZoom,
  currentPageOf,
  fitWidthZoom,
  layoutPages,
  pageAt,
  pageSizesOf,
  pagesNear,
  parsePageNumber,
  zoomIn,
} from './file-review-pdf';

const markup = (pages: Array<[number | null, number | null]>, pageCount: number | null = pages.length) =>
  ({
    id: 'm',
    type: 'pdf',
    pageCount,
    images: pages.map(([width, height], i) => ({
      id: `p${i}`,
      url: null,
      mimeType: 'application/pdf',
      width,
      height,
      position: i,
      pageNumber: i + 1,
    })),
  }) as unknown as PdfMarkupResponse;

describe('page sizes and layout', () => {
  it('takes each page size from the markup, US Letter where none was measured', () => {
    expect(
      pageSizesOf(
        markup([
          [600, 800],
          [null, null],
          [842, 595],
        ]),
      ),
    ).toEqual([
      { width: 600, height: 800 },
      { width: 612, height: 792 },
      { width: 842, height: 595 },
    ]);
    expect(pageSizesOf(markup([[600, 800]], 3))).toHaveLength(3);
  });

  it('stacks pages with gaps and finds the page at any height', () => {
    const layout = layoutPages(
      pageSizesOf(
        markup([
          [100, 200],
          [100, 300],
          [100, 100],
        ]),
      ),
      2,
    );
    expect(layout.tops).toEqual([PAGE_GAP, PAGE_GAP * 2 + 400, PAGE_GAP * 3 + 1000]);
    expect(layout.total).toBe(PAGE_GAP * 4 + 1200);
    expect(pageAt(layout, 0)).toBe(1);
    expect(pageAt(layout, PAGE_GAP + 399)).toBe(1);
    expect(pageAt(layout, PAGE_GAP * 2 + 400)).toBe(2);
    expect(pageAt(layout, 1e6)).toBe(3);
  });

  it('draws only the pages within a screen of the viewport, out of fifty', () => {
    const layout = layoutPages(pageSizesOf(markup(Array.from({ length: 50 }, () => [612, 792] as [number, number]))), 1);
    const height = 800;
    expect(pagesNear(layout, 0, height)).toEqual({ first: 1, last: 2 });
    const top = layout.tops[39]!;
    const near = pagesNear(layout, top, height);
    expect(near.first).toBeGreaterThanOrEqual(38);
    expect(near.last).toBeLessThanOrEqual(43);
    expect(currentPageOf(layout, top, height)).toBe(40);
  });
});

describe('zoom and the page field', () => {
  it('keeps zoom within its limits and fits the widest page', () => {
    expect(clampZoom(10)).toBe(4);
    expect(clampZoom(0.01)).toBe(0.25);
    expect(zoomIn(4)).toBe(4);
    expect(fitWidthZoom([{ width: 500, height: 700 }], 500 + PAGE_GAP * 2)).toBe(1);
    expect(fitWidthZoom([{ width: 100, height: 700 }], 2000)).toBe(1.5);
  });

  it('reads a page number only when it names a page', () => {
    expect(parsePageNumber(' 7 ', 10)).toBe(7);
    expect(parsePageNumber('0', 10)).toBeNull();
    expect(parsePageNumber('11', 10)).toBeNull();
    expect(parsePageNumber('2.5', 10)).toBeNull();
    expect(parsePageNumber('two', 10)).toBeNull();
  });
});
