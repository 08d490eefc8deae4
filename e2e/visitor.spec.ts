/**
 * Issue 20 in real Chromium against the real server: a visitor who never interacts downloads the
 * loader and launcher.js only (the network log says so); the rest arrives on intent, and the whole
 * flow still works from a cold cache — by mouse, by keyboard and by touch.
 */
import { test, expect, type Page, type Request } from '@playwright/test';
import { freshPath, launcher, pins, postComment } from './fixtures.ts';

/** Every request the page makes for the widget's own files. */
function widgetFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/widget/')) files.push(pathname.replace('/widget/', ''));
  });
  return files;
}

const apiCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  return calls;
};

test('a visitor who never interacts gets the loader and the launcher, nothing else', async ({ page }) => {
  const files = widgetFiles(page);
  const api = apiCalls(page);
  await page.goto(freshPath('visitor'));
  await expect(launcher(page)).toBeVisible();
  // Reading, scrolling, moving the pointer about the text, away from the launcher: still nothing more.
  await page.mouse.move(600, 300);
  await page.mouse.move(200, 250, { steps: 5 });
  await page.mouse.move(400, 100, { steps: 5 });
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(1_500);
  expect(files).toEqual(['pinmark.js', 'launcher.js']);
  expect(api).toEqual([]);
  expect(await page.locator('pinmark-root').count()).toBe(1);
});

test('the pointer heading for the launcher fetches the widget long before the click; the click opens the sign-in panel (cold cache)', async ({
  page,
}) => {
  const files = widgetFiles(page);
  await page.goto(freshPath('visitor-near'));
  const button = launcher(page);
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  // Heading for the launcher from across the page, still far from it: app.js is on its way before any click.
  await page.mouse.move(box.x - 800, box.y - 500);
  const appRequested = page.waitForRequest((request) => request.url().endsWith('/widget/app.js'));
  for (let step = 1; step <= 4; step++) {
    await page.mouse.move(box.x - 800 + step * 40, box.y - 500 + step * 25);
    await page.waitForTimeout(40);
  }
  await appRequested;
  await page.mouse.move(box.x + 20, box.y + 20, { steps: 8 });
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(files.slice(0, 3)).toEqual(['pinmark.js', 'launcher.js', 'app.js']);
  // One widget on the page, not two launchers.
  await expect(page.locator('pinmark-root')).toHaveCount(1);
  await expect(launcher(page)).toHaveCount(1);
});

test('the full flow from a cold cache: a click straight away signs in, comments and draws the pin', async ({ page }) => {
  test.setTimeout(60_000);
  const path = freshPath('visitor-flow');
  await page.goto(path);
  // Straight for the button: the press itself is the intent; the panel opens when the widget is here.
  await launcher(page).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in to comment' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill('Vic Visitor');
  await popup.getByLabel('Email').fill('vic@example.com');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await postComment(page, page.locator('h1').first(), 'First time here');
  await expect(pins(page)).toHaveCount(1);

  // A returning reviewer in this tab: the widget comes at once, with the pins.
  const files = widgetFiles(page);
  await page.reload();
  await expect(pins(page)).toHaveCount(1);
  expect(files).toContain('app.js');
});

test('by keyboard: focus on the launcher fetches the widget, and focus stays on the launcher when it takes over', async ({ page }) => {
  await page.goto(freshPath('visitor-keys'));
  await expect(launcher(page)).toBeVisible();
  const appLoaded = page.waitForResponse((response) => response.url().endsWith('/widget/app.js'));
  await launcher(page).focus();
  await appLoaded;
  // The widget's own launcher (it knows the reviewer's state: aria-pressed, the count) has the focus.
  await expect(page.locator('pinmark-root')).toHaveCount(1);
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toBeFocused();
});

/** Holds app.js back until `release()`, and resolves `arrived` once the page has it. */
async function holdApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/widget/app.js', async (route) => {
    await held;
    await route.continue();
  });
  const arrived = page.waitForResponse((response) => response.url().endsWith('/widget/app.js'));
  return { release, arrived };
}

// A click needs the button to go down and come up on one element: the widget arriving between the two
// (a slow press, a loaded machine) used to replace the element under the finger, and the press did nothing.
test('a press held while the widget arrives still opens it: by mouse, and by Space', async ({ page }) => {
  for (const how of ['mouse', 'space']) {
    const { release, arrived } = await holdApp(page);
    await page.goto(freshPath(`visitor-press-${how}`));
    const button = launcher(page);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    if (how === 'mouse') {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
      await page.mouse.down();
    } else {
      await button.focus();
      await page.keyboard.down(' ');
    }
    release();
    await arrived;
    // Time for app.js to run and the widget to want its place.
    await page.waitForTimeout(400);
    if (how === 'mouse') await page.mouse.up();
    else await page.keyboard.up(' ');
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('pinmark-root')).toHaveCount(1);
    await page.unrouteAll();
  }
});

// The same with a host that called init() again before the widget came (a theme, a route change):
// the widget then starts once per init, and the first one, replaced, took the launcher away mid-press.
test('a press held while the widget arrives still opens it after the host called init() twice', async ({ page }) => {
  const { release, arrived } = await holdApp(page);
  await page.goto(freshPath('visitor-press-reinit'));
  await page.evaluate(() => {
    const api = (window as unknown as { Pinmark: { init(o: object): void } }).Pinmark;
    const tag = document.querySelector<HTMLScriptElement>('script[data-public-key]')!.dataset;
    api.init({ publicKey: tag.publicKey, markupId: tag.markupId, apiBase: tag.apiBase || location.origin, theme: 'dark' });
  });
  const button = launcher(page);
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  release();
  await arrived;
  await page.waitForTimeout(400);
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('pinmark-root')).toHaveCount(1);
  await expect(page.locator('pinmark-root')).toHaveAttribute('data-theme', 'dark');
});

test("the visitor's launcher looks exactly like the widget's, in both themes", async ({ page }) => {
  for (const theme of ['light', 'dark']) {
    await page.goto(`${freshPath(`visitor-look-${theme}`)}&theme=${theme}`);
    await page.evaluate((t) => {
      // The host's theme through init() before any intent (the demo page's own tag says light).
      const api = (window as unknown as { Pinmark: { init(o: object): void } }).Pinmark;
      const tag = document.querySelector<HTMLScriptElement>('script[data-public-key]')!.dataset;
      api.init({ publicKey: tag.publicKey, markupId: tag.markupId, apiBase: tag.apiBase || location.origin, theme: t });
    }, theme);
    await expect(launcher(page)).toBeVisible();
    const before = await launcher(page).screenshot({ animations: 'disabled' });
    await page.screenshot({ path: `test-results/visitor-launcher-${theme}.png` });
    const box = (await launcher(page).boundingBox())!;
    const appLoaded = page.waitForResponse((response) => response.url().endsWith('/widget/app.js'));
    await page.mouse.move(box.x - 150, box.y - 40);
    await appLoaded;
    // The widget's own UI is there (its live region is not part of the visitor's launcher).
    await expect(page.locator('pinmark-root p[aria-live]')).toHaveCount(1);
    const after = await launcher(page).screenshot({ animations: 'disabled' });
    expect(after.equals(before), `${theme}: the launcher changed when the widget took over`).toBe(true);
  }
});

test('destroy() before any intent takes the launcher off and never fetches the widget', async ({ page }) => {
  const files = widgetFiles(page);
  await page.goto(freshPath('visitor-destroy'));
  await expect(launcher(page)).toBeVisible();
  await page.evaluate(() => (window as unknown as { Pinmark: { destroy(): void } }).Pinmark.destroy());
  await expect(page.locator('pinmark-root')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(files).toEqual(['pinmark.js', 'launcher.js']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('a tap on the launcher fetches the widget and opens the sign-in panel', async ({ page }) => {
    const files = widgetFiles(page);
    await page.goto(freshPath('visitor-phone'));
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(500);
    expect(files).toEqual(['pinmark.js', 'launcher.js']);
    await launcher(page).tap();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await expect(launcher(page)).toHaveCount(1);
  });
});
