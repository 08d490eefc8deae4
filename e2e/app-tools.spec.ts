/**
 * The review app's ways out (issue 16, second slice) against the real server: "Open on page" lands
 * on the demo page with the thread open in the widget; the inbox's filtered view exported as CSV
 * and JSON across several pages (Playwright's download API reads the files); one thread copied and
 * downloaded as Markdown. Screenshots for a human look go to .tmp/app2-shots/.
 */
import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import type { ThreadResponse } from '../src/api/wire.ts';
import {
  createThreadViaApi,
  expectNoViolations,
  inboxRows as rows,
  searchInbox as search,
  signInToApp,
  uniqueWord as token,
} from './app-kit.ts';
import { demo, freshPath } from './fixtures.ts';

/** A thread with bold words and a bullet list, so the Markdown has something to show. */
function createThread(text: string, path = '/checkout.html'): Promise<ThreadResponse> {
  return createThreadViaApi({
    path,
    elementPath: '#hero-title',
    message: {
      ops: [
        { insert: text },
        { insert: ' see ' },
        { insert: 'the form', attributes: { bold: true } },
        { insert: '\nstep one' },
        { insert: '\n', attributes: { list: 'bullet' } },
      ],
    },
  });
}

async function signIn(page: Page, name: string): Promise<void> {
  await signInToApp(page, name);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}

test.describe.configure({ timeout: 90_000 });
const SHOTS = '.tmp/app2-shots';

test('open on page: the link opens the live page with the thread open in the widget', async ({ page, browser }) => {
  const word = token();
  const path = freshPath('open-on-page');
  const thread = await createThread(`Headline ${word} is too long`, path);
  await signIn(page, 'Olga Open');
  await search(page, word);
  // The list filters once the search's answer is in: until then its first row is another thread.
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().click();
  const link = page.getByRole('article').getByRole('link', { name: /Open on page/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toBe(`${demo().apiBase}${path}#pinmark-thread=${thread.id}`);

  // A reviewer who is not signed in on the site yet: sign-in first, then the thread opens by itself.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(href!);
  const signInButton = visitor.getByRole('button', { name: 'Sign in to comment' });
  await expect(signInButton).toBeVisible();
  const popupPromise = visitor.waitForEvent('popup');
  await signInButton.click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill('Rita Reviewer');
  await popup.getByLabel('Email').fill('rita@example.com');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await expect(visitor.getByRole('dialog', { name: `Thread ${thread.number}` })).toContainText(`Headline ${word}`);
  await visitor.context().close();
});

test('export the filtered inbox as CSV and JSON through every page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  // More than one page of 100, so the export follows the cursor.
  for (let start = 0; start < 105; start += 15)
    await Promise.all(Array.from({ length: Math.min(15, 105 - start) }, (_, k) => createThread(`Row ${start + k} ${word}`)));
  await createThread(`=HYPERLINK("http://evil") ${word}`);
  await signIn(page, 'Egon Export');
  await search(page, word);
  await expect(page.getByText('106 threads')).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/export-menu-1280.png` });
  await expectNoViolations(page, 'export menu');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^pinmark-inbox-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await csv.path())!, 'utf8')).replace(/^\ufeff/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'number,title,status,site,page,author,assignee,priority,labels,device,messages,screenshot,diagnostics,createdAt,lastActivityAt,link',
  );
  expect(lines).toHaveLength(107);
  expect(text).toContain(`"'=HYPERLINK(""http://evil"") ${word}`);
  await expect(page.getByRole('status').filter({ hasText: 'Exported 106 threads as CSV.' })).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as JSON' }).click();
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8')) as {
    filters: { q: string };
    threads: { id: string }[];
  };
  expect(json.filters.q).toBe(word);
  expect(json.threads).toHaveLength(106);
  expect(new Set(json.threads.map((t) => t.id)).size).toBe(106);
});

test('a thread as Markdown: copied and downloaded', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  const thread = await createThread(`Coupon ${word} field [broken]`);
  await signIn(page, 'Mark Down');
  await page.goto(`/app/inbox/${thread.id}`);
  const article = page.getByRole('article');
  await article.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(article.getByRole('status').filter({ hasText: 'Copied the thread as Markdown.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`## Coupon ${word} field \\[broken\\]`);
  expect(copied).toContain('- **Element:** `#hero-title`');
  expect(copied).toContain('- **Browser:** Firefox 140, macOS 15.2, viewport 1280×800');
  expect(copied).toContain('**the form**');
  expect(copied).toContain('- step one');
  expect(copied).toContain(`/app/inbox/${thread.id}`);
  const download = page.waitForEvent('download');
  await article.getByRole('button', { name: 'Download Markdown' }).click();
  const file = await readFile((await (await download).path())!, 'utf8');
  expect(file).toBe(copied);
  await page.screenshot({ path: `${SHOTS}/thread-tools-1280.png` });
  await expectNoViolations(page, 'thread with tools, light');
});

test('live: a new thread and a reply appear without a reload, and the typed reply stays', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  const first = await createThread(`Footer ${word} overlaps`);
  await signIn(page, 'Lea Live');
  await search(page, word);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.click();
  await page.keyboard.type('Half-written answer');

  await createThread(`Header ${word} flickers`);
  const { apiBase, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2/threads/${first.id}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: { ops: [{ insert: `Reply from elsewhere ${word}\n` }] } }),
  });
  expect(res.status).toBeLessThan(300);
  // The app polls every 10 s while visible: wait for the next poll (a wait, not a timed assertion).
  await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(rows(page).first()).toContainText('Header');
  await expect(page.getByRole('article').getByText(`Reply from elsewhere ${word}`)).toBeVisible({ timeout: 30_000 });
  await expect(reply).toContainText('Half-written answer');
  await expect(page).toHaveURL(new RegExp(`/app/inbox/${first.id}`));
});
