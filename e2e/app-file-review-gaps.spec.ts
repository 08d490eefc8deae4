/**
 * The file review's loose ends (issue 17), against the real server in Chromium: a damaged upload
 * says so (conversion `failed`) with what to do instead of "Preparing…" for ever; a thread is deleted
 * from the review's thread panel with the keyboard (the app's own confirmation) and its pin and row
 * go, a refusal is said in words; and a comment posted while the reviewer already started the next
 * one closes only its own composer — the POST is held (page.route, passed on unchanged) until the
 * second composer is open and typed into. Screenshots go to .tmp/file-review-gaps/shots/.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DataEnvelope, ImageThreadResponse, ListThreadsResponse } from '../src/api/wire.ts';
import { expectNoViolations, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';
import { gridPng, uploadImageSet, waitUntilReady } from './image-review-kit.ts';

test.describe.configure({ timeout: 120_000 });

const SHOTS = '.tmp/file-review-gaps/shots';
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${demo().apiBase}/api/v2${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${demo().workspaceApiKey}`, 'Service-API-Version': '2023-02-22', ...init.headers },
  });

async function threadsOf(markupId: string): Promise<ImageThreadResponse[]> {
  const res = await api(`/threads?markupId=${markupId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as DataEnvelope<ListThreadsResponse<ImageThreadResponse>>).data.threads;
}

async function readyImage(name: string): Promise<string> {
  const id = await uploadImageSet(demo(), name, [await gridPng(1200, 800)]);
  await waitUntilReady(demo(), id);
  return id;
}

const shownImage = (page: Page) => page.locator('img.fr-image');
const composer = (page: Page) => page.getByRole('region', { name: 'New comment' });

/** Clicks the shown image at a percent spot. */
async function clickImageAt(page: Page, x: number, y: number): Promise<void> {
  const box = (await shownImage(page).boundingBox())!;
  await page.mouse.click(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100);
}

async function comment(page: Page, x: number, y: number, text: string): Promise<void> {
  await clickImageAt(page, x, y);
  await expect(composer(page).getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type(text);
  await composer(page).getByRole('button', { name: 'Post comment' }).click();
  await expect(composer(page)).toHaveCount(0);
}

for (const size of [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
]) {
  test.describe(`a damaged file (${size.name})`, () => {
    test.use(size.use);

    test('says it could not be prepared and what to do, instead of preparing for ever', async ({ page }) => {
      const name = `Damaged ${uniqueWord()}`;
      // The upload checks the first bytes: a PNG cut short after its header passes and cannot be read.
      const id = await uploadImageSet(demo(), name, [(await gridPng(400, 300)).subarray(0, 64)]);
      await signInToApp(page, 'Dora Damage', `/app/markups/${id}`);
      await expect(page.getByRole('heading', { name })).toBeVisible();
      const failure = page.getByRole('alert').filter({ hasText: 'This file could not be prepared for review' });
      await expect(failure).toBeVisible({ timeout: 30_000 });
      await expect(failure).toContainText('The file could not be read as an image (PNG, JPEG, GIF or WebP).');
      await expect(failure).toContainText('Delete this file from its folder and upload it again');
      await expect(page.getByText('Preparing the file for review…')).toHaveCount(0);
      await expect(page.locator('progress')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/failed-${size.name}.png` });
      await expectNoViolations(page, `failed conversion (${size.name})`);
      await failure.getByRole('link', { name: 'Go to its folder' }).click();
      await expect(page).not.toHaveURL(new RegExp(`/markups/${id}`));
    });
  });
}

test.describe('on the review page (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('delete a thread from its panel with the keyboard; the pin and the row go; a refusal is said in words', async ({ page }) => {
    const markupId = await readyImage(`Delete ${uniqueWord()}`);
    await signInToApp(page, 'Dana Delete', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible({ timeout: 30_000 });
    await comment(page, 30, 30, 'First, to be deleted');
    await comment(page, 70, 60, 'Second, stays');
    await comment(page, 50, 80, 'Third, deleted elsewhere first');
    const [one, , three] = await threadsOf(markupId).then((list) => list.sort((a, b) => a.number - b.number));
    const list = page.getByRole('list', { name: 'Comments' });
    await expect(list.getByRole('button')).toHaveCount(3);

    // Open comment 1 from its pin, then only keys: Tab to "Delete thread", Enter, Enter on the confirmation.
    await page.locator(`[data-pin="${one!.number}"]`).click();
    const panel = page.getByRole('region', { name: new RegExp(`^Comment ${one!.number}`) });
    await expect(panel).toBeVisible();
    const deleteButton = panel.getByRole('button', { name: 'Delete thread' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByText(`Delete thread #${one!.number} with all its messages`)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Delete for good' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/delete-confirm-1280.png` });
    await expectNoViolations(page, 'delete confirmation in the file review');
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-pin="${one!.number}"]`)).toHaveCount(0);
    await expect(list.getByRole('button')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: `Comment ${one!.number} deleted.` })).toBeVisible();
    await expect(page.locator('#fr-list-title')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/app/markups/${markupId}`));
    expect((await threadsOf(markupId)).map((t) => t.id)).not.toContain(one!.id);
    await page.screenshot({ path: `${SHOTS}/deleted-1280.png` });

    // Someone else deletes comment 3 while it is open here: deleting it here fails, and the panel says why.
    await list.getByRole('button', { name: new RegExp(`^Comment ${three!.number}`) }).click();
    const third = page.getByRole('region', { name: new RegExp(`^Comment ${three!.number}`) });
    await expect(third.getByRole('button', { name: 'Delete thread' })).toBeVisible();
    expect((await api(`/threads/${three!.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    await third.getByRole('button', { name: 'Delete thread' }).click();
    await third.getByRole('button', { name: 'Delete for good' }).click();
    await expect(third.getByRole('alert')).toContainText(/\w+/);
    await expect(page).toHaveURL(new RegExp(`/app/markups/${markupId}`));
  });

  test('a post that ends while the next comment is being written closes only its own composer', async ({ page }) => {
    const markupId = await readyImage(`Race ${uniqueWord()}`);
    await signInToApp(page, 'Rita Race', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible({ timeout: 30_000 });

    // Hold the first POST /threads until the second composer has text; then let it through unchanged.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen = 0;
    await page.route('**/api/v2/threads', async (route) => {
      if (route.request().method() !== 'POST' || seen++ > 0) return route.continue();
      await held;
      await route.continue();
    });

    await clickImageAt(page, 25, 25);
    await page.keyboard.type('First comment');
    await composer(page).getByRole('button', { name: 'Post comment' }).click();
    await expect(composer(page).getByRole('button', { name: 'Posting…' })).toBeVisible();

    await clickImageAt(page, 75, 70);
    const editor = composer(page).getByRole('textbox', { name: 'Comment' });
    await expect(editor).toBeFocused();
    // A new comment: empty, not the text on its way, and its own Post button.
    await expect(editor).not.toContainText('First comment');
    await page.keyboard.type('Second comment, still typing');
    await expect(composer(page).getByText(/75(\.\d+)?% across, 70(\.\d+)?% down/)).toBeVisible();

    release();
    await expect(page.getByRole('list', { name: 'Comments' }).getByRole('button')).toHaveCount(1);
    await expect(page.locator('[data-pin="1"]')).toBeVisible();
    // The second composer is still open, at its place, with everything typed, and keeps the focus.
    await expect(composer(page)).toBeVisible();
    await expect(editor).toContainText('Second comment, still typing');
    await expect(editor).toBeFocused();
    await page.keyboard.type(' — done');
    await composer(page).getByRole('button', { name: 'Post comment' }).click();
    await expect(composer(page)).toHaveCount(0);

    const threads = (await threadsOf(markupId)).sort((a, b) => a.number - b.number);
    expect(threads).toHaveLength(2);
    const textOf = (t: ImageThreadResponse) => (t.messages[0]!.messageJson.ops ?? []).map((op) => op.insert).join('');
    expect(textOf(threads[0]!)).toContain('First comment');
    expect(threads[0]).toMatchObject({ offsetXPercentage: expect.closeTo(25, 0), offsetYPercentage: expect.closeTo(25, 0) });
    expect(textOf(threads[1]!)).toContain('Second comment, still typing — done');
    expect(threads[1]).toMatchObject({ offsetXPercentage: expect.closeTo(75, 0), offsetYPercentage: expect.closeTo(70, 0) });
  });
});

test.describe('on the review page (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('delete a thread from the bottom sheet', async ({ page }) => {
    const markupId = await readyImage(`Delete phone ${uniqueWord()}`);
    await signInToApp(page, 'Phil Phone', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible({ timeout: 30_000 });
    const box = (await shownImage(page).boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await expect(composer(page).getByRole('textbox', { name: 'Comment' })).toBeFocused();
    await page.keyboard.type('Tapped, then deleted');
    await composer(page).getByRole('button', { name: 'Post comment' }).tap();
    const panel = page.getByRole('region', { name: /^Comment 1/ });
    await panel.getByRole('button', { name: 'Delete thread' }).tap();
    await expect(panel.getByRole('button', { name: 'Delete for good' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/delete-confirm-390.png` });
    await panel.getByRole('button', { name: 'Delete for good' }).tap();
    await expect(page.locator('[data-pin="1"]')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Comment 1 deleted.' })).toBeVisible();
    expect(await threadsOf(markupId)).toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}/deleted-390.png` });
    await expectNoViolations(page, 'file review on a phone after a delete');
  });
});
