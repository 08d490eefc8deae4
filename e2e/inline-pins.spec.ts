/**
 * Pins on links and other inline text (issue 14) on demo/qa/links.html, an old table-layout news
 * portal: dense links in running text, span > em inside a link, code, an inline heading, a link
 * that wraps across two lines. Each comment's pin must be drawn on its element — visible, its centre
 * on one of the element's line boxes — right after posting and after a reload.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { freshPath, newestThreadOn, pin, postComment, signInWithPopup } from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });

interface Target {
  name: string;
  element: (page: Page) => Locator;
  /** Which of the element's line boxes to click (default the first). */
  line?: 'first' | 'last';
}

/** The spot (0–1 of the element's bounding box) at the middle of one of its line boxes. */
async function spotOnLine(element: Locator, line: 'first' | 'last'): Promise<{ x: number; y: number }> {
  return element.evaluate((el, which) => {
    const box = el.getBoundingClientRect();
    const lines = [...el.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    const r = which === 'last' ? lines[lines.length - 1]! : lines[0]!;
    return { x: (r.left + r.width / 2 - box.left) / box.width, y: (r.top + r.height / 2 - box.top) / box.height };
  }, line);
}

/** Waits until the pin is visible with its centre on one of the element's line boxes (scrolled into view first). */
async function expectPinOn(page: Page, number: number, element: Locator): Promise<void> {
  const onPage = pin(page, number);
  await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(onPage).toBeVisible();
  await expect(onPage).toBeInViewport();
  await expect
    .poll(
      async () => {
        const box = await onPage.boundingBox();
        if (!box) return 'no box';
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        return element.evaluate(
          (el, [px, py]) =>
            [...el.getClientRects()].some((r) => px! >= r.left - 1 && px! <= r.right + 1 && py! >= r.top - 1 && py! <= r.bottom + 1) ||
            `pin at ${px},${py}`,
          [x, y],
        );
      },
      { message: `pin #${number} on its element` },
    )
    .toBe(true);
}

async function commentOnEach(page: Page, path: string, targets: Target[]): Promise<Map<number, Target>> {
  const placed = new Map<number, Target>();
  for (const target of targets) {
    const element = target.element(page);
    await element.scrollIntoViewIfNeeded();
    const at = await spotOnLine(element, target.line ?? 'first');
    await postComment(page, element, `About ${target.name}`, at);
    const number = (await newestThreadOn(path)).number;
    placed.set(number, target);
    await expectPinOn(page, number, element);
  }
  return placed;
}

async function expectAllDrawn(page: Page, placed: Map<number, Target>): Promise<void> {
  for (const [number, target] of placed) await expectPinOn(page, number, target.element(page));
  await expect(page.getByRole('button', { name: /could not be placed/ })).toHaveCount(0);
}

test('pins on links and inline markup in running text are drawn after posting and after reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = freshPath('inline-text', '/qa/links.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Lin Kwell', email: 'lin@example.com' });
  const story = page.locator('.story');
  const wrapped = story.getByRole('link', { name: /the full post-mortem of the March outage/ });
  // The page is built so this link wraps: it must, or the test checks nothing about wrapping.
  expect(await wrapped.evaluate((el) => el.getClientRects().length)).toBeGreaterThanOrEqual(2);

  const placed = await commentOnEach(page, path, [
    { name: 'a link in running text', element: () => story.getByRole('link', { name: 'package mirror' }) },
    { name: 'the second line of a wrapped link', element: () => wrapped, line: 'last' },
    { name: 'em inside span inside a link', element: () => story.locator('a[href="#cfg"] .kw em') },
    { name: 'code', element: () => story.locator('p > code').first() },
    { name: 'strong', element: () => story.locator('strong') },
    { name: 'an inline heading', element: () => story.getByRole('heading', { name: 'Root cause' }) },
  ]);

  await page.reload();
  await expectAllDrawn(page, placed);
});

test('pins on the links of an old table layout are drawn after posting and after reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = freshPath('inline-table', '/qa/links.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Tab Ula', email: 'tab@example.com' });
  const stories = page.locator('table.stories');

  const placed = await commentOnEach(page, path, [
    { name: 'a story link', element: () => stories.getByRole('link', { name: /Why your USB hub lies/ }) },
    { name: 'a site link in a small span', element: () => stories.getByRole('link', { name: 'bitsofhistory.org' }) },
    { name: 'a comments link', element: () => stories.getByRole('link', { name: '41 comments' }) },
    { name: 'a nav link', element: () => page.locator('td.nav').getByRole('link', { name: 'Radio & SDR' }) },
    {
      name: 'a sponsor link in small print',
      element: () => page.locator('td.side small').getByRole('link', { name: /volunteers in 14 countries/ }),
    },
  ]);

  await page.reload();
  await expectAllDrawn(page, placed);
});

test('a pin whose link is folded away is listed as not placed, and drawn again when it shows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = freshPath('inline-folded', '/qa/links.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Fol Ded', email: 'fol@example.com' });
  const sources = page.locator('details.sources');
  // Not a click: comment mode may be on after signing in, and would drop a pin on the summary.
  await sources.evaluate((el) => ((el as HTMLDetailsElement).open = true));
  const link = sources.getByRole('link', { name: 'the mirror dashboard' });
  const placed = await commentOnEach(page, path, [{ name: 'a link inside details', element: () => link }]);
  const [number] = [...placed.keys()];

  // After a reload the details are closed: no box for the link, so the pin is listed, never silently missing.
  await page.reload();
  const summary = page.getByRole('button', { name: '1 comment could not be placed on this page' });
  await expect(summary).toBeVisible({ timeout: 10_000 });
  await summary.click();
  await expect(page.getByRole('button', { name: `Open thread #${number}` })).toBeVisible();
  await page.locator('details.sources summary').click();
  await expectPinOn(page, number!, link);
  await expect(summary).toHaveCount(0);
});
