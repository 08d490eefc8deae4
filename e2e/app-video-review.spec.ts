/**
 * The review app's video viewer (issue 17) against the real server: a real video — recorded at test
 * time by Chromium's MediaRecorder from a canvas (VP8 WebM, so without a duration in its header, as
 * screen recordings are) — uploaded with the workspace key, converted (`isReady`), then reviewed in
 * the app: seek, comment on a point with a time range, reload, find the marker on the timeline and
 * the pin on the same spot of the frame while the time is inside its range, choose the comment to
 * seek to its start; a keyboard-only comment; axe; a phone. Screenshots in .tmp/vidview/shots/.
 */
import { readFileSync } from 'node:fs';
import { test, expect, type Browser, type Page } from '@playwright/test';
import type { DataEnvelope, ImageThreadResponse, ListThreadsResponse, MarkupResponse } from '../src/api/wire.ts';
import { expectNoViolations, setTheme, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';

const SHOTS = '.tmp/vidview/shots';
const SECONDS = 8;
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${demo().apiBase}/api/v2${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${demo().workspaceApiKey}`, 'Service-API-Version': '2023-02-22', ...init.headers },
  });

/** A canvas animation recorded for `seconds` in real time: big frame numbers on a colour that changes. */
async function recordVideo(browser: Browser, seconds: number): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bytes = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    document.body.append(canvas);
    const ctx = canvas.getContext('2d')!;
    const started = performance.now();
    let running = true;
    const draw = () => {
      if (!running) return;
      const t = (performance.now() - started) / 1000;
      ctx.fillStyle = `hsl(${Math.floor(t) * 45}, 60%, 40%)`;
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 48px sans-serif';
      ctx.fillText(`${t.toFixed(1)} s`, 70, 110);
      requestAnimationFrame(draw);
    };
    draw();
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 300_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(500);
    await new Promise((resolve) => setTimeout(resolve, ms));
    recorder.stop();
    await stopped;
    running = false;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  }, seconds * 1000);
  await context.close();
  return Buffer.from(bytes);
}

/** Uploads the video as a markup and waits for conversion (`isReady`). */
async function uploadVideo(bytes: Buffer, name: string, type = 'video/webm'): Promise<MarkupResponse & { type: 'video' }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), `${name}.${type.split('/')[1]}`);
  const created = await api(`/markups/file?workspaceId=${demo().workspaceId}`, { method: 'POST', body: form });
  expect(created.status, await created.clone().text()).toBe(200);
  const { id } = ((await created.json()) as DataEnvelope<MarkupResponse>).data;
  let markup: MarkupResponse | undefined;
  await expect
    .poll(
      async () => {
        markup = ((await (await api(`/markups/${id}`)).json()) as DataEnvelope<MarkupResponse>).data;
        return markup.type === 'video' && markup.isReady;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return markup as MarkupResponse & { type: 'video' };
}

async function threadsOf(markupId: string): Promise<ImageThreadResponse[]> {
  const res = await api(`/threads?markupId=${markupId}&limit=100`);
  return ((await res.json()) as DataEnvelope<ListThreadsResponse<ImageThreadResponse>>).data.threads;
}

const player = (page: Page) => page.getByRole('region', { name: 'Video player' });
const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
const frameBox = async (page: Page) => (await page.locator('[data-video-layer]').boundingBox())!;

async function openReview(page: Page, markupId: string, who: string): Promise<void> {
  await signInToApp(page, who, `/app/markups/${markupId}`);
  // The Comment button shows once the first frame is there and the duration found.
  await expect(player(page).getByRole('button', { name: 'Comment on this frame' })).toBeVisible({ timeout: 20_000 });
}

/** Seeks with the seek bar's keys: Home, then Shift+→ per second. */
async function seekTo(page: Page, seconds: number): Promise<void> {
  const slider = player(page).getByRole('slider', { name: 'Position' });
  await slider.focus();
  await slider.press('Home');
  for (let i = 0; i < seconds; i++) await slider.press('Shift+ArrowRight');
  await expect.poll(() => videoTime(page)).toBeCloseTo(seconds, 1);
}

async function tabTo(page: Page, matches: (page: Page) => Promise<boolean>, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await matches(page)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}
const focused = (page: Page, script: string) => page.evaluate((s) => !!document.activeElement?.matches(s), script);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let markup: MarkupResponse & { type: 'video' };
test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  markup = await uploadVideo(await recordVideo(browser, SECONDS), `clip-${uniqueWord()}`);
});

test('comment on a point with a time range; after a reload its marker and pin are where they were', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await openReview(page, markup.id, 'Vera Video');
  await page.screenshot({ path: `${SHOTS}/1280-loaded.png` });
  const word = uniqueWord();

  // Seek to 2 s and click the frame at 30 % across, 40 % down.
  await seekTo(page, 2);
  const box = await frameBox(page);
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
  const composer = page.getByRole('region', { name: 'New comment' });
  await expect(composer).toBeVisible();
  await expect(composer.getByRole('button', { name: '0:02.0', exact: true })).toBeVisible();
  expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);

  // Play on to 4 s (seek there) and end the range here.
  await seekTo(page, 4);
  await composer.getByRole('button', { name: /^End here/ }).click();
  await expect(composer.getByLabel('Until')).toHaveValue('0:04.0');
  await page.screenshot({ path: `${SHOTS}/1280-composer.png` });
  await expectNoViolations(page, 'video composer open');
  await composer.getByRole('textbox', { name: 'Comment' }).fill(`The logo flickers ${word}`);
  await composer.getByRole('button', { name: 'Post comment' }).click();
  await expect(composer).toHaveCount(0);

  const [thread] = (await threadsOf(markup.id)).filter((t) => JSON.stringify(t.messages).includes(word));
  expect(thread).toMatchObject({ startTime: 2, endTime: 4, projectImageId: markup.video!.id });
  // A click lands on whole pixels: within a pixel of 30 % and 40 % of the frame.
  expect(Math.abs(thread!.offsetXPercentage - 30)).toBeLessThan((100 / box.width) * 1.01);
  expect(Math.abs(thread!.offsetYPercentage - 40)).toBeLessThan((100 / box.height) * 1.01);

  await page.reload();
  await expect(player(page).getByRole('button', { name: 'Comment on this frame' })).toBeVisible({ timeout: 20_000 });
  const markers = player(page).getByRole('list', { name: 'Comments on the timeline' });
  const marker = markers.getByRole('button', { name: `Comment ${thread!.number}, 0:02.0 to 0:04.0` });
  await expect(marker).toBeVisible();
  // The marker's bar spans 2 s → 4 s of the seek bar's track (the thumb's travel: its half-width in from each end).
  const duration = await page.locator('video').evaluate((video: HTMLVideoElement) => video.duration);
  const track = (await player(page).getByRole('slider', { name: 'Position' }).boundingBox())!;
  const bar = (await marker.locator('.vv-marker-mark').boundingBox())!;
  const at = (seconds: number) => track.x + 8 + ((track.width - 16) * seconds) / duration;
  expect(Math.abs(bar.x - at(2))).toBeLessThanOrEqual(3);
  expect(Math.abs(bar.x + bar.width - at(4))).toBeLessThanOrEqual(3);
  const pin = page.locator(`[data-pin="${thread!.number}"]`);
  await expect(pin).toHaveCount(0); // At 0 s, outside the range.

  // Inside the range the pin is on the same spot of the frame; after it, gone.
  await seekTo(page, 3);
  await expect(pin).toBeVisible();
  const frame = await frameBox(page);
  const spot = (await pin.boundingBox())!;
  expect(Math.abs(spot.x + spot.width / 2 - (frame.x + frame.width * 0.3))).toBeLessThanOrEqual(2);
  expect(Math.abs(spot.y + spot.height / 2 - (frame.y + frame.height * 0.4))).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/1280-pin.png` });
  await seekTo(page, 6);
  await expect(pin).toHaveCount(0);

  // Choosing the comment in the list seeks to its start and shows its pin.
  await page
    .getByRole('list', { name: 'Comments', exact: true })
    .getByRole('button', { name: new RegExp(word) })
    .click();
  await expect.poll(() => videoTime(page)).toBeCloseTo(2, 2);
  await expect(pin).toBeVisible();
  // So does its marker, from anywhere.
  await seekTo(page, 7);
  await marker.click();
  await expect.poll(() => videoTime(page)).toBeCloseTo(2, 2);
  await expect(pin).toBeVisible();
  await expectNoViolations(page, 'video with a comment selected');
  await setTheme(page, 'dark');
  await expectNoViolations(page, 'video, dark theme');
  await page.screenshot({ path: `${SHOTS}/1280-dark.png` });
});

test('keyboard only: seek, move the crosshair, set the end, post', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await openReview(page, markup.id, 'Kai Keys');
  const word = uniqueWord();

  await tabTo(page, (p) => focused(p, 'input.vv-seek'));
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => videoTime(page)).toBeCloseTo(1, 1);
  const crosshair = page.getByRole('application', { name: 'Where the comment goes' });
  // Esc takes the crosshair away and focus back to the Comment button; C brings it again.
  await page.keyboard.press('c');
  await expect(crosshair).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(crosshair).toHaveCount(0);
  await expect(player(page).getByRole('button', { name: 'Comment on this frame' })).toBeFocused();
  await page.keyboard.press('c');
  await expect(crosshair).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: `${SHOTS}/1280-crosshair.png` });
  await expectNoViolations(page, 'video crosshair');
  await page.keyboard.press('Enter');
  const composer = page.getByRole('region', { name: 'New comment' });
  await expect(composer.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type(`Keyboard comment ${word}`);
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, (p) => focused(p, '.vv-range-end'));
  await page.keyboard.type('5.5');
  await page.keyboard.press('Enter');
  await tabTo(page, (p) => p.evaluate(() => document.activeElement?.textContent === 'Post comment'));
  await page.keyboard.press('Enter');
  await expect(composer).toHaveCount(0);

  const [thread] = (await threadsOf(markup.id)).filter((t) => JSON.stringify(t.messages).includes(word));
  expect(thread).toMatchObject({ startTime: 1, endTime: 5.5, offsetXPercentage: 70, offsetYPercentage: 53 });
  await expect(page.locator(`[data-pin="${thread!.number}"]`)).toBeVisible();

  // The markers are one Tab stop; ← → walk them in time order and Enter seeks to the one reached.
  const markers = player(page).getByRole('list', { name: 'Comments on the timeline' }).getByRole('button');
  await expect(markers).toHaveCount(2);
  await expect(markers.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
  await markers.and(page.locator('[tabindex="0"]')).focus();
  await page.keyboard.press('Home');
  await expect(player(page).getByRole('button', { name: /0:01\.0 to 0:05\.5$/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const first = player(page).getByRole('button', { name: /0:02\.0 to 0:04\.0$/ });
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => videoTime(page)).toBeCloseTo(2, 2);
  await expect(first).toHaveAttribute('aria-pressed', 'true');
});

test('a phone: tap the frame to comment, the marker and pin show', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await openReview(page, markup.id, 'Pia Phone');
  await page.screenshot({ path: `${SHOTS}/390-loaded.png`, fullPage: true });
  const word = uniqueWord();
  const box = await frameBox(page);
  expect(box.width).toBeLessThanOrEqual(390);
  await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * 0.25);
  const composer = page.getByRole('region', { name: 'New comment' });
  await expect(composer).toBeVisible();
  await composer.getByRole('textbox', { name: 'Comment' }).fill(`On the phone ${word}`);
  await page.screenshot({ path: `${SHOTS}/390-composer.png` });
  await composer.getByRole('button', { name: 'Post comment' }).click();
  await expect(composer).toHaveCount(0);
  const [thread] = (await threadsOf(markup.id)).filter((t) => JSON.stringify(t.messages).includes(word));
  expect(thread).toMatchObject({ startTime: 0, endTime: null });
  expect(Math.abs(thread!.offsetXPercentage - 50)).toBeLessThan((100 / box.width) * 1.01);
  expect(Math.abs(thread!.offsetYPercentage - 25)).toBeLessThan((100 / box.height) * 1.01);
  await expect(player(page).getByRole('button', { name: new RegExp(`^Comment ${thread!.number}, at 0:00.0`) })).toBeVisible();
  await expect(page.locator(`[data-pin="${thread!.number}"]`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/390-posted.png`, fullPage: true });
  await expectNoViolations(page, 'video on a phone');
  await context.close();
});

test('an H.264 MP4 plays, or where this Chromium cannot decode it, says so with a download — never loads forever', async ({ page }) => {
  const mp4 = await uploadVideo(readFileSync('server/testing/fixtures/clip-2s.mp4'), `mp4-${uniqueWord()}`, 'video/mp4');
  expect(mp4.video?.duration).toBeGreaterThan(1.5); // MP4 keeps its duration in its header: no seek to find it.
  await signInToApp(page, 'Mo Mp4', `/app/markups/${mp4.id}`);
  const playable = player(page).getByRole('button', { name: 'Comment on this frame' });
  const refused = player(page).getByRole('alert').filter({ hasText: 'This browser cannot play this video.' });
  await expect(playable.or(refused)).toBeVisible({ timeout: 20_000 });
  if (await refused.isVisible())
    await expect(refused.getByRole('link', { name: 'Download the video' })).toHaveAttribute('href', /\/storage\//);
  else await expect(player(page).getByRole('slider', { name: 'Position' })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/1280-mp4.png` });
});
