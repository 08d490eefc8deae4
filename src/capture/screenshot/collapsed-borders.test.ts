/**
 * The lines of a `border-collapse: collapse` table come out on the pixel rows and columns Chromium
 * paints them on (collapsed-borders.ts), at DPR 1 and 2, for cell, row and table borders of several
 * widths, on rows that start at fractional positions.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { chromiumPaint, setPage, withDevicePixelRatio } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const TABLE = `
  <div id="sample" style="position:absolute;left:20px;top:20px;width:420px;padding:10.3px 10px 10px">
    <table style="border-collapse:collapse;width:400px;font:14px 'DejaVu Sans';color:transparent;border:2px solid #00f">
      <thead><tr><th style="padding:10px 12px;border-bottom:1px solid #000">A</th><th style="padding:10px 12px;border-bottom:1px solid #000;border-left:1px solid #888">B</th></tr></thead>
      <tbody>
        <tr><td style="padding:11px 12px;border-bottom:1px solid #f00">x</td><td style="padding:11px 12px;border-bottom:1px solid #f00;border-left:1px solid #888">y</td></tr>
        <tr style="border-bottom:3px solid #0a0"><td style="padding:11.5px 12px">x</td><td style="padding:11.5px 12px;border-left:1px solid #888">y</td></tr>
        <tr><td style="padding:11px 12px">x</td><td style="padding:11px 12px;border-left:1px solid #888">y</td></tr>
      </tbody>
    </table>
  </div>`;

/** The rows (or columns) of a region where some pixel is far from white. */
function inkLines(canvas: HTMLCanvasElement, x: number, y: number, width: number, height: number, axis: 'rows' | 'columns'): number[] {
  const data = canvas.getContext('2d')!.getImageData(x, y, width, height).data;
  const lines = new Set<number>();
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const p = (j * width + i) * 4;
      if (255 * 3 - data[p]! - data[p + 1]! - data[p + 2]! > 60) lines.add(axis === 'rows' ? j : i);
    }
  }
  return [...lines].sort((a, b) => a - b);
}

describe('captureViewport: collapsed table borders', () => {
  test.each([1, 1.5, 2])('lines on the same device pixels as Chromium at DPR %s', async (ratio) => {
    cleanup = setPage(TABLE, 'body { background: #fff }');
    await withDevicePixelRatio(ratio, async () => {
      const sample = document.getElementById('sample')!;
      const reference = await chromiumPaint(sample);
      const { canvas } = await captureViewport({ maxScale: ratio });
      const box = sample.getBoundingClientRect();
      const crop = document.createElement('canvas');
      crop.width = reference.width;
      crop.height = reference.height;
      crop.getContext('2d')!.drawImage(canvas, -Math.round(box.left * ratio), -Math.round(box.top * ratio));
      // A vertical strip through the first column (horizontal lines) and a horizontal one (vertical lines).
      const strip = [Math.round(60 * ratio), 0, Math.round(4 * ratio), reference.height] as const;
      const row = [0, Math.round(60 * ratio), reference.width, Math.round(4 * ratio)] as const;
      expect(inkLines(crop, ...strip, 'rows'), 'horizontal lines').toEqual(inkLines(reference, ...strip, 'rows'));
      expect(inkLines(crop, ...row, 'columns'), 'vertical lines').toEqual(inkLines(reference, ...row, 'columns'));
      expect(inkLines(reference, ...strip, 'rows').length).toBeGreaterThan(6 * ratio);
    });
  });
});
