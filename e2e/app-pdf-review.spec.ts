/**
 * The review app's PDF viewer (issue 17) against the real server: a several-page PDF with real text
 * (pdf-lib) uploaded through POST /markups/file and converted by the server, then commented in
 * Chromium — a point on page 2, words selected on page 2 (a `textHighlight`), and a point placed with
 * the keyboard alone — read back through the API, and after a reload found where they were (pins
 * within 2 px of their spot on the page box, the highlight over the same words); axe on the viewer,
 * and the phone layout with touch. Screenshots for a human look go to .tmp/pdfview/shots/.
 */
import { test, expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DataEnvelope, ListThreadsResponse, PdfMarkupResponse, PdfThreadResponse } from '../src/api/wire.ts';
import { expectNoViolations, setTheme, signInToApp } from './app-kit.ts';
import { demo } from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });

const SHOTS = '.tmp/pdfview/shots';
const SENTENCE = 'Reviewers highlight this sentence.';

async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Chapter ${n}: Pricing review`, { x: 72, y: 700, size: 24, font, color: rgb(0.1, 0.1, 0.3) });
    page.drawText(`The annual plan costs less on page ${n}.`, { x: 72, y: 650, size: 14, font });
    page.drawText(SENTENCE, { x: 72, y: 620, size: 14, font });
  }
  return doc.save();
}

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${demo().apiBase}/api/v2${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${demo().workspaceApiKey}`, 'Service-API-Version': '2023-02-22', ...init.headers },
  });

/** Uploads the PDF as a new markup and waits until the server has converted it. */
async function readyPdfMarkup(name: string, pages = 4): Promise<PdfMarkupResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await textPdf(pages))], { type: 'application/pdf' }), `${name}.pdf`);
  const created = await api(`/markups/file?workspaceId=${demo().workspaceId}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: form,
  });
  expect(created.status, await created.clone().text()).toBe(200);
  const { id } = ((await created.json()) as DataEnvelope<PdfMarkupResponse>).data;
  let markup: PdfMarkupResponse | undefined;
  await expect
    .poll(
      async () => {
        markup = ((await (await api(`/markups/${id}`)).json()) as DataEnvelope<PdfMarkupResponse>).data;
        return markup.isReady;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return markup!;
}

async function threadsOf(markupId: string): Promise<PdfThreadResponse[]> {
  const res = await api(`/threads?markupId=${markupId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as DataEnvelope<ListThreadsResponse<PdfThreadResponse>>).data.threads;
}

const pageBox = (page: Page, n: number) => page.locator(`.pdf-page[data-page="${n}"]`);

/**
 * Fails the test on a refusal by the page's policy (pdf.js must run without eval, its worker from
 * this origin) and on pdf.js falling back to a "fake worker" on the main thread.
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|fake worker/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

async function openViewer(page: Page, markupId: string, who: string): Promise<void> {
  await signInToApp(page, who, `/app/markups/${markupId}`);
  await expect(pageBox(page, 1)).toHaveClass(/pdf-page--painted/, { timeout: 20_000 });
}

async function postComment(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Comment' });
  await expect(editor).toBeFocused();
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  // The composer closes once the server has the thread (while posting its button says "Posting…").
  await expect(editor).toHaveCount(0);
}

/** The client rect of the words `text` in a page's text layer, as the browser lays them out. */
async function wordsRect(page: Page, n: number, text: string) {
  return pageBox(page, n).evaluate((box, words) => {
    const span = [...box.querySelectorAll<HTMLElement>('.textLayer span[data-item]')].find((s) => s.textContent?.includes(words));
    if (!span?.firstChild) throw new Error(`no "${words}" on the page`);
    const range = document.createRange();
    const start = span.textContent!.indexOf(words);
    range.setStart(span.firstChild, start);
    range.setEnd(span.firstChild, start + words.length);
    const r = range.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }, text);
}

async function expectPinAt(page: Page, n: number, thread: PdfThreadResponse): Promise<void> {
  const box = (await pageBox(page, n).boundingBox())!;
  const pin = (await page.locator(`.pdf-page[data-page="${n}"] [data-pin="${thread.number}"]`).boundingBox())!;
  const spotX = box.x + (box.width * thread.offsetXPercentage) / 100;
  const spotY = box.y + (box.height * thread.offsetYPercentage) / 100;
  expect(Math.abs(pin.x + pin.width / 2 - spotX)).toBeLessThanOrEqual(2);
  expect(Math.abs(pin.y + pin.height / 2 - spotY)).toBeLessThanOrEqual(2);
}

test('comment on a point and on selected words of page 2, find both after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const problems = watchConsole(page);
  const markup = await readyPdfMarkup(`Pricing ${Date.now()}`);
  expect(markup.pageCount).toBe(4);
  await openViewer(page, markup.id, 'Pia Pdf');
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button')).toHaveCount(4);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('textbox', { name: 'Page number' })).toHaveValue('2');
  await expect(pageBox(page, 2)).toHaveClass(/pdf-page--painted/);
  const two = (await pageBox(page, 2).boundingBox())!;
  await page.mouse.click(two.x + two.width * 0.7, two.y + two.height * 0.4);
  await expect(page.getByText(/On page 2, /)).toBeVisible();
  await postComment(page, 'The margin is too wide here');

  // Select the sentence with the mouse, as a reader would, and comment on it.
  await expect(pageBox(page, 2).locator('.textLayer span[data-item]').first()).toBeAttached();
  const words = await wordsRect(page, 2, 'highlight this sentence');
  await page.mouse.move(words.left + 1, (words.top + words.bottom) / 2);
  await page.mouse.down();
  await page.mouse.move(words.right - 1, (words.top + words.bottom) / 2, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Comment on selection' }).click();
  await expect(page.getByText(/On “highlight this sentence/)).toBeVisible();
  await postComment(page, 'Say which plan');

  const threads = await threadsOf(markup.id);
  expect(threads).toHaveLength(2);
  const point = threads.find((t) => !t.textHighlight)!;
  const highlighted = threads.find((t) => t.textHighlight)!;
  expect(point.pageNumber).toBe(2);
  expect(point.offsetXPercentage).toBeCloseTo(70, 0);
  expect(point.offsetYPercentage).toBeCloseTo(40, 0);
  expect(highlighted.pageNumber).toBe(2);
  expect(highlighted.textHighlight).toMatchObject({ text: 'highlight this sentence', startKey: expect.stringMatching(/^p2:\d+$/) });
  expect(highlighted.textHighlight!.endOffset - highlighted.textHighlight!.startOffset).toBe('highlight this sentence'.length);

  await page.reload();
  await expect(pageBox(page, 1)).toHaveClass(/pdf-page--painted/, { timeout: 20_000 });
  // The comment list takes the reader to the page of a comment.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2, 2 comments' }).click();
  await expect(pageBox(page, 2)).toHaveClass(/pdf-page--painted/);
  await expectPinAt(page, 2, point);
  await expectPinAt(page, 2, highlighted);
  const drawn = page.locator(`.pdf-highlight[data-highlight="${highlighted.id}"]`);
  await expect(drawn).toHaveCount(1);
  const mark = (await drawn.boundingBox())!;
  const again = await wordsRect(page, 2, 'highlight this sentence');
  expect(Math.abs(mark.x - again.left)).toBeLessThanOrEqual(2);
  expect(Math.abs(mark.x + mark.width - again.right)).toBeLessThanOrEqual(2);
  expect(Math.abs(mark.y - again.top)).toBeLessThanOrEqual(2);

  // Zooming keeps the pin on its spot and the highlight on its words.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expectPinAt(page, 2, point);
  await expectPinAt(page, 2, highlighted);
  const zoomed = (await drawn.boundingBox())!;
  const zoomedWords = await wordsRect(page, 2, 'highlight this sentence');
  expect(zoomed.width).toBeGreaterThan(mark.width * 1.4);
  expect(Math.abs(zoomed.x - zoomedWords.left)).toBeLessThanOrEqual(2);
  expect(Math.abs(zoomed.x + zoomed.width - zoomedWords.right)).toBeLessThanOrEqual(2);
  await page.getByRole('button', { name: 'Fit to width' }).click();

  await page.locator(`[data-pin="${highlighted.number}"]`).click();
  await expect(page.locator(`.pdf-highlight--selected[data-highlight="${highlighted.id}"]`)).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/pdf-1280.png` });
  await expectNoViolations(page, 'PDF viewer with a highlighted comment open');
  await setTheme(page, 'dark');
  await page.screenshot({ path: `${SHOTS}/pdf-1280-dark.png` });
  await expectNoViolations(page, 'PDF viewer, dark');
  expect(problems).toEqual([]);
});

test('keyboard only: turn pages, place a crosshair, comment', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const markup = await readyPdfMarkup(`Keys ${Date.now()}`, 3);
  await openViewer(page, markup.id, 'Kai Keys');
  const field = page.getByRole('textbox', { name: 'Page number' });
  await field.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(pageBox(page, 3)).toBeFocused();
  // The thumbnail strip is one Tab stop; arrows move along it, Enter opens a page.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Page 3', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pageBox(page, 2)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(pageBox(page, 3)).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(pageBox(page, 2)).toBeFocused();
  await expect(field).toHaveValue('2');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Where the comment goes: 50% across, 50% down' })).toBeAttached();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText('On page 2, 60% across, 52% down')).toBeVisible();
  await page.keyboard.type('Found with the keyboard');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveCount(0);
  const [thread] = await threadsOf(markup.id);
  expect(thread).toMatchObject({ pageNumber: 2, offsetXPercentage: 60, offsetYPercentage: 52 });
  await expectPinAt(page, 2, thread!);

  // + zooms in (the pin stays on its spot), 0 fits the width again.
  const level = page.locator('.pdf-zoom-level');
  const fitted = await level.textContent();
  await pageBox(page, 2).focus();
  await page.keyboard.press('+');
  await expect(level).not.toHaveText(fitted!);
  await expectPinAt(page, 2, thread!);
  await page.keyboard.press('0');
  await expect(level).toHaveText(fitted!);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('tap a page to comment; the pin stays on its spot', async ({ page }) => {
    const markup = await readyPdfMarkup(`Phone ${Date.now()}`, 2);
    await openViewer(page, markup.id, 'Tom Touch');
    const one = (await pageBox(page, 1).boundingBox())!;
    expect(one.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/pdf-390.png` });
    await page.touchscreen.tap(one.x + one.width * 0.5, one.y + Math.min(one.height, 300) * 0.5);
    await expect(page.getByRole('textbox', { name: 'Comment' })).toBeFocused();
    await page.keyboard.type('Tapped on the phone');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveCount(0);
    const [thread] = await threadsOf(markup.id);
    expect(thread!.pageNumber).toBe(1);
    await expectPinAt(page, 1, thread!);
    await page.screenshot({ path: `${SHOTS}/pdf-390-pinned.png` });
    await expectNoViolations(page, 'PDF viewer on a phone');
  });
});
