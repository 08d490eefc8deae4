/**
 * Box-shadows on rounded boxes (every card, every Tailwind ring) stay around or inside the edge
 * instead of covering the box — html2canvas 1.4.1 gets their clipping wrong (mask-path-fix.ts) —
 * at the top of the page and scrolled far down.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { expectColor, pixel, setPage, type Rgba } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const RING = 'rgba(0, 0, 0, 0.3)';
const WHITE: Rgba = [255, 255, 255, 255];
const BLUE: Rgba = [0, 0, 255, 255];

/** A white 200×40 box at (20, top). */
function box(top: number, radius: number, shadow: string): string {
  return `<div style="position:absolute;left:20px;top:${top}px;width:200px;height:40px;background:#fff;border-radius:${radius}px;box-shadow:${shadow}"></div>`;
}

describe('captureViewport: box-shadows on rounded boxes', () => {
  test.each([0, 3000])('inset rings and outer shadows, rounded and square (scrolled by %i px)', async (scroll) => {
    cleanup = setPage(
      '<div style="height:5000px"></div>' +
        box(scroll + 20, 20, `inset 0 0 0 2px ${RING}`) +
        box(scroll + 100, 0, `inset 0 0 0 2px ${RING}`) +
        box(scroll + 180, 20, '0 6px 0 0 rgb(0, 0, 255)') +
        box(scroll + 260, 0, '0 6px 0 0 rgb(0, 0, 255)') +
        box(scroll + 340, 12, 'inset 0 8px 0 0 rgb(0, 0, 255), 0 10px 20px rgba(0, 0, 0, 0.6)'),
      'body { background: #fff }',
    );
    window.scrollTo(0, scroll);
    expect(window.scrollY).toBe(scroll);
    const { canvas } = await captureViewport({ maxScale: 1 });
    for (const [what, top] of [
      ['rounded ring', 20],
      ['square ring', 100],
    ] as const) {
      expectColor(pixel(canvas, 120, top + 20), WHITE, 3, `${what}: inside`);
      expectColor(pixel(canvas, 120, top + 1), RING, 3, `${what}: top edge`);
      expectColor(pixel(canvas, 120, top + 38), RING, 3, `${what}: bottom edge`);
    }
    for (const [what, top] of [
      ['rounded card', 180],
      ['square card', 260],
    ] as const) {
      expectColor(pixel(canvas, 120, top + 20), WHITE, 3, `${what}: not covered by its shadow`);
      expectColor(pixel(canvas, 120, top + 43), BLUE, 3, `${what}: shadow below it`);
    }
    expectColor(pixel(canvas, 120, 340 + 4), BLUE, 3, 'inset highlight at the top');
    expectColor(pixel(canvas, 120, 340 + 25), WHITE, 3, 'inset highlight leaves the rest');
    // The repair lived on the context only while html2canvas drew.
    expect(Object.getOwnPropertyNames(canvas.getContext('2d')!)).toEqual([]);
  });
});
