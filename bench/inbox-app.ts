/**
 * The review app's inbox as a member sees it (issue 16), in headless Chromium against the server
 * the inbox bench seeded with 10 000 threads: time from navigation to the first row on screen
 * (server and client together), time from a click on a status filter to the new rows, and the
 * frames of a scroll through the windowed list. Timed inside the page (performance.now(), a
 * MutationObserver, requestAnimationFrame), so Playwright's own round trips are not counted.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import type { BenchServer } from './server.ts';

const RUNS = Number(process.env.BENCH_INBOX_APP_RUNS ?? 5);
const SESSION_KEY = 'pinmark-app-session';

export interface AppInboxFigures {
  firstScreenMs: number[];
  filterMs: number[];
  frameMs: number[];
}

/** Records, from the first script of the page on, when the first inbox row is in the document. */
const FIRST_ROW_WATCH = `(() => {
  // tsx compiles this file with keepNames: functions passed to page.evaluate may call __name.
  window.__name = (fn) => fn;
  const seen = () => { if (document.querySelector('.row-item')) { window.__firstRow ??= performance.now(); return true; } return false; };
  new MutationObserver(() => seen()).observe(document, { childList: true, subtree: true });
})();`;

async function firstScreen(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/app/inbox`);
  await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, null, { timeout: 15_000 });
  return page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
}

/** Clicks a status switch (a radio of the filter bar) and waits, in the page, until the rows show that status. */
async function filterChange(page: Page, status: 'resolved' | 'open'): Promise<number> {
  return page.evaluate(async (value) => {
    const button = document.querySelector<HTMLInputElement>(`input[name="status"][value="${value}"]`);
    if (!button) throw new Error(`no ${value} switch`);
    const wantResolved = value === 'resolved';
    const done = () => {
      const first = document.querySelector('.row-item .row');
      return !!first && first.classList.contains('row--resolved') === wantResolved;
    };
    const started = performance.now();
    button.click();
    await new Promise<void>((resolve) => {
      if (done()) return resolve();
      const observer = new MutationObserver(() => {
        if (done()) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    return performance.now() - started;
  }, status);
}

/** Scrolls the list 200 rows a second for two seconds and returns every frame's length. */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('[data-inbox-list]');
    if (!scroller) throw new Error('no inbox list');
    const frames: number[] = [];
    let last = performance.now();
    const end = last + 2000;
    await new Promise<void>((resolve) => {
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        scroller.scrollTop += 64 * 200 * (frames.at(-1)! / 1000);
        if (now < end) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    return frames.slice(1);
  });
}

export async function measureAppInbox(server: BenchServer, session: unknown): Promise<AppInboxFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const figures: AppInboxFigures = { firstScreenMs: [], filterMs: [], frameMs: [] };
  try {
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        ({ key, value, watch }) => {
          sessionStorage.setItem(key, value);
          new Function(watch)();
        },
        { key: SESSION_KEY, value: JSON.stringify(session), watch: FIRST_ROW_WATCH },
      );
      const page = await context.newPage();
      const first = await firstScreen(page, server.url);
      const resolved = await filterChange(page, 'resolved');
      const open = await filterChange(page, 'open');
      // The first run warms the server's and the browser's caches.
      if (run > 0) {
        figures.firstScreenMs.push(first);
        figures.filterMs.push(resolved, open);
      }
      if (run === RUNS) figures.frameMs = await scrollFrames(page);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
