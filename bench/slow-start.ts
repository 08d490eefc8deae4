/**
 * Widget start-up on a slowed-down CPU (Chromium's CPU throttling): how long the widget's longest
 * single script runs, from the loader to 3 s after it (start-up, first data, idle warm-ups). On the
 * bench machine each start-up task is well under 50 ms and timing noise hides how they are split;
 * ×4 makes the split visible, and shows what a slow phone would see.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

export interface SlowStartResult {
  rate: number;
  runs: number;
  /** The longest single widget script (one task's callback, Long Animation Frames attribution). */
  longestScriptMs: number;
  /** Which callback that was ("TimerHandler:setTimeout pinmark.js"). */
  longestScript: string;
  medianLauncherMs: number;
}

export async function measureSlowStart(baseUrl: string, rate = 4, runs = 8): Promise<SlowStartResult> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const launcher: number[] = [];
  let longest: [number, string] = [0, '—'];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      // A string, not a function: nothing of the test tool's own code runs in the measured page.
      await page.addInitScript(`(() => { const w = window; w.__scripts = [];
        new PerformanceObserver((list) => { for (const frame of list.getEntries()) for (const s of frame.scripts)
          if (/\\/widget\\//.test(s.sourceURL)) w.__scripts.push([s.duration, s.invoker + ' ' + s.sourceURL.split('/').pop()]); })
          .observe({ type: 'long-animation-frame', buffered: true }); })()`);
      await page.goto(`${baseUrl}/?case=bench-slow-start`);
      await page.waitForTimeout(3_000);
      const sample = (await page.evaluate(`({ scripts: window.__scripts,
        shown: performance.getEntriesByName('pinmark:launcher-visible')[0].startTime - performance.getEntriesByName('pinmark:loader-start')[0].startTime })`)) as {
        scripts: [number, string][];
        shown: number;
      };
      launcher.push(sample.shown);
      for (const script of sample.scripts) if (script[0] > longest[0]) longest = script;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  launcher.sort((a, b) => a - b);
  return {
    rate,
    runs,
    longestScriptMs: longest[0],
    longestScript: longest[1].replace(/-[\w-]{8}\.js/, '.js'),
    medianLauncherMs: launcher[Math.floor(runs / 2)]!,
  };
}
