/**
 * Text in the capture sits exactly where Chromium paints it: html2canvas's own baseline is a pixel
 * low on every font (text-baseline-fix.ts), and its list markers are placed by a rule of thumb.
 * The reference is Chromium's own screenshot of the same element.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { chromiumPaint, inkRows, setPage } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

/** First and last pixel row with ink in a region. */
function inkExtent(canvas: HTMLCanvasElement, box: { left: number; top: number; width: number; height: number }): [number, number] {
  const rows = inkRows(canvas, Math.round(box.left), Math.floor(box.top), Math.round(box.width), Math.ceil(box.height));
  const inked = rows.flatMap((dark, row) => (dark > 40 ? [row] : []));
  return [inked[0] ?? -1, inked[inked.length - 1] ?? -1];
}

const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans'];
const SIZES = [11, 13, 15.5, 24];

describe('captureViewport: text baselines', () => {
  test('lines of text, list markers and input values are on the rows Chromium paints them', async () => {
    // Lines 0.3 px taller than a whole number, so they start at fractional positions.
    const lines = FONTS.flatMap((font) =>
      SIZES.map(
        (size) => `<div class="line" style="font:${size}px/1.6 '${font}';height:${Math.ceil(size * 1.6) + 0.3}px">HHHH xg ${font}</div>`,
      ),
    );
    cleanup = setPage(
      `<div id="sample" style="position:absolute;left:0;top:0;width:600px;white-space:nowrap">${lines.join('')}
        <ol style="margin:0;padding-left:40px;font:15px/1.6 'DejaVu Sans'"><li>first</li><li style="font-size:20px">second</li></ol>
        <input value="HHHH" style="font:15px 'DejaVu Sans';padding:8px;border:1px solid #ccc;width:200px"></div>`,
      'body { background: #fff; color: #000 }',
    );
    const sample = document.getElementById('sample')!;
    const reference = await chromiumPaint(sample);
    const { canvas } = await captureViewport({ maxScale: 1 });

    const regions: Array<[string, { left: number; top: number; width: number; height: number }]> = [];
    for (const line of document.querySelectorAll('.line')) {
      const box = line.getBoundingClientRect();
      regions.push([line.textContent!, { left: 0, top: box.top, width: 60, height: box.height }]);
    }
    for (const item of document.querySelectorAll('li')) {
      const box = item.getBoundingClientRect();
      regions.push([`marker of ${item.textContent}`, { left: 0, top: box.top, width: 38, height: box.height }]);
    }
    const input = document.querySelector('input')!.getBoundingClientRect();
    regions.push(['input value', { left: input.left + 9, top: input.top + 2, width: 40, height: input.height - 4 }]);

    for (const [what, box] of regions) {
      const want = inkExtent(reference, box);
      expect(want[0], `${what}: Chromium drew it`).toBeGreaterThanOrEqual(0);
      expect(inkExtent(canvas, box), what).toEqual(want);
    }
  });
});
