/**
 * The image review in headless Chromium (issue 17), for bench/file-review.ts: time from navigation
 * to the first image painted (Element Timing: the viewer's `<img elementtiming>`, so the browser
 * says when its pixels were on screen) in a new window once settled, and navigated at once
 * (fresh-window.ts says why both), and a scripted zoom — wheel events over the stage, one per
 * animation frame, in and out — recording every frame's length (requestAnimationFrame deltas) and,
 * in a second pass, how far each pin's centre is from its spot of the image at every frame.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { freshPage } from './fresh-window.ts';
import { printResourceTimeline } from './resource-timeline.ts';

const SESSION_KEY = 'pinmark-app-session';

export interface ImageReviewFigures {
  /** In a window that has settled (fresh-window.ts). */
  firstImageMs: number[];
  /** The same, navigated at once in a brand-new window (Chromium's own window start-up beside it). */
  firstImageAtOnceMs: number[];
  /** Navigation to the markup's answer (the server's share, with the app's own start-up requests queued beside it). */
  markupReadMs: number[];
  /** The same page's frames for as long with nothing happening: what the loaded machine drops anyway. */
  idleFrameMs: number[];
  frameMs: number[];
  /** Per zoom frame: our own script (wheel handler and the viewer's frame callback), ms. */
  scriptMs: number[];
  /** Per frame of the checking pass: the largest distance (px) of a pin's centre from its spot. */
  offSpotPx: number[];
  pins: number;
}

/** From the page's first script: the first painted image of the viewer, by Element Timing. */
const FIRST_IMAGE_WATCH = `(() => {
  window.__name = (fn) => fn;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === 'fr-image' && window.__firstImage === undefined) window.__firstImage = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
})();`;

async function firstImage(page: Page, url: string): Promise<{ painted: number; markupRead: number }> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __firstImage?: number }).__firstImage !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => {
    const item = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('/api/v2/items/')) as PerformanceResourceTiming;
    return { painted: (window as unknown as { __firstImage: number }).__firstImage, markupRead: item?.responseEnd ?? NaN };
  });
}

async function idleFrames(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(async (ms) => {
    const frames: number[] = [];
    let last = performance.now();
    const end = last + ms;
    await new Promise<void>((resolve) => {
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        if (now < end) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    return frames.slice(1);
  }, ms);
}

/**
 * Zooms in for `ms` then out for as long, one wheel event per frame over the stage's centre; returns
 * the frame lengths and, when `check`, each frame's worst pin distance from its spot (read before
 * the frame's wheel event, so it sees what the previous frame drew).
 */
async function scriptedZoom(page: Page, ms: number, check: boolean): Promise<{ frames: number[]; offSpot: number[]; scriptMs: number[] }> {
  return page.evaluate(
    async ({ ms, check }) => {
      const stage = document.querySelector<HTMLElement>('.fr-stage')!;
      const image = stage.querySelector<HTMLElement>('img.fr-image')!;
      const pins = [...stage.querySelectorAll<HTMLElement>('.fr-pin')];
      const box = stage.getBoundingClientRect();
      const at = { clientX: box.left + box.width * 0.45, clientY: box.top + box.height * 0.5 };
      const frames: number[] = [];
      const offSpot: number[] = [];
      // Our own script per frame: the wheel handler (timed around the dispatch) plus the viewer's frame callback.
      const scriptMs: number[] = [];
      const ownFrame = window.requestAnimationFrame.bind(window);
      let viewerMs = 0;
      window.requestAnimationFrame = (callback: FrameRequestCallback) =>
        ownFrame((time) => {
          const began = performance.now();
          callback(time);
          viewerMs += performance.now() - began;
        });
      const worstOffSpot = () => {
        const drawn = image.getBoundingClientRect();
        let worst = 0;
        for (const pin of pins) {
          const r = pin.getBoundingClientRect();
          const x = drawn.left + (drawn.width * parseFloat(pin.style.left)) / 100;
          const y = drawn.top + (drawn.height * parseFloat(pin.style.top)) / 100;
          worst = Math.max(worst, Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y));
        }
        return worst;
      };
      let last = performance.now();
      const start = last;
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          if (check) offSpot.push(worstOffSpot());
          const zoomingIn = now - start < ms;
          const began = performance.now();
          stage.dispatchEvent(new WheelEvent('wheel', { ...at, deltaY: zoomingIn ? -40 : 40, bubbles: true, cancelable: true }));
          scriptMs.push(viewerMs + performance.now() - began);
          viewerMs = 0;
          if (now - start < 2 * ms) ownFrame(step);
          else {
            window.requestAnimationFrame = ownFrame;
            resolve();
          }
        };
        ownFrame(step);
      });
      return { frames: frames.slice(1), offSpot: offSpot.slice(1), scriptMs: scriptMs.slice(1) };
    },
    { ms, check },
  );
}

export async function measureImageReview(url: string, session: unknown, runs: number): Promise<ImageReviewFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const figures: ImageReviewFigures = {
    firstImageMs: [],
    firstImageAtOnceMs: [],
    markupReadMs: [],
    idleFrameMs: [],
    frameMs: [],
    scriptMs: [],
    offSpotPx: [],
    pins: 0,
  };
  try {
    const signedIn = (context: BrowserContext) =>
      context.addInitScript(
        ({ key, value, watch }) => {
          sessionStorage.setItem(key, value);
          new Function(watch)();
        },
        { key: SESSION_KEY, value: JSON.stringify(session), watch: FIRST_IMAGE_WATCH },
      );
    for (let run = 0; run < runs + 1; run++) {
      if (run > 0) {
        const atOnce = await freshPage(browser, { viewport: { width: 1280, height: 800 } }, false, signedIn);
        figures.firstImageAtOnceMs.push((await firstImage(atOnce.page, url)).painted);
        await atOnce.context.close();
      }
      const { context, page } = await freshPage(browser, { viewport: { width: 1280, height: 800 } }, true, signedIn);
      const profiling = process.env.BENCH_IMAGES_PROFILE && run === runs ? await context.newCDPSession(page) : null;
      if (profiling) {
        await profiling.send('Profiler.enable');
        await profiling.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiling.send('Profiler.start');
      }
      const tracing = process.env.BENCH_IMAGES_CHROME_TRACE && run === runs;
      if (tracing)
        await browser.startTracing(page, {
          path: process.env.BENCH_IMAGES_CHROME_TRACE,
          categories: ['devtools.timeline', 'blink.user_timing', 'loading'],
        });
      const { painted, markupRead } = await firstImage(page, url);
      if (tracing) await browser.stopTracing();
      if (profiling) {
        const { profile } = await profiling.send('Profiler.stop');
        writeFileSync(process.env.BENCH_IMAGES_PROFILE!, JSON.stringify(profile));
      }
      if (process.env.BENCH_IMAGES_TRACE && (run === runs || process.env.BENCH_IMAGES_TRACE === 'all'))
        await printResourceTimeline(page, `file-review timeline: first image painted at ${painted.toFixed(0)} ms`);
      // The first run warms the server's and the browser's caches.
      if (run > 0) {
        figures.firstImageMs.push(painted);
        figures.markupReadMs.push(markupRead);
      }
      if (run === runs) {
        await page.locator('.fr-pin').first().waitFor();
        figures.pins = await page.locator('.fr-pin').count();
        figures.idleFrameMs = await idleFrames(page, 2000);
        const zoom = await scriptedZoom(page, 1000, false);
        figures.frameMs = zoom.frames;
        figures.scriptMs = zoom.scriptMs;
        figures.offSpotPx = (await scriptedZoom(page, 1000, true)).offSpot;
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
