/**
 * The time-sliced html2canvas (scripts/html2canvas-slices.ts + slices.ts): the rewrite is present in
 * the html2canvas the widget loads, spreading the work over many tasks changes no pixel, fonts are
 * measured without touching the host page, and a cancelled capture stops at the next slice.
 * (How long each slice takes is a benchmark — `npm run bench` and the hostile-page e2e report it.)
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { CaptureError, captureViewport } from './index';
import { loadHtml2canvas } from './render';
import { bandColor, setPage } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

/** Text in several fonts and sizes, lists, inline boxes, borders, shadows, a stacking context. */
function busyPage(): string {
  const fonts = ['serif', 'sans-serif', 'monospace', 'Georgia, serif', 'Verdana, sans-serif'];
  const cards = Array.from({ length: 40 }, (_, i) => {
    const font = fonts[i % fonts.length];
    return `<div class="card" style="font-family:${font};font-size:${11 + (i % 6) * 2}px;background:${bandColor(i)}">
      <b>Card ${i}</b> <span style="text-decoration:underline">with <i>inline</i> text</span>
      <ul><li>one</li><li>two <code>x = ${i}</code></li></ul>
    </div>`;
  }).join('');
  return `<main style="display:flex;flex-wrap:wrap;gap:6px;padding:8px">${cards}</main>
    <div style="position:fixed;right:10px;bottom:10px;z-index:5;opacity:.9;padding:8px;background:#222;color:#fff">Fixed</div>`;
}
const BUSY_CSS = `.card { width: 180px; padding: 6px; border: 2px solid #333; border-radius: 6px; box-shadow: 2px 2px 4px rgba(0,0,0,.4); color: #111 }
  img { display: block }`;

function pixels(canvas: HTMLCanvasElement): Uint8ClampedArray {
  return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
}

describe('html2canvas in time slices', () => {
  test('the html2canvas the widget loads carries the slicing rewrite', async () => {
    const engine = await loadHtml2canvas();
    expect(typeof engine.setHooks).toBe('function');
  });

  test('a capture spread over many tasks has exactly the pixels of one done in a single task', async () => {
    cleanup = setPage(busyPage(), BUSY_CSS);
    const whole = await captureViewport({ sliceMs: Number.POSITIVE_INFINITY, maxScale: 1 });
    const sliced = await captureViewport({ sliceMs: 0, maxScale: 1 });
    // Infinity still yields twice while the clone is prepared (render.ts onclone).
    expect(whole.stats?.slices).toBeLessThanOrEqual(3);
    expect(sliced.stats?.recopied).toBe(false);
    // sliceMs 0 yields before every element it parses and paints: hundreds of tasks.
    expect(sliced.stats?.slices).toBeGreaterThan(200);
    expect([sliced.canvas.width, sliced.canvas.height]).toEqual([whole.canvas.width, whole.canvas.height]);
    const a = pixels(whole.canvas);
    const b = pixels(sliced.canvas);
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
    expect(differing).toBe(0);
  });

  test('font baselines are measured in the clone: nothing but html2canvas’s iframe is added to the host', async () => {
    cleanup = setPage(busyPage(), BUSY_CSS);
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) added.push(node.nodeName);
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    const sheets = document.adoptedStyleSheets.length;
    let sheetsDuring = sheets;
    await captureViewport({
      maxScale: 1,
      onProgress: () => {
        sheetsDuring = Math.max(sheetsDuring, document.adoptedStyleSheets.length);
      },
    });
    observer.disconnect();
    expect(added).toEqual(['IFRAME']);
    // The baseline probe's stylesheet (img { display: block } displaces it) goes to the clone too.
    expect(sheetsDuring).toBe(sheets);
  });

  test('a capture cancelled between slices stops there and leaves nothing behind', async () => {
    cleanup = setPage(busyPage(), BUSY_CSS);
    const controller = new AbortController();
    const children = document.body.children.length;
    const capture = captureViewport({ sliceMs: 0, signal: controller.signal });
    // Cancel once html2canvas is under way (its clone iframe is in the page).
    while (document.body.children.length === children) await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    const error = await capture.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as CaptureError).code).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body.children.length).toBe(children);
  });
});

describe('the sliced copy of a page that changes meanwhile', () => {
  test('a DOM change during the copy makes html2canvas copy the page again', async () => {
    cleanup = setPage(
      `${busyPage()}<div id="ticker" style="position:fixed;left:0;top:0;width:120px;height:40px;background:rgb(255,0,0)">0</div>`,
      BUSY_CSS,
    );
    const ticker = document.getElementById('ticker')!;
    let ticks = 0;
    // The host changes its DOM whenever the capture gives the thread back (the slicer yields through
    // scheduler.yield where there is one): deterministic, where a timer might only fire after the copy.
    Object.defineProperty(window, 'scheduler', {
      configurable: true,
      value: {
        yield: () => {
          ticks++;
          ticker.textContent = String(ticks);
          return new Promise<void>((resolve) => setTimeout(resolve, 0));
        },
      },
    });
    try {
      const result = await captureViewport({ sliceMs: 0, maxScale: 1 });
      expect(ticks).toBeGreaterThan(1);
      expect(result.stats?.recopied).toBe(true);
    } finally {
      delete (window as { scheduler?: unknown }).scheduler;
    }
  });
});
