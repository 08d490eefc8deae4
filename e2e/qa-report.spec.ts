/**
 * QA reports in real Chromium against the real server: a screenshot taken when the pin is placed,
 * annotated, a file attached, posted and shown after a reload; private fields painted over in the
 * uploaded pixels; a Tailwind v4 (oklch) page captured; a failed screenshot upload that keeps the
 * comment and offers a retry.
 */
import { expect, test, type Page } from '@playwright/test';
import { delivered, demo, enterCommentMode, freshPath, newestThreadOn, pin, signInWithPopup, spotOf } from './fixtures';

const reviewer = { name: 'Quinn QA', email: 'quinn@example.com' };

async function placePin(page: Page, selector: string, at = { x: 0.3, y: 0.5 }) {
  await enterCommentMode(page);
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const point = await spotOf(target, at);
  await page.mouse.move(point.x, point.y);
  await page.mouse.click(point.x, point.y);
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer).toBeVisible();
  return composer;
}

async function apiGet<T>(path: string): Promise<{ status: number; data: T }> {
  const { apiBase, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2${path}`, {
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22' },
  });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

interface Shot {
  url: string;
  width: number;
  height: number;
  mimeType: string;
}

async function uploadedScreenshot(threadId: string): Promise<Shot> {
  let shot: Shot | undefined;
  await expect
    .poll(
      async () => {
        const { status, data } = await apiGet<Shot>(`/threads/${threadId}/screenshot`);
        if (status === 200) shot = data;
        return status;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  return shot!;
}

test('a report with screenshot, annotation and attachment is posted and shown after reload', async ({ page }) => {
  const path = freshPath('qa-report');
  await page.goto(path);
  await signInWithPopup(page, reviewer);
  const composer = await placePin(page, '#pricing-title');

  await expect(composer.getByRole('img', { name: 'Screenshot of the page' })).toBeVisible({ timeout: 20_000 });
  await composer.getByRole('button', { name: 'Annotate', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Annotate screenshot' });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: /^Box/ }).click();
  const surface = editor.locator('canvas').first();
  const box = (await surface.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45, { steps: 5 });
  await page.mouse.up();
  await editor.getByRole('button', { name: /^Done/ }).click();
  await expect(editor).toHaveCount(0);
  await expect(composer.getByText('Annotated')).toBeVisible();

  await composer.locator('input[type=file]').setInputFiles({
    name: 'steps.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1. open pricing\n2. the price is wrong\n'),
  });
  const chips = composer.getByRole('list', { name: 'Attachments' });
  await expect(chips.getByText('steps.txt')).toBeVisible();
  await expect(chips.getByText('38 B')).toBeVisible({ timeout: 10_000 });

  await composer.getByLabel('Comment').fill('The price on this heading is wrong');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await delivered(page);

  const thread = await newestThreadOn(path);
  const annotations = thread.annotations as { version: string; scale: number; originalWidth: number; shapes: { type: string }[] };
  expect(annotations.version).toBe('1');
  expect(annotations.shapes.map((s) => s.type)).toEqual(['box']);
  expect(annotations.originalWidth).toBeGreaterThan(0);
  expect(thread.messages[0]!.attachments.map((a) => a.originalFilename)).toEqual(['steps.txt']);
  const shot = await uploadedScreenshot(thread.id);
  expect(shot.width).toBe(annotations.originalWidth);

  await page.reload();
  await pin(page, thread.number).click();
  const panel = page.getByRole('dialog', { name: `Thread ${thread.number}` });
  const thumbnail = panel.getByRole('button', { name: `Open the screenshot of thread #${thread.number} full size` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(shot.width);
  await expect(panel.getByRole('link', { name: /steps\.txt/ })).toBeVisible();
  await thumbnail.click();
  const full = page.getByRole('dialog', { name: 'Screenshot, full size' });
  await expect(full).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(full).toHaveCount(0);

  // The thread list shows it with its thumbnail.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: /^Comments \(\d+\)$/ }).click();
  const list = page.getByRole('region', { name: 'Comments on this page' });
  await expect(list.getByRole('button', { name: new RegExp(`^Thread #${thread.number}:`) }).locator('img')).toBeVisible();
});

test('a password value never reaches the uploaded screenshot', async ({ page }) => {
  const path = freshPath('qa-password', '/qa/password.html');
  await page.goto(path);
  await signInWithPopup(page, reviewer);
  const secret = page.locator('input[type=password]').first();
  await expect(secret).toHaveValue(/.+/);
  const composer = await placePin(page, 'h2');
  await expect(composer.getByRole('img', { name: 'Screenshot of the page' })).toBeVisible({ timeout: 20_000 });
  const rect = await secret.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, viewport: document.documentElement.clientWidth };
  });
  await composer.getByLabel('Comment').fill('Sign-in button misaligned');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await delivered(page);

  const thread = await newestThreadOn(path);
  const shot = await uploadedScreenshot(thread.id);
  // Decode the stored image in the browser and read the pixels where the password field was.
  const stats = await page.evaluate(
    async ({ url, rect }) => {
      const image = new Image();
      image.crossOrigin = 'anonymous';
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const scale = image.naturalWidth / rect.viewport;
      const inset = 3;
      const x = Math.round((rect.x + inset) * scale);
      const y = Math.round((rect.y + inset) * scale);
      const w = Math.round((rect.width - 2 * inset) * scale);
      const h = Math.round((rect.height - 2 * inset) * scale);
      const { data } = ctx.getImageData(x, y, w, h);
      const min = [255, 255, 255];
      const max = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) {
        for (let c = 0; c < 3; c++) {
          min[c] = Math.min(min[c]!, data[i + c]!);
          max[c] = Math.max(max[c]!, data[i + c]!);
        }
      }
      return { min, max, pixels: data.length / 4 };
    },
    { url: shot.url, rect },
  );
  expect(stats.pixels).toBeGreaterThan(100);
  // One solid block: no glyphs (dots or letters) anywhere inside the field.
  for (let c = 0; c < 3; c++) expect(stats.max[c]! - stats.min[c]!).toBeLessThanOrEqual(12);
});

test('a Tailwind v4 page with oklch colours is captured', async ({ page }) => {
  const path = freshPath('qa-oklch', '/qa/tailwind.html');
  await page.goto(path);
  await signInWithPopup(page, reviewer);
  const composer = await placePin(page, 'h1');
  await expect(composer.getByRole('img', { name: 'Screenshot of the page' })).toBeVisible({ timeout: 20_000 });
  await composer.getByLabel('Comment').fill('Badge colour off');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await delivered(page);
  const thread = await newestThreadOn(path);
  const shot = await uploadedScreenshot(thread.id);
  expect(shot.width).toBeGreaterThan(0);
});

test('a failed screenshot upload keeps the comment and can be retried', async ({ page }) => {
  const path = freshPath('qa-upload-fails');
  await page.goto(path);
  await signInWithPopup(page, reviewer);
  await page.route(/\/storage\//, (route) => route.abort('connectionfailed'));
  const composer = await placePin(page, '#beans-title');
  await expect(composer.getByRole('img', { name: 'Screenshot of the page' })).toBeVisible({ timeout: 20_000 });
  await composer.getByLabel('Comment').fill('Kept even when storage is down');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await delivered(page);

  const notice = page.getByRole('alert').filter({ hasText: 'its screenshot could not be uploaded' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const thread = await newestThreadOn(path);
  expect(thread.messages[0]!.message).toContain('Kept even when storage is down');
  expect((await apiGet(`/threads/${thread.id}/screenshot`)).status).toBe(404);

  await page.unroute(/\/storage\//);
  await notice.getByRole('button', { name: 'Retry' }).click();
  const shot = await uploadedScreenshot(thread.id);
  expect(shot.width).toBeGreaterThan(0);
});

test('a screenshot waiting for storage survives a reload and is uploaded afterwards', async ({ page }) => {
  const path = freshPath('qa-upload-reload');
  await page.goto(path);
  await signInWithPopup(page, reviewer);
  await page.route(/\/storage\//, (route) => route.abort('connectionfailed'));
  const composer = await placePin(page, '#pricing-title');
  await expect(composer.getByRole('img', { name: 'Screenshot of the page' })).toBeVisible({ timeout: 20_000 });
  await composer.getByLabel('Comment').fill('Screenshot kept in IndexedDB');
  await composer.getByRole('button', { name: 'Post' }).click();
  await delivered(page);
  await expect(page.getByRole('alert').filter({ hasText: 'its screenshot could not be uploaded' })).toBeVisible({ timeout: 15_000 });
  const thread = await newestThreadOn(path);

  // The image waits in IndexedDB; the next page load sends it without the reviewer doing anything.
  await page.unroute(/\/storage\//);
  await page.reload();
  const shot = await uploadedScreenshot(thread.id);
  expect(shot.width).toBeGreaterThan(0);
});

test('QA mode attaches the page’s console errors and failed requests, summarised in the thread', async ({ page }) => {
  const path = freshPath('qa-diagnostics', '/qa/dashboard.html');
  await page.goto(path);
  await signInWithPopup(page, reviewer);
  // The page's own failing call and its console error (see demo/qa/dashboard.html).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/demo-api/revenue'))))
    .toBe(true);
  const composer = await placePin(page, 'h1');
  await composer.getByLabel('Comment').fill('Revenue card is empty');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await delivered(page);

  const thread = await newestThreadOn(path);
  const diagnostics = thread.messages[0]!.attachments.find((a) => a.originalFilename === 'pinmark-diagnostics.json');
  expect(diagnostics?.mimeType).toBe('application/json');
  const report = (await (await fetch(diagnostics!.url)).json()) as {
    console: { level: string; message: string }[];
    requests: { url: string; status: number }[];
  };
  expect(report.console.map((e) => e.message)).toEqual(
    expect.arrayContaining([expect.stringContaining('legacyTooltip'), expect.stringContaining('Revenue widget failed')]),
  );
  const failed = report.requests.find((r) => r.url.includes('/demo-api/revenue'));
  expect(failed?.status).toBe(404);
  expect(failed?.url).not.toContain('sk_live_demo_secret');

  await pin(page, thread.number).click();
  const panel = page.getByRole('dialog', { name: `Thread ${thread.number}` });
  await expect(panel.getByText('1 console error · 1 warning · 1 failed request')).toBeVisible();
});
