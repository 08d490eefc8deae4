/**
 * The overlay on layouts that are hard for it (demo/lab/overlay.html, rtl.html): pins stay on fixed
 * and sticky elements while the page scrolls, move with the content of a scroll container and hide
 * when it clips them (parked out of sight, still focusable: focus brings them back), and sit right at
 * devicePixelRatio 2 on a right-to-left page scrolled sideways.
 */
import { test, expect } from '@playwright/test';
import { centerOf, expectNear, freshPath, newestThreadOn, pin, postComment, signInWithPopup, spotOf } from './fixtures.ts';

test('pins stay on fixed and sticky elements while the page scrolls', async ({ page }) => {
  const path = freshPath('fixed-sticky', '/lab/overlay.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Fay Xed', email: 'fay@example.com' });

  const fixed = page.locator('#lab-fixed-title');
  await postComment(page, fixed, 'Header text too small', { x: 0.5, y: 0.5 });
  const onFixed = pin(page, (await newestThreadOn(path)).number);
  const sticky = page.locator('#lab-sticky');
  await postComment(page, sticky, 'Sticky card needs a shadow', { x: 0.8, y: 0.3 });
  const onSticky = pin(page, (await newestThreadOn(path)).number);
  await expect(onFixed).toBeVisible();
  await expect(onSticky).toBeVisible();

  for (const y of [300, 700, 150, 0]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expectNear(
      () => centerOf(onFixed),
      () => spotOf(fixed),
    );
    await expectNear(
      () => centerOf(onSticky),
      () => spotOf(sticky, { x: 0.8, y: 0.3 }),
    );
  }
  // While stuck, the sticky card (and its pin) stays put on screen as the page scrolls under it.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expectNear(
    () => centerOf(onSticky),
    () => spotOf(sticky, { x: 0.8, y: 0.3 }),
  );
  const stuck = await centerOf(onSticky);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await expectNear(
    () => centerOf(onSticky),
    async () => stuck,
  );
});

test('a pin moves with the content of a scroll container and hides when the container clips it', async ({ page }) => {
  const path = freshPath('scroller', '/lab/overlay.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Scott Roller', email: 'scott@example.com' });
  const item = page.locator('#lab-item-3');
  await postComment(page, item, 'Wrong label', { x: 0.3, y: 0.5 });
  const onItem = pin(page, (await newestThreadOn(path)).number);
  await expect(onItem).toBeVisible();
  const before = await centerOf(onItem);

  const scroller = page.locator('#lab-scroller');
  await scroller.evaluate((el) => (el.scrollTop = 50));
  await expectNear(
    () => centerOf(onItem),
    async () => ({ x: before.x, y: before.y - 50 }),
  );
  await expectNear(
    () => centerOf(onItem),
    () => spotOf(item, { x: 0.3, y: 0.5 }),
  );

  // Wheel over the container: scrolled out of its box, the pin hides instead of floating over the page.
  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 300);
  await expect(onItem).not.toBeInViewport(); // parked out of sight, still reachable by keyboard
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(onItem).toBeInViewport();
  await expectNear(
    () => centerOf(onItem),
    () => spotOf(item, { x: 0.3, y: 0.5 }),
  );

  // Keyboard users reach a clipped pin too: focusing it scrolls its element into view.
  await scroller.evaluate((el) => (el.scrollTop = 400));
  await expect(onItem).not.toBeInViewport();
  await onItem.focus();
  await expect(onItem).toBeInViewport();
  await expectNear(
    () => centerOf(onItem),
    () => spotOf(item, { x: 0.3, y: 0.5 }),
  );

  // Transformed and zoomed elements.
  for (const [selector, text] of [
    ['#lab-transformed', 'Transformed'],
    ['#lab-zoomed', 'Zoomed'],
  ] as const) {
    const target = page.locator(selector);
    await postComment(page, target, text, { x: 0.25, y: 0.5 });
    const onTarget = pin(page, (await newestThreadOn(path)).number);
    await expectNear(
      () => centerOf(onTarget),
      () => spotOf(target, { x: 0.25, y: 0.5 }),
      3,
    );
  }
});

test('right-to-left page scrolled sideways at devicePixelRatio 2', async ({ browser }) => {
  const context = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 1100, height: 700 } });
  const page = await context.newPage();
  try {
    const path = freshPath('rtl', '/lab/rtl.html');
    await page.goto(path);
    await signInWithPopup(page, { name: 'Rita Left', email: 'rita@example.com' });
    const far = page.locator('#rtl-far');
    await postComment(page, far, 'Far away', { x: 0.2, y: 0.5 });
    const onFar = pin(page, (await newestThreadOn(path)).number);
    await expect.poll(() => page.evaluate(() => window.scrollX)).toBeLessThan(0);
    await expectNear(
      () => centerOf(onFar),
      () => spotOf(far, { x: 0.2, y: 0.5 }),
      1,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(onFar).not.toBeInViewport(); // its element is off screen to the left now
    await page.reload();
    await far.scrollIntoViewIfNeeded();
    await expectNear(
      () => centerOf(onFar),
      () => spotOf(far, { x: 0.2, y: 0.5 }),
      1,
    );
  } finally {
    await context.close();
  }
});
