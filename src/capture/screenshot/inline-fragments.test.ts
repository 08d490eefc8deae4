/**
 * An inline box that wraps (a tinted <code>, a highlighted link) is painted line by line as Chromium
 * does, not as one box over its bounding rectangle covering the text between (inline-fragments.ts).
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

describe('captureViewport: wrapped inline boxes', () => {
  test('a tinted inline element spanning three lines is painted as three line boxes', async () => {
    cleanup = setPage(
      `<p id="p" style="position:absolute;left:0;top:0;margin:0;width:320px;font:16px/2 'DejaVu Sans Mono'">ab
        <code id="code" style="background:${RED};color:#fff;padding:2px 6px;border-radius:4px;border:1px solid #000">one two three four five six seven eight nine ten eleven twelve</code> z</p>`,
      'body { background: #fff }',
    );
    const code = document.getElementById('code')!;
    const lines = [...code.getClientRects()];
    expect(lines.length).toBe(3);
    const reference = await chromiumPaint(document.getElementById('p')!);
    const { canvas } = await captureViewport({ maxScale: 1 });

    for (const [index, line] of lines.entries()) {
      expectColor(pixel(canvas, line.left + 4, line.top + 4), RED, 3, `line ${index + 1}, its start`);
      expectColor(pixel(canvas, line.right - 4, line.top + 4), RED, 3, `line ${index + 1}, its end`);
    }
    // Between the lines, and after the last piece (" z" is short): page, not one big box.
    expectColor(pixel(canvas, 160, (lines[0]!.bottom + lines[1]!.top) / 2), [255, 255, 255, 255], 3, 'between lines');
    expectColor(pixel(canvas, 310, lines[2]!.top + 6), [255, 255, 255, 255], 3, 'after the last piece');
    // Paddings, borders and radii only at the outer ends, as Chromium slices them.
    expect(meanDifference(canvas, reference, { left: 0, top: 0, width: 320, height: lines[2]!.bottom + 4 })).toBeLessThan(4);
    // Only html2canvas's clone was split.
    expect(document.querySelectorAll('code').length).toBe(1);
    expect(code.style.cssText).not.toContain('important');
  });

  test('nested wrapped boxes, and a piece that is a whole nested element', async () => {
    cleanup = setPage(
      `<p id="p" style="position:absolute;left:0;top:0;margin:0;width:300px;font:16px/2 'DejaVu Sans Mono'">
        <a id="outer" style="background:${BLUE};color:#fff">outer text <mark id="inner" style="background:${RED};color:#fff">inner words that wrap twice over the lines</mark> <b>bold end</b></a></p>`,
      'body { background: #fff }',
    );
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    expect(outer.getClientRects().length).toBeGreaterThanOrEqual(3);
    expect(inner.getClientRects().length).toBeGreaterThanOrEqual(2);
    const reference = await chromiumPaint(document.getElementById('p')!);
    const { canvas } = await captureViewport({ maxScale: 1 });
    const height = outer.getBoundingClientRect().bottom + 4;
    expect(meanDifference(canvas, reference, { left: 0, top: 0, width: 300, height })).toBeLessThan(4);
    const first = inner.getClientRects()[0]!;
    expectColor(pixel(canvas, first.left + 2, first.top + 3), RED, 3, 'inner, first line');
    expectColor(pixel(canvas, 2, first.top + 3), BLUE, 3, 'outer, before inner on that line');
  });

  test('a private element inside a split box stays undrawn', async () => {
    cleanup = setPage(
      `<p style="position:absolute;left:0;top:0;margin:0;width:300px;font:16px/2 'DejaVu Sans Mono'">
        <mark style="background:${RED}">public words then <span data-pinmark-private>secret-one secret-two secret-three</span> and more public words</mark></p>`,
    );
    expect(document.querySelector('mark')!.getClientRects().length).toBeGreaterThanOrEqual(3);
    const drawn: string[] = [];
    const proto = CanvasRenderingContext2D.prototype;
    const fillText = proto.fillText;
    proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
      drawn.push(text);
      return fillText.call(this, text, x, y, maxWidth);
    };
    try {
      await captureViewport({ maxScale: 1 });
    } finally {
      proto.fillText = fillText;
    }
    expect(drawn.join(' ')).toContain('public');
    expect(drawn.join(' ')).not.toContain('secret');
  });
});
