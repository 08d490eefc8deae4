/**
 * A capture runs none of the page's code, adds nothing to its console and draws only what the
 * browser shows (issue 14): inline handlers of images, images that failed, visually hidden text,
 * removed list markers, and `content-visibility: auto` sections on a scrolled page.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { cdp, page } from 'vitest/browser';
import { captureViewport } from './index';
import { bandColor, expectColor, painted, pixel, setPage, type Rgba } from './test-kit';

const fixture = new URL('./fixtures/magenta.png', import.meta.url).href;
const missing = new URL('./fixtures/missing-image-for-inert-test.png', import.meta.url).href;

/**
 * Console entries, exceptions and browser messages of the tab that concern this file's page (its
 * missing image, its handlers): other test files run in frames of the same tab at the same time.
 */
const consoleEntries: string[] = [];
const ours = (...texts: unknown[]) => texts.some((text) => typeof text === 'string' && /inert-test|__inertTestRuns/.test(text));
type Listener = (payload: any) => void;
type Session = { on(event: string, listener: Listener): void; send(method: string): Promise<unknown> };
const listeners: Record<string, Listener> = {
  'Log.entryAdded': ({ entry }) => {
    if (entry.level !== 'verbose' && ours(entry.text, entry.url)) consoleEntries.push(`${entry.source}: ${entry.text} ${entry.url ?? ''}`);
  },
  'Runtime.exceptionThrown': ({ exceptionDetails }) => {
    const { text, url, exception } = exceptionDetails;
    if (ours(text, url, exception?.description)) consoleEntries.push(`exception: ${text}`);
  },
  'Runtime.consoleAPICalled': ({ type, args }) => {
    const text = args.map((a: any) => a.value).join(' ');
    if (ours(text)) consoleEntries.push(`console.${type}: ${text}`);
  },
};
beforeAll(async () => {
  const session = cdp() as Session;
  for (const [event, listener] of Object.entries(listeners)) session.on(event, listener);
  await session.send('Log.enable');
  await session.send('Runtime.enable');
});
// The tab outlives this file: left enabled, the browser's events for other files' frames would be
// forwarded to a test runner whose connection is closed (an unhandled rejection that fails the run).
// (Vitest's `off` for CDP events throws on its server side, so the domains are switched off instead.)
afterAll(async () => {
  const session = cdp() as Session;
  await session.send('Log.disable');
  await session.send('Runtime.disable');
});

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const counter = () => (window.top as unknown as { __inertTestRuns?: number }).__inertTestRuns ?? 0;
/** Counts on the top window, so a run in the clone's iframe counts as much as one in the page. */
const COUNT = 'window.top.__inertTestRuns = (window.top.__inertTestRuns || 0) + 1';

function redPixels(canvas: HTMLCanvasElement, box: { left: number; top: number; width: number; height: number }): number {
  const data = canvas.getContext('2d')!.getImageData(box.left, box.top, box.width, box.height).data;
  let red = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! > 200 && data[i + 1]! < 80 && data[i + 2]! < 80) red++;
  return red;
}

describe('captureViewport: the page copy is inert', () => {
  test('inline handlers do not run again and nothing new reaches the console', async () => {
    cleanup = setPage(`
      <img id="loaded" src="${fixture}" onload="${COUNT}" style="position:absolute;left:0;top:0;width:100px;height:100px">
      <img id="broken" src="${missing}" onerror="${COUNT}" alt="" style="position:absolute;left:120px;top:0;width:50px;height:50px">
      <svg onload="${COUNT}" width="40" height="40" style="position:absolute;left:200px;top:0"><rect width="40" height="40" fill="blue" onclick="${COUNT}"/></svg>
      <img src="${fixture}?below" loading="lazy" onload="${COUNT}" style="position:absolute;left:0;top:5000px;width:10px;height:10px">`);
    const loaded = document.getElementById('loaded') as HTMLImageElement;
    const broken = document.getElementById('broken') as HTMLImageElement;
    await loaded.decode();
    await new Promise<void>((resolve) => (broken.complete ? resolve() : broken.addEventListener('error', () => resolve(), { once: true })));
    // The page's own load: the handlers ran. Its reports (the missing image) reach us through the test
    // server, late on a busy machine: they must not be counted as the capture's.
    await settle(1500);
    const runsBefore = counter();
    expect(runsBefore).toBeGreaterThanOrEqual(2);
    const entriesBefore = consoleEntries.length;

    const { canvas } = await captureViewport({ maxScale: 1 });
    await captureViewport({ maxScale: 1 });
    await settle(500);

    expect(counter(), 'page handlers run during the captures').toBe(runsBefore);
    expect(consoleEntries.slice(entriesBefore), 'new console entries').toEqual([]);
    // The loaded image is still drawn.
    expectColor(pixel(canvas, 50, 50), [255, 0, 255, 255], 3, 'loaded image');
  });
});

describe('captureViewport: only ink the browser paints', () => {
  test('visually hidden text and removed list markers are not drawn', async () => {
    cleanup = setPage(
      `<span class="sr-only">HIDDEN LABEL HIDDEN LABEL</span>
       <div class="clip-path-hidden">HIDDEN TOO</div>
       <div class="assistive">MATHML SPEECH TEXT</div>
       <ul class="nomarker"><li>&nbsp;</li><li>&nbsp;</li></ul>
       <details open><summary>&nbsp;</summary></details>`,
      `body { position: relative; font: 40px/1.2 sans-serif; color: #e00000; }
       .sr-only { position: absolute; left: 20px; top: 20px; width: 1px; height: 1px; margin: -1px; padding: 0; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
       .clip-path-hidden { position: absolute; left: 20px; top: 80px; width: 400px; height: 50px; background: #e00000; clip-path: inset(50%); }
       .assistive { position: absolute; left: 0; top: 140px; clip: rect(1px, 1px, 1px, 1px); white-space: nowrap; }
       .nomarker { position: absolute; top: 220px; left: 0; margin: 0; padding-left: 80px; width: 200px; }
       .nomarker li::marker { content: none; }
       details { position: absolute; top: 360px; left: 40px; }
       summary::-webkit-details-marker { display: none; }
       summary { list-style: disclosure-closed; }
       summary::marker { content: none; }`,
    );
    const { canvas } = await captureViewport({ maxScale: 1 });
    expect(redPixels(canvas, { left: 0, top: 0, width: 800, height: 600 }), 'red ink drawn').toBe(0);
  });

  test('content-visibility: auto sections keep the page layout on a scrolled page', async () => {
    const sections = Array.from(
      { length: 12 },
      (_, i) =>
        `<section style="content-visibility:auto;contain-intrinsic-size:auto 300px"><div style="height:700px;background:${bandColor(i)}"></div></section>`,
    ).join('');
    cleanup = setPage(sections);
    window.scrollTo(0, 3000);
    await settle(100);
    const { canvas } = await captureViewport({ maxScale: 1 });
    for (const y of [10, 150, 300, 450, 590]) {
      const element = document.elementFromPoint(400, y) as HTMLElement;
      const expected: Rgba = painted(getComputedStyle(element).backgroundColor);
      expectColor(pixel(canvas, 400, y), expected, 3, `y=${y}`);
    }
  });
});
