/**
 * Shared helpers for the end-to-end tests: the seeded demo (from the server's demo.json), a fresh page
 * per test (its own URL, so threads of one test never show in another), sign-in through the real
 * popup, and the server's view of threads through the workspace API key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Locator } from '@playwright/test';
import type { DataEnvelope, ListThreadsResponse, ThreadResponse } from '../src/api/wire.ts';

export interface DemoSeed {
  url: string;
  apiBase: string;
  publicKey: string;
  markupId: string;
  workspaceId: string;
  workspaceApiKey: string;
  organizationApiKey: string;
  customerJwt: { alg: string; privateJwk: Record<string, unknown>; iss: string; aud: string };
}

let cached: DemoSeed | undefined;
export function demo(): DemoSeed {
  cached ??= JSON.parse(readFileSync(join(process.env.PINMARK_E2E_DATA!, 'demo.json'), 'utf8')) as DemoSeed;
  return cached;
}

let counter = 0;
/** A demo page path of its own: the `case` query parameter makes a distinct canonical URL. */
export function freshPath(name: string, page = '/'): string {
  counter += 1;
  return `${page}?case=${name}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function launcher(page: Page): Locator {
  return page.getByRole('button', { name: 'Add comment' });
}

export function pins(page: Page): Locator {
  return page.getByRole('button', { name: /^Thread \d+$/ });
}

/** Signs in through the sign-in popup, as a reviewer would. */
export async function signInWithPopup(page: Page, who: { name: string; email: string }): Promise<void> {
  await expect(launcher(page)).toBeVisible();
  await launcher(page).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in to comment' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill(who.name);
  await popup.getByLabel('Email').fill(who.email);
  // The popup closes itself as soon as it is done: listen before clicking.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toHaveCount(0);
}

/** Turns comment mode on (it may already be on right after sign-in). */
export async function enterCommentMode(page: Page): Promise<void> {
  const button = launcher(page);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export async function centerOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Waits until the outbox has sent every comment of the page (no pin is still "sending"). */
export async function delivered(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^New comment, (sending|not sent)$/ })).toHaveCount(0, { timeout: 15_000 });
}

/** Drops a pin at a relative spot of `target` and posts `text`; returns the clicked point. */
export async function postComment(page: Page, target: Locator, text: string, at = { x: 0.25, y: 0.5 }) {
  const before = (await serverThreadsOn(page.url())).length;
  await enterCommentMode(page);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('target has no box');
  const point = { x: box.x + box.width * at.x, y: box.y + box.height * at.y };
  await page.mouse.move(point.x, point.y);
  await page.mouse.click(point.x, point.y);
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await composer.getByLabel('Comment').fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  // The unsent pin may take a frame to appear after the composer closes: count on the server first.
  await expect.poll(async () => (await serverThreadsOn(page.url())).length, { timeout: 15_000 }).toBe(before + 1);
  await delivered(page);
  return point;
}

/** The server's threads of the demo markup, read with the workspace API key (not through the widget). */
export async function serverThreads(): Promise<ThreadResponse[]> {
  const { apiBase, markupId, workspaceApiKey } = demo();
  const all: ThreadResponse[] = [];
  let cursor: string | null | undefined;
  do {
    const url = new URL(`${apiBase}/api/v2/threads`);
    url.searchParams.set('markupId', markupId);
    url.searchParams.set('limit', '100');
    if (cursor) url.searchParams.set('cursorId', cursor);
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as DataEnvelope<ListThreadsResponse>;
    all.push(...body.data.threads);
    cursor = body.data.cursorId;
  } while (cursor);
  return all;
}

export async function serverThreadsOn(path: string): Promise<ThreadResponse[]> {
  const suffix = path.slice(path.indexOf('?'));
  return (await serverThreads()).filter((t) => t.canonicalUrl.endsWith(suffix));
}

/** The viewport point at a relative spot (0–1) of an element's box. */
export async function spotOf(locator: Locator, at = { x: 0.5, y: 0.5 }): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width * at.x, y: box.y + box.height * at.y };
}

/** Waits until `actual()` is within `tolerance` px of `expected()` on both axes. */
export async function expectNear(
  actual: () => Promise<{ x: number; y: number }>,
  expected: () => Promise<{ x: number; y: number }>,
  tolerance = 2,
): Promise<void> {
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([actual(), expected()]);
      return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
    })
    .toBeLessThanOrEqual(tolerance);
}

/** The pin of thread `number`. */
export function pin(page: Page, number: number): Locator {
  return page.getByRole('button', { name: `Thread ${number}`, exact: true });
}

/**
 * The newest thread on a page path, as the server stores it. Waits for the first one: a posted
 * comment leaves the outbox a moment later, and `delivered()` can look in the frame between the
 * composer closing and its unsent pin appearing.
 */
export async function newestThreadOn(path: string): Promise<ThreadResponse> {
  let newest: ThreadResponse | undefined;
  await expect
    .poll(async () => (newest = (await serverThreadsOn(path)).sort((a, b) => b.number - a.number)[0]) !== undefined, {
      message: `no thread on ${path}`,
      timeout: 15_000,
    })
    .toBe(true);
  return newest!;
}
