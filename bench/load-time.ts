/**
 * Time from the loader's execution to the launcher being visible, in headless Chromium, and the long
 * tasks (> 50 ms) in that window. The loader marks `pinmark:loader-start`; the widget marks
 * `pinmark:launcher-visible` once the launcher is painted-ready (both are `performance.mark`s).
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

export interface LoadTimeResult {
  runs: number;
  medianMs: number;
  p90Ms: number;
  maxLongTaskMs: number;
  longTasks: number;
  /** Median of: loader start → app.js fully received (network + the browser's queueing). */
  medianFetchMs: number;
  /** Median of: app.js received → launcher visible (parse, evaluate, first render). */
  medianRunMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function measureLoadTime(baseUrl: string, runs = 20): Promise<LoadTimeResult> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const times: number[] = [];
  const fetchTimes: number[] = [];
  const runTimes: number[] = [];
  const longTaskDurations: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = [];
        (window as any).__longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${baseUrl}/?case=bench-load`);
      const result = await page.waitForFunction(() => {
        const start = performance.getEntriesByName('pinmark:loader-start')[0];
        const visible = performance.getEntriesByName('pinmark:launcher-visible')[0];
        if (!start || !visible) return null;
        const tasks = ((window as any).__longTasks as { start: number; duration: number }[]).filter(
          (t) => t.start + t.duration >= start.startTime && t.start <= visible.startTime,
        );
        const app = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/widget/app.js')) as
          | PerformanceResourceTiming
          | undefined;
        const fetched = app ? app.responseEnd : start.startTime;
        return {
          ms: visible.startTime - start.startTime,
          fetchMs: fetched - start.startTime,
          runMs: visible.startTime - fetched,
          tasks: tasks.map((t) => t.duration),
        };
      }, null, { timeout: 15_000 });
      const value = (await result.jsonValue()) as { ms: number; fetchMs: number; runMs: number; tasks: number[] };
      if (i >= 2) { // the first two runs warm the server and the disk cache
        times.push(value.ms);
        fetchTimes.push(value.fetchMs);
        runTimes.push(value.runMs);
        longTaskDurations.push(...value.tasks);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  for (const list of [times, fetchTimes, runTimes]) list.sort((a, b) => a - b);
  return {
    medianFetchMs: percentile(fetchTimes, 0.5),
    medianRunMs: percentile(runTimes, 0.5),
    runs,
    medianMs: percentile(times, 0.5),
    p90Ms: percentile(times, 0.9),
    maxLongTaskMs: longTaskDurations.length ? Math.max(...longTaskDurations) : 0,
    longTasks: longTaskDurations.length,
  };
}
