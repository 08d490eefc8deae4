/**
 * Pinch zoom on the PDF viewer (issue 17), like the image viewer's: at 1280 px ctrl+wheel (what a
 * trackpad's pinch sends) zooms the PDF about the pointer, and on a phone (390 px, touch) two
 * fingers — a real two-finger pinch sent through CDP `Input.dispatchTouchEvent` — zoom it about
 * their middle, never the whole page. In both, the spot under the pointer or fingers stays there
 * and the pins stay on their spot of the page. Against the real server with a PDF made by pdf-lib.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DataEnvelope, PdfMarkupResponse } from '../src/api/wire.ts';
import { expectNoViolations, signInToApp } from './app-kit.ts';
import { demo } from './fixtures.ts';
import { safariPinch, waitUntilReady } from './image-review-kit.ts';

test.describe.configure({ timeout: 90_000 });

const SHOTS = '.tmp/file-review-gaps/shots';
const headers = () => ({ Authorization: `Bearer ${demo().workspaceApiKey}`, 'Service-API-Version': '2023-02-22' });

/** A 3-page PDF with a pin (comment) on page 1 at 40 % / 25 %. */
async function pdfWithPin(name: string): Promise<PdfMarkupResponse> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const sheet = doc.addPage([612, 792]);
    // A grid every 10 % (the pin's spot, 40 % / 25 %, is a crossing) so a screenshot shows the zoom.
    for (let i = 1; i < 10; i++) {
      sheet.drawLine({ start: { x: 61.2 * i, y: 0 }, end: { x: 61.2 * i, y: 792 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.8) });
      sheet.drawLine({ start: { x: 0, y: 79.2 * i }, end: { x: 612, y: 79.2 * i }, thickness: 0.5, color: rgb(0.6, 0.6, 0.8) });
    }
    sheet.drawText(`Page ${n}: zoom me`, { x: 72, y: 700, size: 24, font });
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' }), `${name}.pdf`);
  const res = await fetch(`${demo().apiBase}/api/v2/markups/file?workspaceId=${demo().workspaceId}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: headers(),
    body: form,
  });
  expect(res.status).toBe(200);
  const { id } = ((await res.json()) as DataEnvelope<PdfMarkupResponse>).data;
  const markup = (await waitUntilReady(demo(), id)) as PdfMarkupResponse;
  const thread = await fetch(`${demo().apiBase}/api/v2/threads`, {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      isImageThread: true,
      projectId: id,
      pageNumber: 1,
      offsetXPercentage: 40,
      offsetYPercentage: 25,
      message: { ops: [{ insert: 'Pinned before zooming\n' }] },
    }),
  });
  expect(thread.status, await thread.clone().text()).toBe(200);
  return markup;
}

const pageOne = (page: Page) => page.locator('.pdf-page[data-page="1"]');
const zoomLevel = async (page: Page) => Number((await page.locator('.pdf-zoom-level').textContent())!.replace(/\D/g, ''));

/** Where a percent spot of page 1 is now, in client px. */
async function spotOfPageOne(page: Page, x: number, y: number) {
  const box = (await pageOne(page).boundingBox())!;
  return { x: box.x + (box.width * x) / 100, y: box.y + (box.height * y) / 100 };
}
/** The percent spot of page 1 under a client point. */
async function pageOnePercent(page: Page, clientX: number, clientY: number) {
  const box = (await pageOne(page).boundingBox())!;
  return { x: ((clientX - box.x) / box.width) * 100, y: ((clientY - box.y) / box.height) * 100 };
}

async function expectPinOnSpot(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const pin = (await page.locator('.pdf-page[data-page="1"] [data-pin="1"]').boundingBox())!;
  const spot = await spotOfPageOne(page, 40, 25);
  expect(Math.abs(pin.x + pin.width / 2 - spot.x)).toBeLessThanOrEqual(2);
  expect(Math.abs(pin.y + pin.height / 2 - spot.y)).toBeLessThanOrEqual(2);
}

async function open(page: Page, markupId: string, who: string): Promise<void> {
  await signInToApp(page, who, `/app/markups/${markupId}`);
  await expect(pageOne(page)).toHaveClass(/pdf-page--painted/, { timeout: 20_000 });
  await expect(page.locator('.pdf-page[data-page="1"] [data-pin="1"]')).toBeVisible();
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('ctrl+wheel zooms the PDF about the pointer; the pin stays on its spot', async ({ page }) => {
    const markup = await pdfWithPin(`Wheel ${Date.now()}`);
    await open(page, markup.id, 'Wendy Wheel');
    const before = await zoomLevel(page);
    const box = (await pageOne(page).boundingBox())!;
    const pointer = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.28 };
    const under = await pageOnePercent(page, pointer.x, pointer.y);
    await page.mouse.move(pointer.x, pointer.y);
    await page.keyboard.down('Control');
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -15);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomLevel(page)).toBeGreaterThan(before * 1.5);
    // The PDF zoomed, not the browser's page.
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    await expectPinOnSpot(page);
    const now = await spotOfPageOne(page, under.x, under.y);
    expect(Math.abs(now.x - pointer.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(now.y - pointer.y)).toBeLessThanOrEqual(2);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/pdf-wheel-1280.png` });

    // And back out: the plain wheel still scrolls (no zoom without ctrl).
    const zoomed = await zoomLevel(page);
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(100);
    expect(await zoomLevel(page)).toBe(zoomed);
    await page.keyboard.down('Control');
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 20);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomLevel(page)).toBeLessThan(zoomed);
    await expectPinOnSpot(page);
  });
  test("Safari's trackpad pinch (its gesture events) zooms the PDF about the pointer, not the page", async ({ page }) => {
    const markup = await pdfWithPin(`Safari ${Date.now()}`);
    await open(page, markup.id, 'Sam Safari');
    const before = await zoomLevel(page);
    const box = (await pageOne(page).boundingBox())!;
    const pointer = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.28 };
    const under = await pageOnePercent(page, pointer.x, pointer.y);
    expect(await safariPinch(page, pointer.x, pointer.y, [1.2, 1.6, 2])).toEqual([true, true, true, true, true]);
    await expect.poll(() => zoomLevel(page)).toBeGreaterThan(before * 1.9);
    expect(await zoomLevel(page)).toBeLessThan(before * 2.1);
    await expectPinOnSpot(page);
    const now = await spotOfPageOne(page, under.x, under.y);
    expect(Math.abs(now.x - pointer.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(now.y - pointer.y)).toBeLessThanOrEqual(2);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('two fingers pinch the PDF (not the page); the spot between them and the pin stay put', async ({ page }) => {
    const markup = await pdfWithPin(`Pinch ${Date.now()}`);
    await open(page, markup.id, 'Pia Pinch');
    await page.screenshot({ path: `${SHOTS}/pdf-pinch-390-before.png` });
    const before = await zoomLevel(page);
    const box = (await pageOne(page).boundingBox())!;
    const mid = { x: box.x + box.width * 0.5, y: box.y + Math.min(box.height, 400) * 0.5 };
    const under = await pageOnePercent(page, mid.x, mid.y);

    const cdp = await page.context().newCDPSession(page);
    const fingers = (spread: number) => [
      { x: mid.x - spread, y: mid.y - spread / 2, id: 0 },
      { x: mid.x + spread, y: mid.y + spread / 2, id: 1 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
    for (let spread = 34; spread <= 90; spread += 4) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect.poll(() => zoomLevel(page)).toBeGreaterThan(before * 2);
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    await expectPinOnSpot(page);
    const now = await spotOfPageOne(page, under.x, under.y);
    expect(Math.abs(now.x - mid.x)).toBeLessThanOrEqual(3);
    expect(Math.abs(now.y - mid.y)).toBeLessThanOrEqual(3);
    // For the eye only: the canvas is painted sharp again 200 ms after the zoom settled.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/pdf-pinch-390-after.png` });
    await expectNoViolations(page, 'PDF pinched on a phone');
  });
});
