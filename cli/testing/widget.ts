/**
 * Real threads for `pinmark locate`'s tests: the widget on a demo page in Chromium (playwright-core),
 * a reviewer signing in through the development sign-in popup, a click on an element and a posted
 * comment — then the thread as the server stored it, anchor and all.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { ThreadResponse } from '../../src/api/wire';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { api } from './api-threads.ts';
import { ROOT, type RunningServer } from './server.ts';

export interface Reviewer {
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}

export async function reviewer(): Promise<Reviewer> {
  // The demo pages load the built widget (`npm test` builds before the unit tests run).
  if (!existsSync(join(ROOT, 'dist', 'widget', 'pinmark.js'))) throw new Error('dist/widget is missing: run `npm run build:widget` first');
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { browser, context, close: () => browser.close() };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signInIfAsked(page: Page): Promise<void> {
  const signIn = page.getByRole('button', { name: 'Sign in to comment' });
  const mode = page.getByRole('button', { name: 'Add comment' });
  await until('the sign-in button or comment mode', async () =>
    (await signIn.isVisible()) || (await mode.getAttribute('aria-pressed')) === 'true' ? true : undefined,
  );
  if (!(await signIn.isVisible())) return;
  const popupPromise = page.waitForEvent('popup');
  await signIn.click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill('Lou Locate');
  await popup.getByLabel('Email').fill('lou@example.com');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await signIn.waitFor({ state: 'detached' });
}

/** Opens `path` (made unique), pins `target(page)` and posts `text`; returns the stored thread. */
export async function postOnPage(
  server: RunningServer,
  who: Reviewer,
  path: string,
  target: (page: Page) => Locator,
  text: string,
): Promise<{ thread: ThreadResponse; pageUrl: string }> {
  const page = await who.context.newPage();
  const pageUrl = `${server.url}${path}?case=locate-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto(pageUrl);
  const launcher = page.getByRole('button', { name: 'Add comment' });
  await launcher.click();
  await signInIfAsked(page);
  if ((await launcher.getAttribute('aria-pressed')) !== 'true') await launcher.click();
  const element = target(page);
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await composer.getByLabel('Comment').fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  const thread = await until(`the thread on ${pageUrl}`, async () => {
    const list = await api(server, 'GET', `/threads?markupId=${server.markupId}&limit=100&order=timestamp`);
    return (list.threads as ThreadResponse[]).find((t) => t.canonicalUrl === pageUrl);
  });
  await page.close();
  return { thread, pageUrl };
}
