/**
 * `pinmark locate`'s browser session: open the page (a URL, or a saved HTML file) in headless
 * Chromium at the viewport the reviewer had, run the widget's anchoring on it, and map the element
 * back to a source position (a data attribute, or its start tag in the page's raw HTML).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ThreadResponse } from '../../src/api/wire';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { CliError, EXIT, notFoundError } from '../errors.ts';
import { pageScript } from './bundle.ts';
import { startTagPosition, type SourcePosition } from './html-source.ts';
import type { PageLocation } from './page-script.ts';

export interface LocateResult {
  /** The page as opened. */
  url: string;
  location: PageLocation;
  /** The element's start tag in the page's HTML (`file` is the path or URL it came from). */
  htmlPosition: (SourcePosition & { file: string }) | null;
}

const RANK = { exact: 2, approximate: 1, orphaned: 0 } as const;

function pageTarget(target: string): { url: string; file: string | null } {
  if (/^https?:\/\//i.test(target)) return { url: target, file: null };
  const path = resolve(target.replace(/^file:\/\//, ''));
  if (!existsSync(path)) throw notFoundError(`No such file: ${path} (--html takes a file or an http(s) URL)`);
  return { url: pathToFileURL(path).href, file: path };
}

function viewportOf(thread: ThreadResponse): { width: number; height: number } {
  const context = thread.browserContext as { viewportWidth?: unknown; viewportHeight?: unknown } | undefined;
  const sane = (v: unknown, fallback: number) => (typeof v === 'number' && v >= 200 && v <= 5000 ? Math.round(v) : fallback);
  return { width: sane(context?.viewportWidth, 1280), height: sane(context?.viewportHeight, 800) };
}

export async function locateOnPage(thread: ThreadResponse, target: string, waitMs: number): Promise<LocateResult> {
  const { url, file } = pageTarget(target);
  const launch = chromiumLaunchOptions();
  if (!launch.executablePath)
    throw new CliError('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH', EXIT.server);
  const [{ chromium }, script] = await Promise.all([import('playwright-core'), pageScript()]);
  const browser = await chromium.launch({ ...launch, headless: true });
  try {
    const context = await browser.newContext({ viewport: viewportOf(thread), bypassCSP: true });
    const page = await context.newPage();
    let response;
    try {
      response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    } catch (error) {
      throw new CliError(`Cannot open ${url}: ${error instanceof Error ? error.message.split('\n')[0] : error}`, EXIT.server);
    }
    if (response && response.status() >= 400)
      throw new CliError(`${url} answered HTTP ${response.status()}`, response.status() === 404 ? EXIT.notFound : EXIT.server);
    const rawHtml = file ? readFileSync(file, 'utf8') : ((await response?.text().catch(() => null)) ?? null);
    await page.evaluate(script);
    const deadline = Date.now() + waitMs;
    let best: PageLocation | undefined;
    for (;;) {
      const location = await page.evaluate(
        ([t, raw]) =>
          (globalThis as unknown as { __pinmarkLocate: (t: unknown, r: string | null) => PageLocation }).__pinmarkLocate(t, raw),
        [thread, rawHtml] as const,
      );
      if (!best || RANK[location.status] > RANK[best.status] || (location.found && !best.found)) best = location;
      // Pages that render late (single-page apps) get until the deadline to show the element.
      if (best.status === 'exact' || Date.now() >= deadline) break;
      await page.waitForTimeout(250);
    }
    const position = rawHtml && best.ordinal ? startTagPosition(rawHtml, best.ordinal) : null;
    return { url: page.url(), location: best, htmlPosition: position ? { ...position, file: file ?? url } : null };
  } finally {
    await browser.close();
  }
}
