/**
 * Long pages: off-screen subtrees are pruned from html2canvas's work, yet everything actually on
 * screen — including content far from its parent's box — still comes out.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { offscreenSvgContent } from './prune';
import { bandColor, expectColor, meanDifference, pixel, setPage } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

/** A 30-screen article: 120 sections of 150 px, each with a heading and a paragraph. */
function article(): string {
  const sections = Array.from(
    { length: 120 },
    (_, i) =>
      `<section style="height:150px;overflow:hidden;background:${bandColor(i)}"><h2 style="margin:0">Part ${i}</h2><p>${'Lorem ipsum dolor sit amet, consectetur. '.repeat(6)}</p></section>`,
  );
  return `<header style="position:sticky;top:0;height:40px;background:rgb(10, 10, 10);z-index:1"></header><article>${sections.join('')}</article>`;
}

describe('captureViewport: pruning long pages', () => {
  test('a 30-screen article: most of it is skipped, the visible part is exact', async () => {
    cleanup = setPage(article());
    window.scrollTo(0, 60 * 150 + 40); // section 60 starts right below the sticky header
    // Pruning in the copy, as it works where sections are not copied as empty boxes (stubs.test.ts).
    const { canvas, stats } = await captureViewport({ maxScale: 1, stubs: false });
    expectColor(pixel(canvas, 400, 20), [10, 10, 10, 255], 3, 'sticky header');
    expectColor(pixel(canvas, 700, 100), bandColor(60), 3, 'first section');
    expectColor(pixel(canvas, 700, 250), bandColor(61), 3, 'second section');
    expectColor(pixel(canvas, 700, 590), bandColor(63), 3, 'last section');
    // Headings are drawn: dark text pixels where "Part 61" is.
    expect(darkPixels(canvas, 0, 190, 120, 30)).toBeGreaterThan(20);
    // 120 sections; only those near the viewport (±100 px) are descended into.
    expect(stats!.pruned).toBeGreaterThan(110);
    expect(stats!.visited).toBeLessThan(150);
    // With stubs, the sections far above and below are a few empty boxes in the copy.
    const stubbed = await captureViewport({ maxScale: 1 });
    expect(stubbed.stats!.stubs).toBeGreaterThanOrEqual(2);
    expect(stubbed.stats!.visited).toBeLessThan(60);
    expect(meanDifference(stubbed.canvas, canvas, { left: 0, top: 0, width: 800, height: 600 })).toBeLessThan(0.01);
  });

  test('content outside its off-screen parent box is kept (absolute child, floats, fixed modal, portals)', async () => {
    cleanup = setPage(`
      <div style="height:4000px"></div>
      <div id="anchor" style="position:relative;height:20px">
        <div style="position:absolute;left:20px;top:300px;width:80px;height:80px;background:rgb(255, 0, 0)"></div>
      </div>
      <div style="height:30px">
        <div style="float:left;width:80px;height:500px;margin-left:150px;background:rgb(0, 128, 255)"></div>
      </div>
      <div style="height:4000px"></div>
      <footer style="height:50px">
        <div style="position:fixed;left:300px;top:100px;width:100px;height:100px;background:rgb(0, 200, 0)"></div>
      </footer>
      <div style="display:contents"><div style="position:fixed;left:450px;top:100px;width:100px;height:100px;background:rgb(255, 200, 0)"></div></div>
      <div style="width:0;height:0"><div style="position:fixed;left:600px;top:100px;width:100px;height:100px;background:rgb(120, 0, 200)"></div></div>`);
    // The anchor box ends 200 px above the viewport (beyond the margin); its child is inside it.
    window.scrollTo(0, 4000 + 20 + 200);
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 60, 120), [255, 0, 0, 255], 3, 'absolute child of an off-screen box');
    expectColor(pixel(canvas, 190, 200), [0, 128, 255, 255], 3, 'float overflowing a collapsed box');
    expectColor(pixel(canvas, 350, 150), [0, 200, 0, 255], 3, 'fixed modal inside a far-away footer');
    expectColor(pixel(canvas, 500, 150), [255, 200, 0, 255], 3, 'fixed box in a display:contents portal');
    expectColor(pixel(canvas, 650, 150), [120, 0, 200, 255], 3, 'fixed box in a zero-size portal root');
  });

  test('a horizontally scrolled carousel: off-screen slides are skipped, the visible one drawn', async () => {
    const slides = Array.from(
      { length: 20 },
      (_, i) => `<div style="flex:none;width:800px;height:300px;background:${bandColor(i)}"><p>Slide ${i}</p></div>`,
    );
    cleanup = setPage(`<div style="display:flex;transform:translateX(-${5 * 800}px)">${slides.join('')}</div>`);
    const { canvas, stats } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 400, 150), bandColor(5), 3, 'the visible slide');
    // Slides 0–3 and 7–19; the neighbours within the margin are kept.
    expect(stats!.pruned).toBe(17);
  });
});

describe('offscreenSvgContent: what html2canvas need not clone', () => {
  const circle = (fill: string) =>
    `<svg width="100" height="100" viewBox="0 0 100 100"><g><circle cx="50" cy="50" r="50" fill="${fill}"/></g></svg>`;

  test('skips the inside of off-screen and empty SVGs, never the <svg> boxes or on-screen content', async () => {
    cleanup = setPage(
      `<div id="on">${circle('rgb(0, 160, 0)')}</div><div style="height:2000px"></div><div id="off">${circle('red')}</div>` +
        `<div id="empty"><svg width="0" height="0"><symbol id="icon"><path d="M0 0h10v10z"/></symbol></svg></div>`,
    );
    const skip = offscreenSvgContent(800, 600);
    const on = document.querySelector('#on svg')!;
    const off = document.querySelector('#off svg')!;
    expect(skip(on), 'an <svg> box itself').toBe(false);
    expect(skip(off), 'an <svg> box itself, even off-screen').toBe(false);
    expect(skip(on.querySelector('circle')!)).toBe(false);
    expect(skip(off.querySelector('g')!)).toBe(true);
    expect(skip(off.querySelector('circle')!)).toBe(true);
    expect(skip(document.querySelector('#empty symbol')!)).toBe(true);
    expect(skip(document.getElementById('on')!), 'HTML elements').toBe(false);
    // The <svg> box of a left-out inside does not get its computed style copied either.
    expect(skip.root(off)).toBe(true);
    expect(skip.root(on)).toBe(false);
    expect(skip.root(off.querySelector('g')!), 'only <svg> roots').toBe(false);

    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 50, 50), [0, 160, 0, 255], 3, 'the on-screen SVG is drawn');
  });
});

function darkPixels(canvas: HTMLCanvasElement, x: number, y: number, w: number, h: number): number {
  const data = canvas.getContext('2d')!.getImageData(x, y, w, h).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 150) count++;
  return count;
}
