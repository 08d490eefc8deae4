/**
 * Panels beside what is discussed (issue 14 point 5): on demo/qa/dashboard.html, a billing dashboard
 * at 1280×720, the composer and the thread panel open beside their element — the page's headline,
 * a price cell of the invoice table, the "Export CSV" button at the right edge — never over it, and
 * stay inside the screen. The chips above the launcher are not covered either.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { delivered, enterCommentMode, newestThreadOn, pin, serverThreadsOn, signInWithPopup, freshPath } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 720 } });
test.describe.configure({ timeout: 90_000 });

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function rectOf(locator: Locator): Promise<Rect> {
  return locator.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });
}

function intersect(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Waits until `panel` is placed clear of `target` and inside the viewport; returns both boxes. */
async function expectBeside(page: Page, panel: Locator, target: Locator, what: string): Promise<{ panel: Rect; target: Rect }> {
  let last: { panel: Rect; target: Rect } | undefined;
  await expect
    .poll(
      async () => {
        last = { panel: await rectOf(panel), target: await rectOf(target) };
        const size = page.viewportSize()!;
        const inside = last.panel.left >= 0 && last.panel.top >= 0 && last.panel.right <= size.width && last.panel.bottom <= size.height;
        return inside && !intersect(last.panel, last.target);
      },
      { message: `the panel covers ${what} or leaves the screen` },
    )
    .toBe(true);
  return last!;
}

/** Clicks `target` at a relative spot in comment mode; returns the open composer. */
async function openComposerOn(page: Page, target: Locator, at = { x: 0.3, y: 0.5 }): Promise<Locator> {
  await enterCommentMode(page);
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width * at.x, y: box.y + box.height * at.y };
  await page.mouse.move(point.x, point.y);
  await page.mouse.click(point.x, point.y);
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer).toBeVisible();
  return composer;
}

async function post(page: Page, path: string, composer: Locator, text: string): Promise<number> {
  const before = (await serverThreadsOn(path)).length;
  await composer.getByLabel('Comment').fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await expect.poll(async () => (await serverThreadsOn(path)).length, { timeout: 15_000 }).toBe(before + 1);
  await delivered(page);
  return (await newestThreadOn(path)).number;
}

test('the composer and the thread panel open beside the headline, a price cell and a button, not over them', async ({ page }) => {
  const path = freshPath('panel-placement', '/qa/dashboard.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Pia Placement', email: 'pia@example.com' });

  const headline = page.getByRole('heading', { name: 'Billing overview' });
  const price = page.locator('#invoices tbody tr').nth(2).locator('td.num');
  const exportButton = page.getByRole('link', { name: 'Export CSV' });
  const targets = [
    { what: 'the headline', element: headline },
    { what: 'a price cell', element: price },
    { what: 'the Export CSV button at the right edge', element: exportButton },
  ];

  const numbers: number[] = [];
  for (const { what, element } of targets) {
    const composer = await openComposerOn(page, element);
    const placed = await expectBeside(page, composer, element, what);
    if (element === exportButton) {
      // No room on its right: the composer flips to its left.
      expect(placed.panel.right).toBeLessThanOrEqual(placed.target.left);
    }
    // While typing the composer grows; it still stays clear.
    await composer.getByLabel('Comment').fill(`About ${what}\nsecond line\nthird line`);
    await expectBeside(page, composer, element, what);
    numbers.push(await post(page, path, composer, `About ${what}`));
  }

  for (const [index, { what, element }] of targets.entries()) {
    const number = numbers[index]!;
    await element.scrollIntoViewIfNeeded();
    await pin(page, number).click();
    const panel = page.getByRole('dialog', { name: `Thread ${number}` });
    await expect(panel).toBeVisible();
    await expectBeside(page, panel, element, what);
    // Its own pin stays uncovered too: it is what the panel is about.
    await expectBeside(page, panel, pin(page, number), `the pin of ${what}`);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
  }

  // The chips above the launcher ("Comments (3)") are not under an open panel.
  const chip = page.locator('pinmark-root .pm-chip').first();
  await expect(chip).toBeVisible();
  await pin(page, numbers[2]!).click();
  const panel = page.getByRole('dialog', { name: `Thread ${numbers[2]}` });
  await expect(panel).toBeVisible();
  await expectBeside(page, panel, chip, 'the chip above the launcher');
});
