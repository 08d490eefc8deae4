/**
 * The review app at /app (issue 16) against the real server: threads made through the API with the
 * demo's workspace key, the development sign-in, the inbox found by search and filters (kept in the
 * URL across a reload), a thread read, answered, assigned, labelled and resolved, keyboard triage
 * (j/k/Enter/e/Esc/?), axe on the inbox and the thread in both themes, and the phone layout with touch.
 * Screenshots for a human look go to .tmp/app-shots/.
 */
import { test, expect, type Page } from '@playwright/test';
import type { ThreadResponse } from '../src/api/wire.ts';
import { createThreadViaApi, expectNoViolations, inboxRows, searchInbox, setTheme, signInToApp, uniqueWord } from './app-kit.ts';

test.describe.configure({ timeout: 60_000 });

const SHOTS = '.tmp/app-shots';
const token = uniqueWord;
const rows = inboxRows;
const search = searchInbox;

/** A thread whose text ends with bold words, as a reviewer's would. */
function createThread(text: string, extra: { viewModeId?: string; path?: string } = {}): Promise<ThreadResponse> {
  return createThreadViaApi({
    ...extra,
    message: { ops: [{ insert: text }, { insert: ' — see ' }, { insert: 'the form', attributes: { bold: true } }, { insert: '\n' }] },
  });
}

async function signIn(page: Page, name: string): Promise<void> {
  await signInToApp(page, name);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}

test('find a thread by search and filters, answer, assign, label and resolve it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  await createThread(`Pay button ${word} overlaps the footer`);
  const mobile = await createThread(`Card field ${word} is cut off on phones`, { viewModeId: 'mobile' });
  await createThread(`Totals ${word} do not add up`);
  await signIn(page, 'Mira Member');

  await search(page, word);
  await expect(rows(page)).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Device').selectOption('mobile');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/device=mobile/);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: 'Search comments' })).toHaveValue(word);
  await expect(rows(page).first()).toContainText('Card field');

  await page.screenshot({ path: `${SHOTS}/inbox-1280-light.png` });
  await expectNoViolations(page, 'inbox, light');

  await rows(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/app/inbox/${mobile.id}\\?`));
  const thread = page.getByRole('article');
  await expect(thread.getByRole('heading', { level: 2 })).toContainText('Card field');
  await expect(thread.locator('.pm-text strong')).toHaveText('the form');
  await expect(thread.getByText('main > form > button.pay')).toBeVisible();
  await expect(thread.getByText('Firefox 140')).toBeVisible();

  const reply = thread.getByRole('textbox', { name: 'Reply' });
  await reply.click();
  await page.keyboard.type('Reproduced on iOS, fixing it now');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByRole('listitem').filter({ hasText: 'Reproduced on iOS' })).toBeVisible();

  await thread.getByRole('button', { name: 'Assign to me' }).click();
  await expect(thread.getByLabel('Assignee')).toHaveValue(/.+/);
  await expect(thread.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await thread.getByRole('textbox', { name: 'Add label' }).fill('checkout');
  await thread.getByRole('textbox', { name: 'Add label' }).press('Enter');
  await expect(thread.getByRole('button', { name: 'Remove label checkout' })).toBeVisible();
  await thread.getByLabel('Priority').selectOption('2');
  await expect(rows(page).first()).toContainText('checkout');

  await page.screenshot({ path: `${SHOTS}/thread-1280-light.png` });
  await expectNoViolations(page, 'thread, light');
  await setTheme(page, 'dark');
  await expectNoViolations(page, 'thread, dark');
  await page.screenshot({ path: `${SHOTS}/thread-1280-dark.png` });

  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // What the server kept, after a reload (the URL keeps the filters and the open thread).
  await page.reload();
  await expect(page.getByRole('article').getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('button', { name: 'Remove label checkout' })).toBeVisible();
  await expect(page.getByRole('article').getByText('Reproduced on iOS')).toBeVisible();
  await page
    .getByRole('link', { name: /Back to inbox/ })
    .first()
    .click();
  await expect(rows(page)).toHaveCount(0); // Resolved: the default "open" filter hides it now.
  await page.getByText('All', { exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expectNoViolations(page, 'inbox, dark');
  await page.screenshot({ path: `${SHOTS}/inbox-1280-dark.png` });
});

test('keyboard triage: j/k move, Enter opens, e resolves, Esc goes back, ? lists the keys', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  const older = await createThread(`Logo ${word} is blurry`);
  const newer = await createThread(`Menu ${word} does not close`);
  await signIn(page, 'Kai Keys');
  await search(page, word);
  await expect(rows(page)).toHaveCount(2);

  await page.locator('body').click({ position: { x: 900, y: 400 } });
  await page.keyboard.press('j');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows(page).nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/inbox/${older.id}`));
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toContainText('Logo');
  await page.keyboard.press('e');
  await expect(page.getByRole('article').getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/\/inbox\/[0-9a-f-]{36}/);
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('r');
  await expect(page).toHaveURL(new RegExp(`/app/inbox/${newer.id}`));
  await expect(page.getByRole('textbox', { name: 'Reply' })).toBeFocused();
  await page.getByRole('article').getByRole('heading', { level: 2 }).click();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the inbox and a thread, one at a time, by touch', async ({ page }) => {
    const word = token();
    await createThread(`Hero image ${word} crops the face`, { viewModeId: 'mobile' });
    await createThread(`Price ${word} wraps badly`, { viewModeId: 'mobile' });
    await signIn(page, 'Pia Phone');
    await search(page, word);
    await expect(rows(page)).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/inbox-390.png` });
    await expectNoViolations(page, 'phone inbox');
    await rows(page).first().tap();
    const thread = page.getByRole('article');
    await expect(thread.getByRole('heading', { level: 2 })).toContainText('Price');
    await expect(page.getByRole('list', { name: 'Threads' })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/thread-390.png`, fullPage: true });
    await expectNoViolations(page, 'phone thread');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await thread.getByRole('link', { name: /Back to inbox/ }).tap();
    await expect(rows(page)).toHaveCount(2);
  });
});

test('German: the app switches language at once (its German table a chunk of its own), and a reload keeps the choice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'Greta German');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Posteingang' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Posteingang' })).toBeVisible();
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
});

test('bulk triage: tick rows by box or x, resolve them together, assign the rest to me', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  const a = await createThread(`Footer ${word} overlaps`);
  const b = await createThread(`Cart ${word} badge wrong`);
  const c = await createThread(`Search ${word} slow`);
  await signIn(page, 'Bea Bulk');
  await search(page, word);
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('checkbox', { name: `Select thread #${a.number}` }).check();
  await page.getByRole('checkbox', { name: `Select thread #${b.number}` }).check();
  const bar = page.getByRole('region', { name: 'Selected threads' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  await expectNoViolations(page, 'bulk bar');
  await page.screenshot({ path: `${SHOTS}/inbox-bulk-1280.png` });
  await bar.getByRole('button', { name: 'Resolve all' }).click();
  await expect(bar.getByRole('status')).toHaveText('Done: 2 threads changed.');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Search ${word}`);

  // x ticks the selected row from the keyboard.
  await rows(page).first().focus();
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select thread #${c.number}` })).toBeChecked();
  await bar.getByRole('button', { name: 'Assign to me' }).click();
  await expect(bar.getByRole('status')).toHaveText('Done: 1 thread changed.');
  await expect(rows(page).first()).toContainText('→ Bea Bulk');
  await page.getByRole('radio', { name: 'Resolved' }).check();
  await expect(rows(page)).toHaveCount(2);
});

test('a thread opened by its address outside the filtered list still names its site', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const thread = await createThread(`Banner ${token()} hides the price`);
  await signIn(page, 'Lou Link');
  await page.goto(`/app/inbox/${thread.id}?q=${token()}`);
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByRole('article').getByText('on Pinmark demo site')).toBeVisible();
});
