/**
 * The capture is exactly the reviewer's viewport: the bands visible at the scroll position, at the
 * device pixel ratio capped by maxScale, the page's own background, the pin on top and the widget
 * nowhere.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { readViewport } from './viewport';
import { PIN_COLOR } from './marker';
import { bandColor, expectColor, pixel, setPage, withDevicePixelRatio } from './test-kit';

const BAND = 300;

function bands(count: number, direction: 'column' | 'row' = 'column'): string {
  const size = direction === 'column' ? `height:${BAND}px` : `width:${BAND}px;height:100%;flex:none`;
  const items = Array.from({ length: count }, (_, i) => `<div style="${size};background:${bandColor(i)}"></div>`);
  return direction === 'column' ? items.join('') : `<div style="display:flex;height:100vh;width:${count * BAND}px">${items.join('')}</div>`;
}

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

describe('captureViewport: the viewport at its scroll position', () => {
  test('vertical scroll: the bands visible in the middle of a tall page, at the right offsets', async () => {
    cleanup = setPage(bands(40));
    window.scrollTo(0, 10 * BAND + 150);
    const result = await captureViewport({ maxScale: 1 });
    const { canvas } = result;
    expect([canvas.width, canvas.height, result.cssWidth, result.cssHeight, result.scale]).toEqual([800, 600, 800, 600, 1]);
    expectColor(pixel(canvas, 400, 2), bandColor(10), 3, 'top');
    expectColor(pixel(canvas, 400, 148), bandColor(10), 3, 'just above the boundary');
    expectColor(pixel(canvas, 400, 152), bandColor(11), 3, 'just below the boundary');
    expectColor(pixel(canvas, 400, 452), bandColor(12), 3, 'next boundary');
    expectColor(pixel(canvas, 400, 597), bandColor(12), 3, 'bottom');
    // The page really is where we left it.
    expect(window.scrollY).toBe(10 * BAND + 150);
  });

  test('horizontal scroll: the columns visible after scrolling right', async () => {
    cleanup = setPage(bands(12, 'row'), 'body { overflow-y: hidden }');
    window.scrollTo(2 * BAND + 100, 0);
    expect(window.scrollX).toBe(2 * BAND + 100);
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 2, 300), bandColor(2), 3, 'left edge');
    expectColor(pixel(canvas, 198, 300), bandColor(2), 3, 'before boundary');
    expectColor(pixel(canvas, 202, 300), bandColor(3), 3, 'after boundary');
    expectColor(pixel(canvas, 797, 300), bandColor(4), 3, 'right edge');
  });

  test('a body with overflow-x: hidden (propagated to the viewport) does not clip the scrolled page', async () => {
    cleanup = setPage(bands(20), 'html, body { height: 100% } body { overflow-x: hidden }');
    window.scrollTo(0, 6 * BAND + 50);
    expect(window.scrollY).toBe(6 * BAND + 50);
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 400, 10), bandColor(6), 3, 'top');
    expectColor(pixel(canvas, 400, 590), bandColor(8), 3, 'bottom');
  });

  test('device pixel ratio 3 is capped at 2; maxScale lowers it further', async () => {
    cleanup = setPage(bands(40));
    window.scrollTo(0, 5 * BAND + 100);
    await withDevicePixelRatio(3, async () => {
      expect(devicePixelRatio).toBe(3);
      const capped = await captureViewport();
      expect([capped.scale, capped.canvas.width, capped.canvas.height]).toEqual([2, 1600, 1200]);
      // CSS y 198/202 straddle the band boundary at 200 → device 396/404.
      expectColor(pixel(capped.canvas, 800, 396), bandColor(5), 3, 'scaled, above');
      expectColor(pixel(capped.canvas, 800, 404), bandColor(6), 3, 'scaled, below');
      const lower = await captureViewport({ maxScale: 1.5 });
      expect([lower.scale, lower.canvas.width, lower.canvas.height]).toEqual([1.5, 1200, 900]);
    });
  });

  test("the page's background colour fills the viewport beyond short content", async () => {
    cleanup = setPage('<p style="margin:0;height:50px">Short</p>', 'html { background: rgb(20, 30, 60) }');
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 400, 500), [20, 30, 60, 255]);
  });

  test('text stays on its line under a CSS reset with img { display: block } (Tailwind preflight)', async () => {
    cleanup = setPage(
      // An empty inline-block sits on the baseline: where Chromium puts the bottom of "Baseline".
      '<p id="line" style="margin:100px 40px;font:40px/120px sans-serif;color:#000">Baseline<span id="base" style="display:inline-block"></span></p>',
      'img, svg { display: block; vertical-align: middle }',
    );
    const sheetsBefore = document.adoptedStyleSheets.length;
    const { canvas } = await captureViewport({ maxScale: 1 });
    const baseline = document.getElementById('base')!.getBoundingClientRect().bottom;
    const text = document.getElementById('line')!.getBoundingClientRect();
    const ink = inkRows(canvas, Math.floor(text.left), 150, 0, 400);
    // Without the fix html2canvas draws it ~10 px lower.
    expect(Math.abs(ink.last + 1 - baseline), `ink ends at ${ink.last + 1}, baseline ${baseline}`).toBeLessThanOrEqual(2);
    expect(document.adoptedStyleSheets.length, 'the temporary sheet is gone').toBe(sheetsBefore);
  });

  test('the pin marker is drawn centred on the pin, in the brand colour with a white ring', async () => {
    cleanup = setPage(bands(4));
    const { canvas } = await captureViewport({ maxScale: 1, pin: { clientX: 300, clientY: 200 } });
    expectColor(pixel(canvas, 300, 200), PIN_COLOR, 3, 'centre');
    expectColor(pixel(canvas, 300 + 9, 200), PIN_COLOR, 3, 'inside the disc');
    expectColor(pixel(canvas, 300, 200 - 13), [255, 255, 255, 255], 8, 'ring');
    expectColor(pixel(canvas, 300 + 40, 200), bandColor(0), 3, 'page around it');
    const labelled = await captureViewport({ maxScale: 1, pin: { clientX: 300, clientY: 200, label: '12' } });
    const whiteInside = countNear(labelled.canvas, 300, 200, 6, [255, 255, 255]);
    expect(whiteInside, 'white label text inside the disc').toBeGreaterThan(5);
  });

  test("the widget's own UI (<pinmark-root> and `exclude`) never appears, and nothing is left behind", async () => {
    cleanup =
      setPage(`${bands(4)}<pinmark-root style="position:fixed;inset:0 auto auto 0;width:200px;height:200px;background:red;display:block"></pinmark-root>
      <div id="extra" style="position:fixed;right:0;bottom:0;width:150px;height:150px;background:lime"></div>`);
    const before = document.body.children.length;
    const extra = document.getElementById('extra')!;
    const { canvas } = await captureViewport({ maxScale: 1, exclude: [extra] });
    expectColor(pixel(canvas, 100, 100), bandColor(0), 3, 'where <pinmark-root> is');
    expectColor(pixel(canvas, 720, 520), bandColor(1), 3, 'where the excluded element is');
    expect(document.body.children.length).toBe(before);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

/** First and last rows (CSS px at scale 1) with dark pixels in a column band. */
function inkRows(canvas: HTMLCanvasElement, x: number, width: number, top: number, height: number): { first: number; last: number } {
  const data = canvas.getContext('2d')!.getImageData(x, top, width, height).data;
  let first = -1;
  let last = -1;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 4;
      if (data[i]! + data[i + 1]! + data[i + 2]! < 200) {
        if (first < 0) first = row + top;
        last = row + top;
        break;
      }
    }
  }
  return { first, last };
}

function countNear(canvas: HTMLCanvasElement, cx: number, cy: number, radius: number, rgb: [number, number, number]): number {
  const data = canvas.getContext('2d')!.getImageData(cx - radius, cy - radius, radius * 2, radius * 2).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) < 30) count++;
  }
  return count;
}

describe('readViewport: quirks mode', () => {
  test('an old page without a doctype is captured at its viewport size, not its whole height', async () => {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:400px;height:300px;border:0';
    document.body.append(frame);
    try {
      // Written without a doctype (srcdoc documents are never in quirks mode).
      const doc = frame.contentDocument!;
      doc.open();
      doc.write('<html><body style="margin:0"><table><tr><td style="height:5000px">old layout</td></tr></table></body></html>');
      doc.close();
      expect(doc.compatMode).toBe('BackCompat');
      const viewport = readViewport(doc, 1);
      expect([viewport.cssWidth, viewport.cssHeight]).toEqual([doc.body.clientWidth, 300]);
    } finally {
      frame.remove();
    }
  });
});
