/**
 * A reviewer on a phone, in Chromium's mobile emulation: a 390 px screen at 2×, touch only, and the
 * demo page wider than the screen (its nav overflows), so the layout viewport is wider and taller
 * than the visual one. The launcher, its panels, the hint and the composer must be on the screen
 * (the visual viewport, ui/screen.ts) and work by tapping; the words are touch words; pinch-zoom
 * keeps the launcher on screen at its size.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { delivered, freshPath, launcher, pins, serverThreadsOn } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
  screenWidth: number;
  screenHeight: number;
}

/** Where `locator` is on the screen (the visual viewport), in the screen's CSS px at scale 1. */
function onScreen(locator: Locator): Promise<ScreenBox> {
  return locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const v = window.visualViewport!;
    return {
      left: (r.left - v.offsetLeft) * v.scale,
      top: (r.top - v.offsetTop) * v.scale,
      width: r.width * v.scale,
      height: r.height * v.scale,
      screenWidth: v.width * v.scale,
      screenHeight: v.height * v.scale,
    };
  });
}

async function expectOnScreen(locator: Locator, what: string): Promise<ScreenBox> {
  const box = await onScreen(locator);
  const inside =
    box.left >= -0.5 && box.top >= -0.5 && box.left + box.width <= box.screenWidth + 0.5 && box.top + box.height <= box.screenHeight + 0.5;
  expect(inside, `${what} is off screen: ${JSON.stringify(box)}`).toBe(true);
  return box;
}

/** The sign-in popup, driven by taps. */
async function signInByTapping(page: Page, who: { name: string; email: string }): Promise<void> {
  await launcher(page).tap();
  const signIn = page.getByRole('button', { name: 'Sign in to comment' });
  await expect(signIn).toBeVisible();
  await expectOnScreen(signIn, 'the sign-in button');
  const popupPromise = page.waitForEvent('popup');
  await signIn.tap();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill(who.name);
  await popup.getByLabel('Email').fill(who.email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).tap();
  await closed;
  await expect(signIn).toHaveCount(0);
}

test('a phone reviewer: the launcher is on screen, sign-in, tap to comment with touch words, the pin is drawn', async ({ page }) => {
  test.setTimeout(60_000);
  const path = freshPath('mobile');
  await page.goto(path);
  // The premise: this page is wider than the phone's screen.
  const sizes = await page.evaluate(() => ({ layout: window.innerWidth, visual: window.visualViewport!.width }));
  expect(sizes.layout).toBeGreaterThan(sizes.visual);

  await expect(launcher(page)).toBeVisible();
  const box = await expectOnScreen(launcher(page), 'the launcher');
  // In the screen's bottom-right corner, 20 px in, at its 52 px size.
  expect(box.width).toBeCloseTo(52, 0);
  expect(box.left + box.width).toBeCloseTo(box.screenWidth - 20, 0);
  expect(box.top + box.height).toBeCloseTo(box.screenHeight - 20, 0);

  await signInByTapping(page, { name: 'Mo Bile', email: 'mo@example.com' });
  const button = launcher(page);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.tap();
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  // Touch words: no "Click", no Esc.
  const hint = page.locator('pinmark-root .pm-hint');
  await expect(hint).toHaveText('Tap anything to comment');
  await expectOnScreen(hint, 'the hint');

  // A link in running text: tapping it comments on it and does not follow it.
  const link = page.getByRole('link', { name: 'the overlay lab' });
  await link.tap();
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(composer).not.toContainText('Ctrl+Enter');
  await expectOnScreen(composer.getByRole('button', { name: 'Post' }), 'the Post button');
  await composer.getByLabel('Comment').fill('Too small to tap on a phone');
  await composer.getByRole('button', { name: 'Post' }).tap();
  await expect(composer).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await serverThreadsOn(path)).length, { timeout: 15_000 }).toBe(1);
  await delivered(page);

  // The pin is drawn on the link (layout coordinates, like the page's own).
  const pin = pins(page).first();
  await expect(pin).toBeVisible();
  await expect
    .poll(async () => {
      const [p, l] = await Promise.all([
        pin.evaluate((e) => e.getBoundingClientRect().toJSON()),
        link.evaluate((e) => e.getBoundingClientRect().toJSON()),
      ]);
      const x = p.left + p.width / 2;
      const y = p.top + p.height / 2;
      return x >= l.left - 1 && x <= l.right + 1 && y >= l.top - 1 && y <= l.bottom + 1;
    })
    .toBe(true);
  // The launcher is still on screen after scrolling the page.
  await page.evaluate(() => window.scrollTo(0, 500));
  await expect
    .poll(async () => {
      const box = await onScreen(launcher(page));
      return Math.round(box.screenHeight - (box.top + box.height));
    })
    .toBe(20);
  await expectOnScreen(launcher(page), 'the launcher after scrolling');
});

test('pinch-zoom: the launcher stays on screen at its size, and opens its panel on screen', async ({ page }) => {
  await page.goto(freshPath('mobile-pinch'));
  await expect(launcher(page)).toBeVisible();
  const before = await expectOnScreen(launcher(page), 'the launcher');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2.5 });
  await expect.poll(() => page.evaluate(() => window.visualViewport!.scale)).toBeCloseTo(2.5, 2);
  await expect.poll(async () => (await onScreen(launcher(page))).width).toBeCloseTo(before.width, 0);
  const after = await expectOnScreen(launcher(page), 'the zoomed launcher');
  expect(after.left).toBeCloseTo(before.left, 0);
  expect(after.top).toBeCloseTo(before.top, 0);
  // 52 px on screen means ~21 CSS px of the zoomed page.
  expect(await launcher(page).evaluate((e) => e.getBoundingClientRect().width)).toBeCloseTo(52 / 2.5, 0);

  await launcher(page).tap();
  const signIn = page.getByRole('button', { name: 'Sign in to comment' });
  await expect(signIn).toBeVisible();
  await expectOnScreen(signIn, 'the sign-in button when zoomed');
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
  await expect.poll(async () => (await onScreen(launcher(page))).width).toBeCloseTo(52, 0);
});

/** Whether two screen boxes overlap. */
function overlapping(a: ScreenBox, b: ScreenBox): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/** Waits until `sheet` is docked to the bottom of the screen, full width, with `target` wholly above it. */
async function expectSheetBelow(sheet: Locator, target: Locator, what: string): Promise<ScreenBox> {
  let boxes: { sheet: ScreenBox; target: ScreenBox } | undefined;
  await expect
    .poll(
      async () => {
        boxes = { sheet: await onScreen(sheet), target: await onScreen(target) };
        const { sheet: s, target: t } = boxes;
        const docked = Math.abs(s.left) < 1 && Math.abs(s.width - s.screenWidth) < 1 && Math.abs(s.top + s.height - s.screenHeight) < 1;
        return docked && t.top >= 0 && t.top + t.height <= s.top;
      },
      { message: `${what}: not a bottom sheet with its target above it` },
    )
    .toBe(true);
  // A sheet, not the whole screen: at most 60 % of it.
  expect(boxes!.sheet.height).toBeLessThanOrEqual(boxes!.sheet.screenHeight * 0.6 + 1);
  return boxes!.sheet;
}

/** The chips above the launcher are either stepped aside or clear of the sheet, never under it. */
async function expectChipsClear(page: Page, sheet: ScreenBox): Promise<void> {
  const chips = page.locator('pinmark-root .pm-chip');
  for (const chip of await chips.all()) {
    if (!(await chip.isVisible())) continue;
    expect(overlapping(await onScreen(chip), sheet), 'a chip is under the sheet').toBe(false);
  }
}

/** Scrolls the page so `target`'s top is at `fraction` of the screen's height. */
async function scrollTo(target: Locator, fraction: number): Promise<void> {
  await target.evaluate((element, at) => {
    const v = window.visualViewport!;
    window.scrollBy(0, element.getBoundingClientRect().top - v.offsetTop - v.height * at);
  }, fraction);
}

test('a phone reviewer: the composer and the thread open as bottom sheets, their target in view above, chips not covered', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const path = freshPath('mobile-sheets');
  await page.goto(path);
  const sizes = await page.evaluate(() => ({ layout: window.innerWidth, visual: window.visualViewport!.width }));
  expect(sizes.layout).toBeGreaterThan(sizes.visual);
  await signInByTapping(page, { name: 'Shee Ting', email: 'sheet@example.com' });
  const button = launcher(page);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.tap();
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  const target = page.getByRole('heading', { name: 'Nyeri, Kenya' });
  await scrollTo(target, 0.25);
  const spot = (await target.boundingBox())!;
  await page.touchscreen.tap(spot.x + 40, spot.y + spot.height / 2);
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer).toBeVisible();
  const composerSheet = await expectSheetBelow(composer, target, 'the composer');
  // Touch words, and the launcher and its chips step aside while the sheet is open.
  await expect(composer).not.toContainText('Ctrl+Enter');
  await expect(button).toBeHidden();
  await expectChipsClear(page, composerSheet);
  await expectOnScreen(composer.getByRole('button', { name: 'Post' }), 'the Post button');
  await composer.getByLabel('Comment').fill('Is Nyeri in stock?');
  await composer.getByRole('button', { name: 'Post' }).tap();
  await expect(composer).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await serverThreadsOn(path)).length, { timeout: 15_000 }).toBe(1);
  await delivered(page);
  await expect(button).toBeVisible();

  // The pin low on the screen: opening its thread scrolls the page so the heading shows above the sheet.
  await scrollTo(target, 0.85);
  const pin = pins(page).first();
  await expect(pin).toBeInViewport();
  await pin.tap();
  const thread = page.getByRole('dialog', { name: /^Thread \d+$/ });
  await expect(thread).toBeVisible();
  const threadSheet = await expectSheetBelow(thread, target, 'the thread panel');
  await expectChipsClear(page, threadSheet);
  await expect(page.getByRole('button', { name: /^Comments/ })).toBeHidden();
  expect(overlapping(await onScreen(pin), threadSheet), 'the pin is under the sheet').toBe(false);

  // Closed: the launcher and "Comments (1)" are back, on screen.
  await thread.getByRole('button', { name: 'Close' }).tap();
  await expect(thread).toHaveCount(0);
  await expectOnScreen(launcher(page), 'the launcher');
  await expectOnScreen(page.getByRole('button', { name: /^Comments/ }), 'the Comments chip');
});
