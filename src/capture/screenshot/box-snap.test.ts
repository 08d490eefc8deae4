/**
 * Boxes at fractional positions — backgrounds, borders, rounded borders, images — are painted on the
 * whole pixels Chromium paints them on (box-snap.ts), while the page's own elements keep measuring
 * exactly.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { chromiumPaint, meanDifference, setPage, withDevicePixelRatio } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

function boxes(top: number): string {
  return (
    `<div style="position:absolute;left:10.4px;top:${top}px;width:100px;height:20.5px;background:#000"></div>` +
    `<div style="position:absolute;left:120.6px;top:${top}px;width:60px;height:20.5px;border:1px solid #000;border-radius:4px"></div>` +
    `<div style="position:absolute;left:190.5px;top:${top + 0.2}px;width:60.3px;height:20px;border:1px solid #000;background:#ccc"></div>`
  );
}

describe('captureViewport: boxes on whole pixels', () => {
  test.each([1, 2])('fills and borders at fractional offsets match Chromium at DPR %s', async (ratio) => {
    cleanup = setPage(
      `<div id="sample" style="position:absolute;left:20px;top:20px;width:280px;height:160px">${[10.3, 40.6, 70.8, 100.2, 130.5].map(boxes).join('')}</div>`,
      'body { background: #fff }',
    );
    await withDevicePixelRatio(ratio, async () => {
      const sample = document.getElementById('sample')!;
      const reference = await chromiumPaint(sample);
      const { canvas } = await captureViewport({ maxScale: ratio });
      const crop = document.createElement('canvas');
      crop.width = reference.width;
      crop.height = reference.height;
      crop.getContext('2d')!.drawImage(canvas, -20 * ratio, -20 * ratio);
      // Half-tinted edge rows and columns would differ by up to 128 on every edge pixel.
      expect(meanDifference(crop, reference, { left: 0, top: 0, width: reference.width, height: reference.height })).toBeLessThan(0.5);
    });
    const live = (document.getElementById('sample')!.firstElementChild as HTMLElement).getBoundingClientRect();
    expect(live.top).toBeCloseTo(30.3, 1);
    expect(Object.getOwnPropertyNames(document.getElementById('sample')!.firstElementChild)).toEqual([]);
  });
});
