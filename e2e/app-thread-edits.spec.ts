/**
 * The review app's thread view beyond replying (issue 16): a reply with an @mention stored as the
 * widget stores it, editing and deleting messages (an admin moderates others' too), moving the
 * thread to another site through a keyboard-usable dialog, and deleting the thread; a contributor
 * gets no move and edits only their own. Axe in both themes, screenshots at 1280 and 390 px.
 */
import { test, expect, type Page } from '@playwright/test';
import type { DataEnvelope, MarkupResponse, ThreadResponse } from '../src/api/wire.ts';
import { createThreadViaApi, expectNoViolations, setTheme, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });

const SHOTS = '.tmp/app-shots';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { apiBase, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.status === 204 ? (undefined as T) : ((await res.json()) as DataEnvelope<T>).data;
}

async function openThread(page: Page, id: string): Promise<void> {
  await page.goto(`/app/inbox/${id}`);
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
}

const messages = (page: Page) => page.getByRole('article').locator('.messages > li');

test('reply with a mention, edit and delete messages, move the thread to another site, delete it', async ({ page }) => {
  const word = uniqueWord();
  const site = await api<MarkupResponse>('POST', '/markups/url', { url: `https://staging-${word}.example/`, name: `Staging ${word}` });
  const thread = await createThreadViaApi({ message: `Coupon field ${word} eats the code` });
  await signInToApp(page, 'Ada Admin');
  await openThread(page, thread.id);

  // A reply with an @mention, chosen by keyboard from the markup's taggable people.
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.click();
  await page.keyboard.type('Looping in @Ada');
  await expect(page.getByRole('listbox').getByRole('option', { name: /Ada Admin/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('for the fix');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page).nth(1).locator('.pm-mention').first()).toContainText('@Ada Admin');
  const stored = await api<ThreadResponse>('GET', `/threads/${thread.id}`);
  const mention = stored.messages[1]!.messageJson!.ops.find((op) => typeof op.insert === 'object');
  expect(mention?.insert).toMatchObject({ mention: { value: 'Ada Admin', denotationChar: '@' } });

  // Edit one's own reply: the draft survives a reload; Save writes it.
  const mine = messages(page).nth(1);
  await mine.getByRole('group', { name: 'Message from Ada Admin' }).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' today');
  await expectNoViolations(page, 'editing a message');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toContainText('for the fix today');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('for the fix today');
  await expect(mine).toContainText('edited');

  // An admin moderates the reviewer's first message: it may be edited, not deleted (that is the thread).
  const first = messages(page).first();
  await expect(first.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Delete the reply after confirming.
  await mine.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete message' }).click();
  await expect(messages(page)).toHaveCount(1);

  // Move to another site, by keyboard in the dialog.
  await page.screenshot({ path: `${SHOTS}/thread-actions-1280-light.png`, fullPage: true });
  const moveButton = page.getByRole('button', { name: 'Move to another site…' });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Move thread #${thread.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Site')).toBeFocused();
  await dialog.getByLabel('Site').selectOption({ label: `Staging ${word}` });
  await page.screenshot({ path: `${SHOTS}/thread-move-1280-light.png` });
  await expectNoViolations(page, 'move dialog, light');
  await setTheme(page, 'dark').catch(async () => {
    // The theme control sits behind the dialog: close, switch, reopen.
    await page.keyboard.press('Escape');
    await setTheme(page, 'dark');
    await moveButton.click();
    await dialog.getByLabel('Site').selectOption({ label: `Staging ${word}` });
  });
  await expectNoViolations(page, 'move dialog, dark');
  await page.screenshot({ path: `${SHOTS}/thread-move-1280-dark.png` });
  await dialog.getByRole('button', { name: 'Move thread' }).click();
  await expect(dialog).toBeHidden();
  await expect(moveButton).toBeFocused();
  await expect(page.getByRole('article')).toContainText(`on Staging ${word}`);
  await expect(page.getByRole('article')).toContainText('Thread #1');
  expect((await api<ThreadResponse>('GET', `/threads/${thread.id}`)).projectId).toBe(site.id);
  await expectNoViolations(page, 'thread after a move, dark');

  // Delete the thread: back to the inbox, gone from the server.
  await page.getByRole('button', { name: 'Delete thread' }).click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const { apiBase, workspaceApiKey } = demo();
  const gone = await fetch(`${apiBase}/api/v2/threads/${thread.id}`, {
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22' },
  });
  expect(gone.status).toBe(404);
});

test('a refused edit keeps the typed text and says why; a refused move says why in its dialog', async ({ page }) => {
  await api<MarkupResponse>('POST', '/markups/url', { url: `https://refused-${uniqueWord()}.example/`, name: 'Refused site' });
  const thread = await createThreadViaApi({ message: `Banner ${uniqueWord()} overlaps` });
  await signInToApp(page, 'Rita Refused');
  await openThread(page, thread.id);
  await messages(page).first().getByRole('button', { name: 'Edit' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' (typed)');
  await page.route('**/api/v2/messages/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'forbidden', message: 'Not yours' } }),
    }),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText(/Not yours|not allowed|permission/i);
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toContainText('(typed)');

  await page.route('**/api/v2/threads/*/move', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'validation_failed', message: 'markupId: is archived: restore it first' } }),
    }),
  );
  await page.getByRole('button', { name: 'Move to another site…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Move thread' }).click();
  await expect(dialog.getByRole('alert')).toContainText('is archived');
  await expect(dialog).toBeVisible();
});

test('a contributor edits only their own messages and cannot move threads', async ({ page }) => {
  const thread = await createThreadViaApi({ message: `Footer ${uniqueWord()} link` });
  await signInToApp(page, 'Cody Contrib');
  const userId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pinmark-app-session')!).userId as string);
  await api('PATCH', `/users/${userId}/role`, { role: 'contributor' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInToApp(page, 'Cody Contrib');
  await openThread(page, thread.id);
  await page.getByRole('textbox', { name: 'Reply' }).click();
  await page.keyboard.type('Mine');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page).first().getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(messages(page).nth(1).getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to another site…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete thread' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('edit a message and open the move dialog by touch', async ({ page }) => {
    await api<MarkupResponse>('POST', '/markups/url', { url: `https://phone-${uniqueWord()}.example/`, name: 'Phone site' });
    const thread = await createThreadViaApi({ message: `Menu ${uniqueWord()} jumps` });
    await signInToApp(page, 'Pat Phone');
    await openThread(page, thread.id);
    await messages(page).first().getByRole('button', { name: 'Edit' }).tap();
    await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/thread-edit-390.png`, fullPage: true });
    await expectNoViolations(page, 'phone, editing');
    await page.getByRole('button', { name: 'Cancel' }).tap();
    await page.getByRole('button', { name: 'Move to another site…' }).tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/thread-move-390.png` });
    await expectNoViolations(page, 'phone, move dialog');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
