/**
 * Modern CSS colours (Tailwind v4 style oklch everywhere, lab, lch, color(), color-mix) no longer
 * abort html2canvas, and come out as the colours Chromium itself paints.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { expectColor, painted, pixel, setPage, type Rgba } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const SWATCHES = [
  'oklch(0.7 0.15 200)',
  'oklab(0.6 0.1 -0.1)',
  'lab(50 40 -20)',
  'lch(60 50 120)',
  'color(display-p3 0.9 0.2 0.3)',
  'color(srgb 0.2 0.4 0.6)',
  'color-mix(in oklch, red 40%, blue)',
  'oklch(0.6 0.2 30 / 0.5)',
  'oklch(0.95 0.3 145)', // out of the sRGB gamut
];

describe('captureViewport: modern colours', () => {
  test('backgrounds in oklch/oklab/lab/lch/color()/color-mix match what Chromium paints', async () => {
    const boxes = SWATCHES.map(
      (color, i) =>
        `<div style="position:absolute;left:${(i % 5) * 150 + 10}px;top:${Math.floor(i / 5) * 150 + 10}px;width:120px;height:120px;background:${color}"></div>`,
    ).join('');
    cleanup = setPage(boxes);
    const { canvas, stats } = await captureViewport({ maxScale: 1 });
    SWATCHES.forEach((color, i) => {
      expectColor(pixel(canvas, (i % 5) * 150 + 70, Math.floor(i / 5) * 150 + 70), color, 3, color);
    });
    expect(stats?.recoloured).toBeGreaterThanOrEqual(SWATCHES.length);
  });

  test('text, borders, shadows, gradients, custom properties and pseudo-elements', async () => {
    cleanup = setPage(
      `<div id="theme">
        <div class="bordered"></div>
        <div class="shadowed"></div>
        <div class="gradient"></div>
        <div class="pseudo"></div>
        <p class="text">██████</p>
      </div>`,
      `#theme { --brand: oklch(0.55 0.22 265); --accent: lab(70 -40 50); }
       .bordered { position:absolute; left:10px; top:10px; width:100px; height:100px; box-sizing:border-box;
                   color: var(--brand); border: 20px solid; background: lch(80 20 60) }
       .shadowed { position:absolute; left:200px; top:30px; width:60px; height:60px; background:#fff;
                   box-shadow: 0 0 0 20px oklch(0.7 0.2 150) }
       .gradient { position:absolute; left:10px; top:200px; width:400px; height:60px;
                   background: linear-gradient(to right in oklch, var(--brand), var(--accent)) }
       .pseudo { position:absolute; left:450px; top:10px; width:100px; height:100px }
       .pseudo::before { content:''; display:block; width:100px; height:100px;
                         background: color-mix(in oklab, var(--accent) 70%, white) }
       .text { position:absolute; left:10px; top:300px; margin:0; font: 60px/1 monospace; color: var(--accent) }`,
    );
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 15, 60), 'oklch(0.55 0.22 265)', 3, 'border (currentcolor)');
    expectColor(pixel(canvas, 60, 60), 'lch(80 20 60)', 3, 'background inside the border');
    expectColor(pixel(canvas, 190, 60), 'oklch(0.7 0.2 150)', 3, 'box-shadow spread');
    expectColor(pixel(canvas, 12, 230), 'oklch(0.55 0.22 265)', 10, 'gradient start');
    expectColor(pixel(canvas, 407, 230), 'lab(70 -40 50)', 10, 'gradient end');
    expectColor(pixel(canvas, 500, 60), 'color-mix(in oklab, lab(70 -40 50) 70%, white)', 3, '::before');
    const accent = painted('lab(70 -40 50)');
    expect(countLike(canvas, 10, 300, 300, 60, accent), 'text drawn in its colour').toBeGreaterThan(500);
  });

  test('a page whose root and body use oklch (Tailwind v4 preflight style) renders its background', async () => {
    cleanup = setPage('<main style="height:100px"></main>', 'html { background: oklch(0.97 0.02 90) } body { color: oklch(0.2 0 0) }');
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 400, 400), 'oklch(0.97 0.02 90)', 3, 'page background');
  });
});

function countLike(canvas: HTMLCanvasElement, x: number, y: number, w: number, h: number, color: Rgba): number {
  const data = canvas.getContext('2d')!.getImageData(x, y, w, h).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i]! - color[0]) + Math.abs(data[i + 1]! - color[1]) + Math.abs(data[i + 2]! - color[2]) < 12) count++;
  }
  return count;
}
