/**
 * The whole loop of the foundation: sign in through the popup, drop a pin on a known element, post,
 * reload and find the pin on the same spot, reply, resolve, and see it all as another user.
 */
import { test, expect } from '@playwright/test';
import { centerOf, demo, freshPath, launcher, pins, postComment, serverThreadsOn, signInWithPopup } from './fixtures.ts';

test('pin → thread → reload → reply → resolve, seen by a second reviewer', async ({ page, browser }) => {
  const path = freshPath('loop');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Ada Reviewer', email: 'ada@example.com' });

  const target = page.locator('#pricing-title');
  const clicked = await postComment(page, target, 'The heading should say "Plans".\nAnd be bigger.');
  await expect(pins(page)).toHaveCount(1);
  const pinNow = await centerOf(pins(page).first());
  expect(Math.abs(pinNow.x - clicked.x)).toBeLessThanOrEqual(2);
  expect(Math.abs(pinNow.y - clicked.y)).toBeLessThanOrEqual(2);

  // What the server stored: the element path resolves to the clicked element, offsets inside its box.
  const [stored] = await serverThreadsOn(path);
  expect(stored).toBeDefined();
  expect(stored!.elements.length).toBeGreaterThanOrEqual(1);
  const resolvesToTarget = await page.evaluate(
    (p) => document.querySelector(p) === document.getElementById('pricing-title'),
    stored!.elements[0]!.path,
  );
  expect(resolvesToTarget).toBe(true);
  // Mouse events carry whole pixels while the box may start on a fraction: allow one pixel.
  const box = (await target.boundingBox())!;
  expect(Math.abs(stored!.elements[0]!.offsetXPercentage - 25)).toBeLessThanOrEqual(100 / box.width + 0.01);
  expect(Math.abs(stored!.elements[0]!.offsetYPercentage - 50)).toBeLessThanOrEqual(100 / box.height + 0.01);
  expect(stored!.parents.length).toBeGreaterThan(0);
  expect(stored!.viewModeId).toBe('desktop');
  // From User-Agent Client Hints: Debian's build says "Chromium", Google's "Chrome".
  expect(stored!.browserContext).toMatchObject({
    browserName: expect.stringMatching(/^Chrom(e|ium)$/),
    viewportWidth: 1280,
    viewportHeight: 720,
  });
  expect(stored!.messages[0]!.message).toBe('The heading should say "Plans".\nAnd be bigger.');
  expect(new URL(stored!.canonicalUrl).pathname).toBe('/');

  // Reload: same tab, still signed in, pin on the same spot of the same element.
  await page.reload();
  await expect(pins(page)).toHaveCount(1);
  const afterReload = await centerOf(pins(page).first());
  expect(Math.abs(afterReload.x - clicked.x)).toBeLessThanOrEqual(2);
  expect(Math.abs(afterReload.y - clicked.y)).toBeLessThanOrEqual(2);
  const underPin = await page.evaluate(({ x, y }) => document.elementsFromPoint(x, y).map((e) => e.id), afterReload);
  expect(underPin).toContain('pricing-title');

  // The pin follows its element when the page scrolls.
  await page.mouse.wheel(0, 150);
  await expect.poll(async () => (await centerOf(pins(page).first())).y).toBeLessThan(afterReload.y - 100);
  const targetAfterScroll = await target.boundingBox();
  const pinAfterScroll = await centerOf(pins(page).first());
  expect(Math.abs(pinAfterScroll.y - (targetAfterScroll!.y + targetAfterScroll!.height * 0.5))).toBeLessThanOrEqual(2);

  // Reply and resolve.
  await pins(page).first().click();
  const thread = page.getByRole('dialog', { name: /^Thread \d+$/ });
  await expect(thread).toContainText('The heading should say');
  await thread.getByLabel('Write a reply').fill('Agreed — changing it.');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread).toContainText('Agreed — changing it.');
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect.poll(async () => (await serverThreadsOn(path))[0]?.resolved).toBe(true);

  // A second reviewer, in a browser context of their own, sees the thread, the reply and the state.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(path);
  await signInWithPopup(page2, { name: 'Grace Second', email: 'grace@example.com' });
  await expect(pins(page2)).toHaveCount(1);
  // As a reviewer would: out of comment mode (sign-in entered it), then scroll to the heading. The pin
  // is below the fold; clicking it there would let the test tool scroll the page under a pin that
  // follows the page one frame later, and the click would land on the page.
  await page2.keyboard.press('Escape');
  await expect(launcher(page2)).toHaveAttribute('aria-pressed', 'false');
  await page2.locator('#pricing-title').scrollIntoViewIfNeeded();
  const heading = (await page2.locator('#pricing-title').boundingBox())!;
  await expect
    .poll(async () => Math.abs((await centerOf(pins(page2).first())).y - (heading.y + heading.height / 2)))
    .toBeLessThanOrEqual(2);
  await pins(page2).first().click();
  const thread2 = page2.getByRole('dialog', { name: /^Thread \d+$/ });
  await expect(thread2).toContainText('The heading should say');
  await expect(thread2).toContainText('Agreed — changing it.');
  await expect(thread2).toContainText('Ada Reviewer');
  await expect(thread2.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await thread2.getByLabel('Write a reply').fill('Looks good now.');
  await thread2.getByRole('button', { name: 'Send reply' }).click();
  await expect
    .poll(async () => (await serverThreadsOn(path))[0]?.messages.map((m) => m.user.name))
    .toEqual(['Ada Reviewer', 'Ada Reviewer', 'Grace Second']);
  await other.close();
  expect(demo().markupId).toBeTruthy();
});

test('deleting a thread removes its pin for everyone', async ({ page }) => {
  const path = freshPath('delete');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Dee Leter', email: 'dee@example.com' });
  await postComment(page, page.locator('#hero-title'), 'Remove me');
  await expect(pins(page)).toHaveCount(1);
  await pins(page).first().click();
  const thread = page.getByRole('dialog', { name: /^Thread \d+$/ });
  await thread.getByRole('button', { name: 'Delete thread' }).click();
  await thread.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(pins(page)).toHaveCount(0);
  await expect.poll(async () => (await serverThreadsOn(path)).length).toBe(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  await expect(pins(page)).toHaveCount(0);
});

test('a click in comment mode does not trigger the host page', async ({ page }) => {
  const path = freshPath('click');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Cal Icker', email: 'cal@example.com' });
  const before = page.url();
  await postComment(page, page.locator('#hero-cta'), 'This button is too small'); // a link to #signup
  expect(page.url()).toBe(before);
  await expect(pins(page)).toHaveCount(1);
});
