/**
 * The whole loop without a mouse, in real Chromium: Tab to the launcher, sign in (the popup's form
 * by keyboard too), walk the page's elements in comment mode with Tab, comment on a heading with
 * Enter, post with Ctrl+Enter, Tab to the pin, open it, reply, resolve, Esc — with focus trapped in
 * each dialog and handed back to what opened it. Only `page.keyboard` drives the widget.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { freshPath, launcher, serverThreadsOn } from './fixtures.ts';

/** What has focus, looking through shadow roots: a short description for assertions. */
async function focused(page: Page): Promise<{ label: string; role: string; text: string; inDialog: string | null }> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const dialog = active?.closest('[role="dialog"]');
    return {
      label: active?.getAttribute('aria-label') ?? '',
      role: active?.getAttribute('role') ?? active?.localName ?? '',
      text: (active?.textContent ?? '').trim().slice(0, 40),
      inDialog: dialog?.getAttribute('aria-label') ?? null,
    };
  });
}

/** Presses `key` until `done` says so (at most `max` times). */
async function pressUntil(page: Page, key: string, done: () => Promise<boolean>, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    await page.keyboard.press(key);
  }
  expect(await done(), `${key} × ${max} never got there`).toBe(true);
}

/** Tab and Shift+Tab, many times over: focus never leaves the dialog named `name`. */
async function expectTrapped(page: Page, name: string | RegExp, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const where = await focused(page);
      expect(where.inDialog, `${key} #${i + 1} left the dialog (focus on ${JSON.stringify(where)})`).toMatch(name);
    }
  }
}

const liveRegion = (page: Page): Locator => page.locator('pinmark-root p[aria-live="polite"]');

test('keyboard only: sign in, comment on a heading, reply, resolve, Esc', async ({ page }) => {
  test.setTimeout(60_000);
  const path = freshPath('keyboard');
  await page.goto(path);
  await expect(launcher(page)).toBeVisible();

  // Tab through the page to the launcher (the widget comes last in the tab order).
  await pressUntil(page, 'Tab', async () => (await focused(page)).label === 'Add comment');
  await page.keyboard.press('Enter');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await expect(signIn.getByRole('button', { name: 'Sign in to comment' })).toBeFocused();
  await expectTrapped(page, 'Sign in', 3);
  // Esc closes it and focus is back on the launcher; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(signIn).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(signIn.getByRole('button', { name: 'Sign in to comment' })).toBeFocused();

  // The popup is a page of its own: its form by keyboard too (the name field has focus).
  const popupPromise = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await popupPromise;
  await expect(popup.getByLabel('Name')).toBeFocused();
  await popup.keyboard.type('Kim Keys');
  await popup.keyboard.press('Tab');
  await popup.keyboard.type('kim@example.com');
  const closed = popup.waitForEvent('close');
  // Enter submits on its way down, and the window closes itself as soon as it is done: a whole
  // press (down and up) can find it gone before the key comes up.
  await popup.keyboard.down('Enter');
  await closed;

  // Signed in: comment mode is on, focus is back on the launcher, the live region said so.
  await expect(launcher(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(launcher(page)).toBeFocused();
  await expect(liveRegion(page)).toHaveText('Signed in as Kim Keys');

  // Tab walks the page's elements with an outline and says which one is chosen.
  const chosen = page.locator('pinmark-root .pm-hint-target');
  await pressUntil(page, 'Tab', async () => ((await chosen.textContent()) ?? '').includes('Heading “Pricing”'));
  await expect(chosen).toHaveText('Heading “Pricing” · Enter to comment');
  // The outline is drawn on the next frame after the hint's words change, so ask until it is there.
  await expect
    .poll(async () => {
      const outline = await page.locator('pinmark-root .pm-outline').boundingBox();
      const heading = await page.locator('#pricing-title').boundingBox();
      return outline && heading ? Math.abs(outline.x - heading.x) + Math.abs(outline.y - heading.y) : Infinity;
    })
    .toBeLessThanOrEqual(2);
  // Shift+Tab goes back, Tab forward again.
  await page.keyboard.press('Shift+Tab');
  await expect(chosen).not.toContainText('Pricing');
  await page.keyboard.press('Tab');
  await expect(chosen).toContainText('Heading “Pricing”');
  expect(new URL(page.url()).hash).toBe('');

  // Enter opens the composer on it with the text box focused; Tab stays inside; Ctrl+Enter posts.
  await page.keyboard.press('Enter');
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type('Typed without a mouse.');
  await expectTrapped(page, 'New comment');
  await page.keyboard.press('Control+Enter');
  await expect(composer).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
  await expect.poll(async () => (await serverThreadsOn(path)).length, { timeout: 15_000 }).toBe(1);
  const [stored] = await serverThreadsOn(path);
  expect(stored!.messages[0]!.message).toBe('Typed without a mouse.');
  const onHeading = await page.evaluate(
    (p) => document.querySelector(p) === document.getElementById('pricing-title'),
    stored!.elements[0]!.path,
  );
  expect(onHeading).toBe(true);
  await expect(liveRegion(page)).toHaveText('Comment posted');

  // Back from the launcher to the pin, Enter opens the thread with focus inside.
  const pinName = `Thread ${stored!.number}`;
  await pressUntil(page, 'Shift+Tab', async () => (await focused(page)).label === pinName, 10);
  await page.keyboard.press('Enter');
  const thread = page.getByRole('dialog', { name: pinName });
  await expect(thread.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectTrapped(page, pinName);

  // Reply: Tab to the reply box, type, Ctrl+Enter.
  await pressUntil(page, 'Tab', async () => (await focused(page)).label === 'Write a reply', 20);
  await page.keyboard.type('Replied by keyboard.');
  await page.keyboard.press('Control+Enter');
  await expect(thread).toContainText('Replied by keyboard.');
  await expect(liveRegion(page)).toHaveText('Reply sent');

  // Resolve: Tab to the button, Enter.
  await pressUntil(page, 'Tab', async () => (await focused(page)).text === 'Resolve', 20);
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect.poll(async () => (await serverThreadsOn(path))[0]?.resolved).toBe(true);
  await expect(liveRegion(page)).toHaveText('Thread resolved');

  // Esc closes the thread and focus is back on its pin.
  await page.keyboard.press('Escape');
  await expect(thread).toHaveCount(0);
  await expect(page.getByRole('button', { name: pinName, exact: true })).toBeFocused();
});

test("outside comment mode Tab and Enter stay the page's", async ({ page }) => {
  await page.goto(freshPath('keyboard-scope'));
  await expect(launcher(page)).toBeVisible();
  // Tab moves the page's own focus to its in-page links, and Enter follows one.
  const hrefOfFocus = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
  await pressUntil(page, 'Tab', async () => (await hrefOfFocus()).startsWith('#'), 10);
  const href = await hrefOfFocus();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).hash).toBe(href);
});
