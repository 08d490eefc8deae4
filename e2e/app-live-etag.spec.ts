/**
 * The review app's live refresh asks conditionally (issue 16): once nothing changes, polling the
 * inbox and the open thread costs 304s on the wire; a reply made elsewhere comes back as a 200 with
 * the new message shown. Polls are started by a visibility change, as when the tab is shown again.
 */
import { test, expect, type Page, type Response } from '@playwright/test';
import { createThreadViaApi, inboxRows, searchInbox, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';

test.describe.configure({ timeout: 60_000 });

async function poll(page: Page, responses: Response[], path: RegExp): Promise<number> {
  const before = responses.length;
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => responses.slice(before).filter((r) => path.test(new URL(r.url()).pathname)).length).toBeGreaterThan(0);
  return responses
    .slice(before)
    .find((r) => path.test(new URL(r.url()).pathname))!
    .status();
}

test('an idle live refresh costs 304s; a reply elsewhere arrives as a 200', async ({ page }) => {
  const word = uniqueWord();
  const thread = await createThreadViaApi({ message: `Live ${word} poll` });
  await signInToApp(page, 'Lou Live');
  await searchInbox(page, word);
  await expect(inboxRows(page)).toHaveCount(1);
  await inboxRows(page).first().click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toContainText(word);

  const responses: Response[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'GET' && r.url().includes('/api/v2/')) responses.push(r);
  });
  const threadPath = new RegExp(`^/api/v2/threads/${thread.id}$`);
  // The first poll may see the "seen" mark the app set on opening; from then on nothing changes.
  await poll(page, responses, threadPath);
  await page.waitForTimeout(300);
  expect(await poll(page, responses, threadPath)).toBe(304);
  await page.waitForTimeout(300);
  expect(await poll(page, responses, /^\/api\/v2\/inbox$/)).toBe(304);
  const conditional = responses.filter((r) => r.status() === 304);
  expect(conditional.every((r) => r.request().headers()['if-none-match']?.startsWith('W/"'))).toBe(true);

  const { apiBase, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2/threads/${thread.id}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: { ops: [{ insert: `Fresh ${word} reply\n` }] } }),
  });
  expect(res.status).toBe(200);
  await page.waitForTimeout(300);
  expect(await poll(page, responses, threadPath)).toBe(200);
  await expect(page.getByRole('article')).toContainText(`Fresh ${word} reply`);
});
