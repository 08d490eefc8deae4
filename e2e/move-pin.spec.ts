/**
 * Moving a pin: drag it onto another element (a short press still opens the thread), reload and find
 * it where it was dropped, the server's elements changed; and the keyboard alternative.
 */
import { test, expect, type Page } from '@playwright/test';
import { centerOf, expectNear, freshPath, newestThreadOn, pin, postComment, serverThreadsOn, signInWithPopup, spotOf } from './fixtures.ts';

async function resolvesTo(page: Page, path: string, id: string): Promise<boolean> {
  return page.evaluate(({ path, id }) => document.querySelector(path) === document.getElementById(id), { path, id });
}

test('drag a pin to another element; it stays there after a reload', async ({ page }) => {
  const path = freshPath('drag');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Dr Agger', email: 'drag@example.com' });
  await postComment(page, page.locator('#hero-title'), 'Move me to the text', { x: 0.25, y: 0.5 });
  const before = await newestThreadOn(path);
  const moving = pin(page, before.number);
  await expect(moving).toBeVisible();

  // A press without moving is a click: the thread opens.
  await moving.click();
  const dialog = page.getByRole('dialog', { name: `Thread ${before.number}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const from = await centerOf(moving);
  const to = await spotOf(page.locator('#hero-text'), { x: 0.6, y: 0.4 });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 10, from.y + ((to.y - from.y) * step) / 10);
  }
  await expectNear(
    () => centerOf(moving),
    async () => to,
    1,
  );
  await page.mouse.up();
  await expect(dialog).toHaveCount(0); // the drop did not open the thread

  await expect.poll(async () => (await serverThreadsOn(path))[0]?.elements[0]?.path).not.toBe(before.elements[0]!.path);
  const [after] = await serverThreadsOn(path);
  expect(await resolvesTo(page, after!.elements[0]!.path, 'hero-text')).toBe(true);
  expect(after!.elements[0]!.offsetXPercentage).toBeCloseTo(60, 0);
  expect(after!.viewModeId).toBe(before.viewModeId);

  await page.reload();
  await expect(pin(page, before.number)).toBeVisible();
  await expectNear(
    () => centerOf(pin(page, before.number)),
    async () => to,
    2,
  );
});

test('move a pin with the keyboard: Move pin, arrow keys, Enter', async ({ page }) => {
  const path = freshPath('keyboard-move');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Kay Board', email: 'kay@example.com' });
  await postComment(page, page.locator('#hero-text'), 'Nudge me', { x: 0.3, y: 0.3 });
  const thread = await newestThreadOn(path);
  const moving = pin(page, thread.number);
  const start = await centerOf(moving);

  await moving.click();
  await page
    .getByRole('dialog', { name: `Thread ${thread.number}` })
    .getByRole('button', { name: 'Move pin' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /Moving thread/ })).toBeVisible();
  await expect(moving).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expectNear(
    () => centerOf(moving),
    async () => ({ x: start.x + 11, y: start.y + 30 }),
    1,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Moving thread/ })).toHaveCount(0);
  await expect
    .poll(async () => (await serverThreadsOn(path))[0]?.elements[0]?.offsetYPercentage)
    .not.toBe(thread.elements[0]!.offsetYPercentage);

  await expect(moving).not.toHaveAttribute('aria-busy', 'true'); // saved: it can be moved again

  // Alt+arrow on the focused pin, then Esc: nothing is saved.
  const saved = (await serverThreadsOn(path))[0]!;
  await moving.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expectNear(
    () => centerOf(moving),
    async () => ({ x: start.x + 11, y: start.y + 20 }),
    1,
  );
  await page.keyboard.press('Escape');
  await expectNear(
    () => centerOf(moving),
    async () => ({ x: start.x + 11, y: start.y + 30 }),
    1,
  );
  expect((await serverThreadsOn(path))[0]!.modifiedAt).toBe(saved.modifiedAt);

  await page.reload();
  await expectNear(
    () => centerOf(pin(page, thread.number)),
    async () => ({ x: start.x + 11, y: start.y + 30 }),
    2,
  );
});
