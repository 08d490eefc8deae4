/**
 * conic-gradient() backgrounds, which html2canvas drops, are drawn (conic-gradient.ts): a donut
 * chart with hard stops, a rotated and off-centre gradient, a repeating checkerboard tile beside a
 * linear layer, and a modern colour — compared with what Chromium paints.
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

const box = (id: string, left: number, css: string) =>
  `<div id="${id}" style="position:absolute;left:${left}px;top:20px;width:160px;height:160px;${css}"></div>`;

describe('captureViewport: conic gradients', () => {
  test('donut, rotated off-centre, repeating tiles under a linear layer, modern colours', async () => {
    cleanup = setPage(
      `<div id="all" style="position:absolute;left:0;top:0;width:760px;height:200px">` +
        box('donut', 20, 'border-radius:50%;background:conic-gradient(#5b5bd6 0 46%, #22c55e 46% 74%, #f59e0b 74% 90%, #e4e7f0 90% 100%)') +
        box('turned', 200, 'background:conic-gradient(from 90deg at 25% 75%, red, blue 180deg, lime)') +
        box(
          'tiles',
          380,
          'background:linear-gradient(rgba(255,255,255,0.5), rgba(255,255,255,0)) 0 0/100% 50% no-repeat, repeating-conic-gradient(#000 0 25%, #fff 0 50%) 0 0/40px 40px',
        ) +
        box('modern', 560, 'padding:10px;background:conic-gradient(oklch(0.7 0.2 30), oklch(0.6 0.2 260)) content-box') +
        `</div>`,
      'body { background: #fff }',
    );
    const reference = await chromiumPaint(document.getElementById('all')!);
    const { canvas } = await captureViewport({ maxScale: 1 });

    // The donut's quarters: 12→3 o'clock is the first colour, 6 o'clock the second, 9 the third.
    expectColor(pixel(canvas, 100 + 40, 100 - 40), '#5b5bd6', 3, 'donut, upper right');
    expectColor(pixel(canvas, 100 - 10, 100 + 60), '#22c55e', 3, 'donut, bottom');
    expectColor(pixel(canvas, 100 - 60, 100 - 10), '#f59e0b', 3, 'donut, left');
    expectColor(pixel(canvas, 100 - 20, 100 - 60), '#e4e7f0', 3, 'donut, last tenth');
    expectColor(pixel(canvas, 24, 24), [255, 255, 255, 255], 3, 'outside the rounded corner');
    // Checkerboard squares of 20 px under the half-height white fade.
    expectColor(pixel(canvas, 380 + 30, 20 + 130), [0, 0, 0, 255], 3, 'tile, upper right square');
    expectColor(pixel(canvas, 380 + 10, 20 + 130), [255, 255, 255, 255], 3, 'tile, upper left square');

    for (const id of ['donut', 'turned', 'tiles', 'modern']) {
      const area = document.getElementById(id)!.getBoundingClientRect();
      expect(meanDifference(canvas, reference, area), id).toBeLessThan(3);
    }
  });
});
