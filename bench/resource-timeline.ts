/**
 * A page's requests in the order they started, with when each started, when its request went out,
 * when its first byte came and when it ended (ms from navigation), and its size: what the review
 * app's openings wait for, printed by the file-review benches on request (BENCH_IMAGES_TRACE,
 * BENCH_PDF_TRACE). A long start → sent gap is the browser queueing the request; sent → first byte
 * is the server.
 */
import type { Page } from '@playwright/test';

export async function printResourceTimeline(page: Page, heading: string): Promise<void> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      what: new URL(e.name).pathname.slice(0, 60),
      start: Math.round(e.startTime),
      sent: Math.round(e.requestStart),
      firstByte: Math.round(e.responseStart),
      end: Math.round(e.responseEnd),
      kb: (e.encodedBodySize / 1024).toFixed(1),
    })),
  );
  console.error(heading);
  console.error('  start   sent  first    end      KB');
  for (const e of entries)
    console.error(
      `  ${[e.start, e.sent, e.firstByte, e.end].map((n) => String(n).padStart(5)).join('  ')}  ${e.kb.padStart(6)}  ${e.what}`,
    );
}
