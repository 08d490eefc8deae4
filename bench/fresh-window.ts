/**
 * A cold page for each run of the review app's opening benches: a new browser context (empty HTTP
 * cache, no session but the one given), and its page.
 *
 * Each new context is a new window to Chromium, and Chromium then loads its own UI for it: the
 * omnibox popup, a WebUI page of about 300 requests taking ~400 ms of CPU in a renderer of its own
 * (seen in a Chrome trace of the bench, 2026-11-26). Navigating at once measures our page sharing
 * this machine's two cores with that. A person's browser does this when a window opens, not for
 * each link opened in it, so the benches' headline waits until the window has settled (`settle`);
 * they also report the same opening navigated at once, for comparison.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

/** Long enough for the window's own start-up (~400 ms of CPU) on a loaded 2-core machine. */
export const WINDOW_SETTLE_MS = 1000;

export async function freshPage(
  browser: Browser,
  options: BrowserContextOptions,
  settle: boolean,
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await prepare?.(context);
  const page = await context.newPage();
  if (settle) await page.waitForTimeout(WINDOW_SETTLE_MS);
  return { context, page };
}
