/**
 * What the review app's end-to-end tests share (e2e/app*.spec.ts): threads created through the real
 * API with the demo workspace's key, the development sign-in to /app, axe over a view, the theme
 * switch, and the inbox's search and rows.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { DataEnvelope, Delta, ThreadResponse } from '../src/api/wire.ts';
import { demo } from './fixtures.ts';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A word no other test's thread contains, so a search finds only this test's threads. */
export const uniqueWord = () => `zq${Math.random().toString(36).slice(2, 8)}`;

export interface ThreadSeed {
  /** The first message: plain text, or a whole Delta. */
  message: string | Delta;
  /** The page, below the demo's address (default /checkout.html). */
  path?: string;
  elementPath?: string;
  viewModeId?: string;
}

/** A thread by the demo workspace's API key (another reviewer, in effect), through the real API. */
/** A thread made through the API: on the e2e server's demo markup, or on `target` (a server a spec started). */
export async function createThreadViaApi(
  seed: ThreadSeed,
  target: { apiBase: string; markupId: string; workspaceApiKey: string } = demo(),
): Promise<ThreadResponse> {
  const { apiBase, markupId, workspaceApiKey } = target;
  const url = new URL(seed.path ?? '/checkout.html', apiBase).toString();
  const message = typeof seed.message === 'string' ? { ops: [{ insert: `${seed.message}\n` }] } : seed.message;
  const res = await fetch(`${apiBase}/api/v2/threads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      isImageThread: false,
      projectId: markupId,
      url,
      canonicalUrl: url,
      elements: [{ elementPath: seed.elementPath ?? 'main > form > button.pay', offsetXPercentage: 40, offsetYPercentage: 50 }],
      offsetXPercentage: 50,
      offsetYPercentage: 40,
      message,
      browserContext: {
        browserName: 'Firefox',
        browserVersion: '140',
        os: 'macOS',
        osVersion: '15.2',
        osVersionName: '',
        platform: 'desktop',
        screenWidth: 1512,
        screenHeight: 982,
        viewportWidth: 1280,
        viewportHeight: 800,
        devicePixelRatio: 2,
      },
      elementParents: [],
      viewModeId: seed.viewModeId ?? 'desktop',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as DataEnvelope<ThreadResponse>).data;
}

/** The development sign-in on `path`; resolves once the app shows the signed-in shell. */
export async function signInToApp(page: Page, name: string, path = '/app/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(`${name.split(' ')[0]!.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`,
  );
  expect(found, `axe violations in "${state}"`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByLabel('Theme').selectOption(theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

export async function searchInbox(page: Page, words: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search comments' }).fill(words);
  await page.getByRole('searchbox', { name: 'Search comments' }).press('Enter');
}

export const inboxRows = (page: Page) => page.getByRole('list', { name: 'Threads' }).getByRole('link');
