/**
 * Images keep the crop and placement `object-fit` / `object-position` give them in Chromium instead of
 * being stretched over their box (object-fit.ts), whether same-origin, a data URL or cross-origin
 * (drawn from the relay's blob: URL, foreign-images.ts), and also where one URL is shown both fitted
 * and stretched.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { chromiumPaint, expectColor, meanDifference, pixel, setPage } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const RED = 'rgb(255, 0, 0)';
const BLUE = 'rgb(0, 0, 255)';
const GREEN = 'rgb(0, 128, 0)';
const WHITE = 'rgb(255, 255, 255)';

/** 200×100: a red band (x < 50), blue in the middle, a green band (x ≥ 150). */
function stripes(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 200;
  canvas.height = 100;
  const ctx = canvas.getContext('2d')!;
  for (const [color, x, width] of [
    [RED, 0, 50],
    [BLUE, 50, 100],
    [GREEN, 150, 50],
  ] as const) {
    ctx.fillStyle = color;
    ctx.fillRect(x, 0, width, 100);
  }
  return canvas.toDataURL('image/png');
}

const magenta = new URL('./fixtures/magenta.png', import.meta.url).href;
const crossOrigin = (() => {
  const url = new URL(magenta, location.href);
  url.hostname = url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return url.href;
})();

describe('captureViewport: object-fit and object-position', () => {
  test('cover, positioned cover, contain, none and scale-down, next to a stretched copy', async () => {
    const src = stripes();
    const img = (left: number, top: number, style: string, url = src) =>
      `<img src="${url}" style="position:absolute;left:${left}px;top:${top}px;width:100px;height:100px;${style}">`;
    cleanup = setPage(
      `<div id="all" style="position:absolute;left:0;top:0;width:760px;height:280px">` +
        img(20, 20, 'object-fit:cover') +
        img(140, 20, 'object-fit:cover;object-position:0 50%') +
        img(260, 20, 'object-fit:contain') +
        img(380, 20, 'object-fit:none;object-position:right 0 bottom 0') +
        img(500, 20, 'object-fit:scale-down;border-radius:50%;padding:5px;border:3px solid #000') +
        img(620, 20, '') +
        img(20, 160, 'object-fit:contain;width:200px;background:#eee', crossOrigin) +
        `</div>`,
      'body { background: #fff }',
    );
    await Promise.all([...document.images].map((image) => image.decode()));
    const reference = await chromiumPaint(document.getElementById('all')!);
    // The relay stands in for the server's: the same bytes, from this page's origin.
    const { canvas } = await captureViewport({ maxScale: 1, foreignImage: async () => (await fetch(magenta)).blob() });

    expectColor(pixel(canvas, 20 + 10, 70), BLUE, 3, 'cover: the middle of the image');
    expectColor(pixel(canvas, 20 + 90, 70), BLUE, 3, 'cover: the middle of the image, right side');
    expectColor(pixel(canvas, 140 + 25, 70), RED, 3, 'cover at the left: its left band');
    expectColor(pixel(canvas, 140 + 75, 70), BLUE, 3, 'cover at the left: then the middle');
    expectColor(pixel(canvas, 260 + 50, 20 + 10), WHITE, 3, 'contain: letterboxed above');
    expectColor(pixel(canvas, 260 + 10, 70), RED, 3, 'contain: the whole width');
    expectColor(pixel(canvas, 380 + 25, 70), BLUE, 3, 'none at the right: the middle');
    expectColor(pixel(canvas, 380 + 75, 70), GREEN, 3, 'none at the right: its right band');
    expectColor(pixel(canvas, 620 + 10, 70), RED, 3, 'stretched (object-fit: fill) stays stretched');
    expectColor(pixel(canvas, 20 + 100, 160 + 50), 'rgb(255, 0, 255)', 3, 'cross-origin, relayed: drawn');
    expectColor(pixel(canvas, 20 + 20, 160 + 50), '#eee', 3, 'cross-origin, relayed: letterboxed');
    expect(meanDifference(canvas, reference, { left: 0, top: 0, width: 760, height: 280 })).toBeLessThan(2);
  });
});
