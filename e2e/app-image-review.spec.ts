/**
 * The review app's image review (issue 17), end to end against the real server: an image set
 * uploaded with real PNGs (sharp), converted by the server's worker while the page shows progress;
 * a comment by click, the pin found on the same image spot after a reload at two zoom levels, a
 * comment made with the keyboard only, the filmstrip, axe, and a phone (390 px, touch).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations, setTheme, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';
import { gridPng, imageThreadViaApi, pendingImageMarkup, safariPinch, uploadImageSet, waitUntilReady } from './image-review-kit.ts';

const SHOTS = '.tmp/imgview';

async function imageSet(name: string, count = 3): Promise<string> {
  const files = await Promise.all(Array.from({ length: count }, (_, i) => gridPng(1600 - i * 200, 1000, 40 + i * 90)));
  return uploadImageSet(demo(), name, files);
}

const stage = (page: Page) => page.getByRole('application', { name: /^Image: (click|tap) a spot/ });
const shownImage = (page: Page) => stage(page).locator('img.fr-image');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The pin's centre must be the image spot (percent of the drawn image) within 1.5 px. */
async function expectPinAt(page: Page, pin: Locator, xPercent: number, yPercent: number): Promise<void> {
  // Let the zoom's frame be written before measuring.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const image = await boxOf(shownImage(page));
  const box = await boxOf(pin);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(Math.abs(centre.x - (image.x + (image.width * xPercent) / 100))).toBeLessThan(1.5);
  expect(Math.abs(centre.y - (image.y + (image.height * yPercent) / 100))).toBeLessThan(1.5);
}

async function writeAndPost(page: Page, text: string, how: 'button' | 'keys' = 'button'): Promise<void> {
  const composer = page.getByRole('region', { name: 'New comment' });
  await expect(composer).toBeVisible();
  const editor = composer.getByRole('textbox', { name: 'Comment' });
  await expect(editor).toBeFocused();
  await page.keyboard.type(text);
  if (how === 'keys') await page.keyboard.press('Control+Enter');
  else await composer.getByRole('button', { name: 'Post comment' }).click();
  await expect(composer).toHaveCount(0);
}

test.describe('image review (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('comment on a spot, find the pin there after a reload at two zooms, and comment with the keyboard only', async ({ page }) => {
    test.setTimeout(150_000);
    const word = uniqueWord();
    const markupId = await imageSet(`Landing ${word}`);
    await signInToApp(page, 'Ivy Image', `/app/markups/${markupId}`);
    // Conversion takes a moment: the page says so, then shows the image by itself.
    await expect(page.getByRole('heading', { name: `Landing ${word}` })).toBeVisible();
    await expect(shownImage(page)).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('navigation', { name: 'Images' }).getByRole('button')).toHaveCount(3);
    // The thumbnails (the server's renditions) load once the shown image has.
    await expect(page.getByRole('navigation', { name: 'Images' }).locator('img')).toHaveCount(3);

    // Click at 30 % across, 40 % down (a grid crossing of the picture).
    const image = await boxOf(shownImage(page));
    await page.mouse.click(image.x + image.width * 0.3, image.y + image.height * 0.4);
    await expect(page.getByText('On image 1, 30% across, 40% down')).toBeVisible();
    await writeAndPost(page, `Logo too small ${word}`);
    const pin = stage(page).getByRole('button', { name: `Comment 1: Logo too small ${word}` });
    await expect(pin).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Comment 1/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/desktop-thread.png` });

    await page.reload();
    const again = stage(page).getByRole('button', { name: `Comment 1: Logo too small ${word}` });
    await expect(again).toBeVisible();
    await expectPinAt(page, again, 30, 40);
    // Zoomed in (twice with the toolbar, then the wheel over another spot): the pin stays on its spot.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expectPinAt(page, again, 30, 40);
    const zoomedOnce = await boxOf(shownImage(page));
    expect(zoomedOnce.width).toBeGreaterThan(image.width * 1.5);
    await page.mouse.move(image.x + image.width * 0.35, image.y + image.height * 0.45);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await boxOf(shownImage(page))).width).toBeGreaterThan(zoomedOnce.width * 1.2);
    await expectPinAt(page, again, 30, 40);
    await page.screenshot({ path: `${SHOTS}/desktop-zoomed.png` });
    await page.keyboard.press('Escape');

    // Keyboard only: Tab to the image, move the crosshair 20 % right and 10 % down, Enter, type, Ctrl+Enter.
    await page.getByRole('button', { name: 'Fit' }).click();
    await page.getByRole('button', { name: 'Fit' }).focus();
    await page.keyboard.press('Tab');
    await expect(stage(page)).toBeFocused();
    for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(page.getByText('Crosshair at 70% across, 60% down. Press Enter to comment here.')).toBeAttached();
    await page.screenshot({ path: `${SHOTS}/desktop-keyboard.png` });
    await page.keyboard.press('Enter');
    await expect(page.getByText('On image 1, 70% across, 60% down')).toBeVisible();
    await expectNoViolations(page, 'image review, composer open');
    await writeAndPost(page, `Button contrast ${word}`, 'keys');
    const second = stage(page).getByRole('button', { name: `Comment 2: Button contrast ${word}` });
    await expect(second).toBeVisible();
    await expect(stage(page)).toBeFocused();
    await expectPinAt(page, second, 70, 60);

    // The thread list opens a thread; its pin is marked selected; Escape-free close hands focus to the pin.
    await page
      .getByRole('complementary', { name: 'Comments' })
      .getByRole('button', { name: /^Comment 1: Logo/ })
      .click();
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    await expectNoViolations(page, 'image review, thread open');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(again).toBeFocused();

    // The filmstrip shows another image; its pins are its own.
    await page.getByRole('button', { name: 'Image 2 of 3' }).click();
    await expect(page.getByText('Image 2 of 3', { exact: true })).toBeVisible();
    await expect(stage(page).getByRole('button', { name: /^Comment \d/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Image 1 of 3, 2 comments' })).toBeVisible();
    // Opening a comment of another image shows that image; "Show on the file" brings it back and focuses the pin.
    await page
      .getByRole('complementary', { name: 'Comments' })
      .getByRole('button', { name: /^Comment 2: Button/ })
      .click();
    await expect(page.getByText('Image 1 of 3', { exact: true })).toBeVisible();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Image 3 of 3' }).click();
    await expect(second).toHaveCount(0);
    await page.getByRole('button', { name: 'Show on the file' }).click();
    await expect(second).toBeFocused();
  });
});

test.describe('image review while converting', () => {
  test("shows progress until the upload arrives and is converted, then the image, and others' new pins by itself", async ({ page }) => {
    test.setTimeout(150_000);
    const word = uniqueWord();
    const pending = await pendingImageMarkup(demo(), `Waiting ${word}`, await gridPng(1200, 900));
    await signInToApp(page, 'Wes Wait', `/app/markups/${pending.markupId}`);
    const progress = page.getByRole('status').filter({ hasText: 'Preparing the file for review…' });
    await expect(progress).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Preparing the file for review…' })).toBeVisible();
    await expectNoViolations(page, 'image review, converting');
    // Still waiting a few seconds later: nothing arrived yet.
    await page.waitForTimeout(3000);
    await expect(progress).toBeVisible();
    await pending.put();
    await expect(shownImage(page)).toBeVisible({ timeout: 90_000 });
    await expect(progress).toHaveCount(0);
    // Another reviewer's comment shows up without a reload (the shell polls every 15 s).
    const markup = await waitUntilReady(demo(), pending.markupId);
    await imageThreadViaApi(demo(), pending.markupId, markup.images[0].id, `From afar ${word}`, 80, 20);
    const pin = stage(page).getByRole('button', { name: `Comment 1: From afar ${word}` });
    await expect(pin).toBeVisible({ timeout: 25_000 });
    await expectPinAt(page, pin, 80, 20);
  });
});

test.describe('opening an image set', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the first frame that lays the image out has it fitted, and the thumbnails wait until it is painted', async ({ page }) => {
    test.setTimeout(120_000);
    const markupId = await imageSet(`Opening ${uniqueWord()}`, 3);
    await waitUntilReady(demo(), markupId);
    await signInToApp(page, 'Olga Opening', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible();
    // From the reload's first script: the frame that first lays the image out (a ResizeObserver's
    // first call comes after that frame's layout, before its paint), and in which frame (counted by
    // requestAnimationFrame) the image's load event came and the first thumbnail went in.
    await page.addInitScript(() => {
      const seen: Record<string, unknown> = {};
      (window as unknown as { __opening: Record<string, unknown> }).__opening = seen;
      let frames = 0;
      const count = () => {
        frames++;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      document.addEventListener(
        'load',
        (event) => {
          if ((event.target as Element).matches?.('img.fr-image') && seen.loadFrame === undefined) seen.loadFrame = frames;
        },
        true,
      );
      new MutationObserver(() => {
        if (seen.thumbnailFrame === undefined && document.querySelector('.fr-thumb img')) seen.thumbnailFrame = frames;
        const image = document.querySelector<HTMLImageElement>('img.fr-image');
        if (!image || seen.watching) return;
        seen.watching = true;
        const sizes = new ResizeObserver(() => {
          sizes.disconnect();
          const stageBox = image.closest('.fr-stage')!.getBoundingClientRect();
          const box = image.getBoundingClientRect();
          seen.firstLayout = { width: box.width, stageWidth: stageBox.width, height: box.height, stageHeight: stageBox.height };
        });
        sizes.observe(image);
      }).observe(document, { subtree: true, childList: true });
    });
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Images' }).locator('img')).toHaveCount(3);
    type Box = { width: number; stageWidth: number; height: number; stageHeight: number };
    const opening = await page.evaluate(
      () => (window as unknown as { __opening: { firstLayout: Box; loadFrame: number; thumbnailFrame: number } }).__opening,
    );
    const first = opening.firstLayout;
    // Fitted (the 1600 × 1000 preview inside the stage), not drawn at full size for a frame first.
    expect(first.width).toBeLessThanOrEqual(first.stageWidth + 0.5);
    expect(first.height).toBeLessThanOrEqual(first.stageHeight + 0.5);
    expect(first.width).toBeGreaterThan(first.stageWidth * 0.5);
    // Not at the image's load event (a hundred thumbnails rendered there hold back its paint): a frame later at least.
    expect(opening.loadFrame).toBeGreaterThanOrEqual(0);
    expect(opening.thumbnailFrame).toBeGreaterThan(opening.loadFrame);
  });
  test("Safari's trackpad pinch (its gesture events) zooms the image about the pointer, not the page", async ({ page }) => {
    const markupId = await imageSet(`Safari ${uniqueWord()}`, 2);
    await waitUntilReady(demo(), markupId);
    await signInToApp(page, 'Sam Safari', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible();
    const level = page.locator('.fr-zoom-level');
    await expect(level).toHaveText(/\d+%/);
    const before = Number((await level.textContent())!.replace(/\D/g, ''));
    const image = await boxOf(shownImage(page));
    const pointer = { x: image.x + image.width * 0.3, y: image.y + image.height * 0.4 };
    expect(await safariPinch(page, pointer.x, pointer.y, [1.25, 1.6, 2])).toEqual([true, true, true, true, true]);
    await expect.poll(async () => Number((await level.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(before * 2 - 1);
    // The spot that was under the pointer (30 % / 40 % of the image) still is.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const zoomed = await boxOf(shownImage(page));
    expect(Math.abs(zoomed.x + zoomed.width * 0.3 - pointer.x)).toBeLessThan(1.5);
    expect(Math.abs(zoomed.y + zoomed.height * 0.4 - pointer.y)).toBeLessThan(1.5);
    expect(zoomed.width / image.width).toBeCloseTo(2, 1);
  });
});

test.describe('image review of a read-only markup', () => {
  test('says comments are paused, a click opens no composer, and the dark theme passes axe', async ({ page }) => {
    test.setTimeout(150_000);
    const word = uniqueWord();
    const markupId = await imageSet(`Paused ${word}`, 1);
    await waitUntilReady(demo(), markupId);
    const { apiBase, workspaceApiKey } = demo();
    const res = await fetch(`${apiBase}/api/v2/markups/${markupId}/read-only`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
      body: JSON.stringify({ readOnly: true }),
    });
    expect(res.status).toBe(200);
    await signInToApp(page, 'Rita Read', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible();
    await expect(page.getByText('New comments are paused on this file.')).toBeVisible();
    // One image: no filmstrip.
    await expect(page.getByRole('navigation', { name: 'Images' })).toHaveCount(0);
    const image = await boxOf(shownImage(page));
    await page.mouse.click(image.x + image.width / 2, image.y + image.height / 2);
    await stage(page).press('Enter');
    await expect(page.getByRole('region', { name: 'New comment' })).toHaveCount(0);
    await setTheme(page, 'dark');
    await expectNoViolations(page, 'image review, read-only, dark');
  });
});

test.describe('image review (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a tap comments in a bottom sheet, and the pin is on its spot', async ({ page }) => {
    test.setTimeout(150_000);
    const word = uniqueWord();
    const markupId = await imageSet(`Phone ${word}`, 2);
    await waitUntilReady(demo(), markupId);
    await signInToApp(page, 'Pia Phone', `/app/markups/${markupId}`);
    await expect(shownImage(page)).toBeVisible();
    await expect(stage(page)).toHaveAccessibleName(/^Image: tap a spot/);
    const image = await boxOf(shownImage(page));
    await page.touchscreen.tap(image.x + image.width * 0.6, image.y + image.height * 0.25);
    await expect(page.getByText('On image 1, 60% across, 25% down')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-composer.png` });
    await writeAndPost(page, `Tap target ${word}`);
    const pin = stage(page).getByRole('button', { name: `Comment 1: Tap target ${word}` });
    await expect(pin).toBeVisible();
    await expectPinAt(page, pin, 60, 25);
    await page.screenshot({ path: `${SHOTS}/phone-thread.png` });
    await expectNoViolations(page, 'image review on a phone, thread open');
  });
});
