/**
 * A capture is safe to run from a host page: cross-origin content cannot taint it, it can be
 * cancelled or time out, reports its phases, never throws synchronously and leaves nothing behind.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { CaptureError, canvasToBlob, captureViewport, type CapturePhase } from './index';
import { bandColor, expectColor, pixel, setPage } from './test-kit';

const fixture = new URL('./fixtures/magenta.png', import.meta.url);
/** The same file from another origin (the test page is on localhost). */
const crossOrigin = (() => {
  const url = new URL(fixture.href, location.href);
  url.hostname = url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return url.href;
})();

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

function longPage(screens = 30): string {
  return Array.from(
    { length: screens * 4 },
    (_, i) =>
      `<section style="height:150px;background:${bandColor(i)}"><h2>Part ${i}</h2><p>${'Lorem ipsum dolor sit amet. '.repeat(8)}</p></section>`,
  ).join('');
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('captureViewport: cross-origin content', () => {
  /** The page: the image as <img>, as a CSS background, a tainted canvas, and an unreachable image. */
  async function crossOriginPage(imageAttributes = ''): Promise<void> {
    const image = new Image();
    image.src = crossOrigin; // no crossorigin attribute: this copy taints whatever it is drawn on
    await image.decode();
    expect(new URL(crossOrigin).origin).not.toBe(location.origin);
    cleanup = setPage(`
      <img id="img" ${imageAttributes} src="${crossOrigin}" style="position:absolute;left:20px;top:20px;width:100px;height:100px">
      <div style="position:absolute;left:200px;top:20px;width:100px;height:100px;background:url('${crossOrigin}') 0 0/100% 100%"></div>
      <canvas id="tainted" width="100" height="100" style="position:absolute;left:400px;top:20px"></canvas>
      <img src="http://127.0.0.1:9/unreachable.png" style="position:absolute;left:20px;top:200px;width:50px;height:50px">`);
    const tainted = document.getElementById('tainted') as HTMLCanvasElement;
    tainted.getContext('2d')!.drawImage(image, 0, 0, 100, 100);
    expect(() => tainted.getContext('2d')!.getImageData(0, 0, 1, 1)).toThrow();
    const img = document.getElementById('img') as HTMLImageElement;
    await img.decode().catch(() => undefined);
  }

  /** The requests the browser made for the cross-origin image since `since` (a CORS re-read is one more). */
  const requestsSince = (since: number) =>
    performance.getEntriesByType('resource').filter((entry) => entry.name === crossOrigin && entry.startTime >= since).length;

  test('without a relay, images the page did not load with CORS are left out and never asked for with CORS', async () => {
    await crossOriginPage();
    const started = performance.now();
    const { canvas } = await captureViewport({ maxScale: 1 });
    expect(() => canvas.getContext('2d')!.getImageData(0, 0, 10, 10)).not.toThrow();
    expect((await canvasToBlob(canvas, 'image/png')).size).toBeGreaterThan(0);
    // Asking their host again with CORS is what reports "blocked by CORS policy" in the page's console.
    expect(requestsSince(started)).toBe(0);
    expectColor(pixel(canvas, 70, 70), [255, 255, 255, 255], 3, '<img> left out');
    expectColor(pixel(canvas, 250, 70), [255, 255, 255, 255], 3, 'background-image left out');
    // The tainted canvas's pixels cannot be read, so it comes out empty rather than poisoning ours.
    expectColor(pixel(canvas, 450, 70), [255, 255, 255, 255], 3, 'tainted canvas');
  });

  test('with a relay, they are drawn from the bytes it returns, and its blob: URLs are revoked', async () => {
    await crossOriginPage();
    const asked: string[] = [];
    const made: string[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      const url = createObjectURL(blob);
      made.push(url);
      return url;
    };
    try {
      const started = performance.now();
      const { canvas } = await captureViewport({
        maxScale: 1,
        // Stands in for the server's image relay: the same bytes, fetched from this page's origin.
        foreignImage: async (url) => {
          asked.push(url);
          return url.endsWith('/unreachable.png') ? null : (await fetch(fixture)).blob();
        },
      });
      expect(requestsSince(started)).toBe(0);
      // Once per URL (the <img> and the background share it); a broken image is not asked for.
      expect(asked).toEqual([crossOrigin]);
      expectColor(pixel(canvas, 70, 70), [255, 0, 255, 255], 3, '<img>');
      expectColor(pixel(canvas, 250, 70), [255, 0, 255, 255], 3, 'background-image');
      expect(() => canvas.getContext('2d')!.getImageData(0, 0, 10, 10)).not.toThrow();
    } finally {
      URL.createObjectURL = createObjectURL;
    }
    expect(made.length).toBeGreaterThan(0);
    for (const url of made) await expect(fetch(url)).rejects.toThrow();
  });

  test('an image the page loaded with CORS itself is read again with CORS, without the relay', async () => {
    await crossOriginPage('crossorigin="anonymous"');
    const asked: string[] = [];
    const { canvas } = await captureViewport({ maxScale: 1, foreignImage: async (url) => (asked.push(url), null) });
    // The <img>'s own URL; the background (a no-CORS load by CSS) went to the relay, which had nothing.
    expectColor(pixel(canvas, 70, 70), [255, 0, 255, 255], 3, '<img crossorigin>');
    expect(asked).not.toContain(undefined);
    expect(asked.filter((url) => url === crossOrigin).length).toBeLessThanOrEqual(1);
  });
});

describe('captureViewport: off the critical path', () => {
  test('reports its phases in order, and encodes when asked', async () => {
    cleanup = setPage(longPage(2));
    const phases: CapturePhase[] = [];
    const result = await captureViewport({ maxScale: 1, onProgress: (phase) => phases.push(phase) });
    expect(phases).toEqual(['loading', 'rendering', 'masking']);
    expect(result.blob).toBeUndefined();

    phases.length = 0;
    const encoded = await captureViewport({
      maxScale: 1,
      encode: { type: 'image/webp', quality: 0.8 },
      onProgress: (phase) => {
        phases.push(phase);
        throw new Error('a broken host callback does not break the capture');
      },
    });
    expect(phases).toEqual(['loading', 'rendering', 'masking', 'encoding']);
    expect(encoded.blob?.type).toBe('image/webp');
    expect(encoded.durationMs).toBeGreaterThan(0);
  });

  test('abort while rendering rejects with cancelled and leaves the page as it was', async () => {
    cleanup = setPage(longPage());
    window.scrollTo(0, 3000);
    const before = [...document.body.children];
    const controller = new AbortController();
    let nextTaskRan = false;
    const capture = captureViewport({
      signal: controller.signal,
      onProgress: (phase) => {
        if (phase !== 'rendering') return;
        setTimeout(() => {
          controller.abort();
          setTimeout(() => (nextTaskRan = true), 0);
        }, 10);
      },
    });
    const error = await capture.catch((e: unknown) => {
      // Settled in the very task that aborted: it did not wait for html2canvas to finish.
      expect(nextTaskRan).toBe(false);
      return e;
    });
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as CaptureError).code).toBe('cancelled');
    expect([...document.body.children]).toEqual(before);
    // The discarded rendering finishing later adds nothing either.
    await settle(400);
    expect([...document.body.children]).toEqual(before);
    expect(window.scrollY).toBe(3000);
  });

  test('an already aborted signal rejects at once', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await captureViewport({ signal: controller.signal }).catch((e: unknown) => e);
    expect((error as CaptureError).code).toBe('cancelled');
  });

  test('a capture that takes longer than timeoutMs rejects with timeout, leaving nothing behind', async () => {
    cleanup = setPage(longPage(30));
    const before = document.body.children.length;
    // A task per element (sliceMs 0) over the whole page's copy (no stubs): 20 ms always expires mid-render.
    const error = await captureViewport({ timeoutMs: 20, sliceMs: 0, stubs: false }).catch((e: unknown) => e);
    expect((error as CaptureError).code).toBe('timeout');
    expect(document.body.children.length).toBe(before);
    await settle(300);
    expect(document.body.children.length).toBe(before);
  });

  test('never throws synchronously, whatever it is given', async () => {
    const bad = { doc: {} as Document, privateSelectors: [42 as unknown as string] };
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = captureViewport(bad);
    }).not.toThrow();
    const error = await promise!.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    const noBody = await captureViewport({ doc: document.implementation.createHTMLDocument('x') }).catch((e: unknown) => e);
    expect((noBody as CaptureError).code).toBe('unsupported');
  });
});

describe('canvasToBlob', () => {
  test('encodes the preferred type, falls back to PNG, rejects an empty canvas', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 8;
    expect((await canvasToBlob(canvas, 'image/jpeg', 0.9)).type).toBe('image/jpeg');
    expect((await canvasToBlob(canvas)).type).toBe('image/webp');
    expect((await canvasToBlob(canvas, 'image/x-unknown' as 'image/png')).type).toBe('image/png');
    canvas.width = 0;
    const error = await canvasToBlob(canvas).catch((e: unknown) => e);
    expect((error as CaptureError).code).toBe('failed');
  });
});
