/**
 * A page's requests in the order they started, with when each started and ended (ms from
 * navigation): what the review app's openings wait for, printed by the file-review benches on
 * request (BENCH_IMAGES_TRACE, BENCH_PDF_TRACE).
 */
import type { Page } from '@playwright/test';

export async function printResourceTimeline(page: Page, heading: string): Promise<void> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      what: new URL(e.name).pathname.slice(0, 60),
      start: Math.round(e.startTime),
      end: Math.round(e.responseEnd),
    })),
  );
  console.error(heading);
  for (const e of entries) console.error(`  ${String(e.start).padStart(5)} → ${String(e.end).padStart(5)}  ${e.what}`);
}
