/**
 * The review app's PDF viewer (issue 17): a 50-page PDF with text on every page (pdf-lib), uploaded
 * and converted by the reference server, opened in headless Chromium by a signed-in member. Timed in
 * the page from navigation start: the server's raster preview of page 1 on screen, and page 1's canvas
 * painted by pdf.js (the issue's budget: within 1 s of opening) — cold (a new browser context: the app,
 * pdf.js and its worker downloaded; once the new window has settled, and for comparison navigated at
 * once: fresh-window.ts) and warm (a reload: from the browser's cache). Then how many of
 * the 50 canvases exist (pages are drawn only near the viewport), and a jump to page 40 by the page
 * field until its canvas is painted.
 *
 * Knobs: BENCH_PDF_RUNS (5), BENCH_PDF_PAGES (50), BENCH_PDF_PORT (8899), BENCH_PDF_APP_DIR (another app build
 * to serve, e.g. to compare two builds in the same window).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { markdownTable, type BenchRow, type BenchSection } from './section.ts';
import { startServer, type BenchServer } from './server.ts';
import { freshPage } from './fresh-window.ts';
import { printResourceTimeline } from './resource-timeline.ts';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);
const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 50);
const PORT = Number(process.env.BENCH_PDF_PORT ?? 8899);
const FIRST_PAGE_MS = 1000;
const SESSION_KEY = 'pinmark-app-session';

async function fiftyPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Section ${n}`, { x: 72, y: 720, size: 24, font });
    for (let line = 0; line < 40; line++)
      page.drawText(`Line ${line + 1} of page ${n}: the quick brown fox reviews the annual pricing plan.`, {
        x: 72,
        y: 680 - line * 15,
        size: 10,
        font,
      });
  }
  return doc.save();
}

async function readyMarkup(server: BenchServer, bytes: Uint8Array): Promise<string> {
  const headers = { Authorization: `Bearer ${server.demo.workspaceApiKey}`, 'Service-API-Version': '2023-02-22' };
  // demo.json carries the workspace's id beside what BenchServer declares.
  const workspaceId = (server.demo as unknown as { workspaceId: string }).workspaceId;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'bench.pdf');
  const created = await fetch(`${server.url}/api/v2/markups/file?workspaceId=${workspaceId}`, { method: 'POST', headers, body: form });
  if (!created.ok) throw new Error(`upload: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const markup = (await (await fetch(`${server.url}/api/v2/markups/${id}`, { headers })).json()) as { data: { isReady: boolean } };
    if (markup.data.isReady) return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the PDF was not converted within 3 minutes');
}

async function memberSession(server: BenchServer): Promise<unknown> {
  const idp = await fetch(`${server.url}/idp/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Reader', email: 'pdf-bench@example.com' }),
  });
  const { accessToken } = (await idp.json()) as { accessToken: string };
  const session = await fetch(`${server.url}/api/v2/auth/member-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', 'Service-API-Version': '2023-02-22' },
    body: '{}',
  });
  if (!session.ok) throw new Error(`member session: ${session.status} ${await session.text()}`);
  return ((await session.json()) as { data: unknown }).data;
}

interface Opening {
  previewMs: number | null;
  canvasMs: number;
  /** Milestones on the way (ms from navigation): the viewer's chunk, pdf.js, its worker and the PDF received. */
  steps: Record<string, number>;
}

/** Which requests mark the way to the first page (by their URL). */
const STEPS: [string, string][] = [
  ['viewer chunk', '/assets/PdfViewer-'],
  ['pdf.js chunk', '/assets/pdf-'],
  ['pdf.js worker', '.mjs'],
  ['the PDF', '.pdf'],
];

/** In the page from its first script: when page 1's preview image loaded and when its canvas was painted. */
function watchFirstPage(): void {
  const w = window as unknown as { __pdfPreview?: number; __pdfCanvas?: number };
  document.addEventListener(
    'load',
    (event) => {
      const target = event.target as Element;
      if (target.matches?.('.pdf-page[data-page="1"] .pdf-page-preview')) w.__pdfPreview ??= performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (w.__pdfCanvas === undefined && document.querySelector('.pdf-page--painted[data-page="1"]')) w.__pdfCanvas = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
}

async function open(page: Page, url: string): Promise<Opening> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __pdfCanvas?: number }).__pdfCanvas !== undefined, null, { timeout: 20_000 });
  return page.evaluate((steps) => {
    const w = window as unknown as { __pdfPreview?: number; __pdfCanvas: number };
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const at: Record<string, number> = {};
    for (const [name, part] of steps) {
      const entry = entries.find((e) => new URL(e.name).pathname.includes(part));
      if (entry) at[name] = entry.responseEnd;
      if (entry && name === 'viewer chunk') at['viewer chunk requested'] = entry.startTime;
    }
    return { previewMs: w.__pdfPreview ?? null, canvasMs: w.__pdfCanvas, steps: at };
  }, STEPS);
}

/** Types 40 in the page field and times Enter → page 40's canvas painted. */
async function jumpTo40(page: Page): Promise<number> {
  await page.getByRole('textbox', { name: 'Page number' }).fill('40');
  return page.evaluate(async () => {
    const field = document.querySelector<HTMLInputElement>('.pdf-page-field')!;
    const started = performance.now();
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await new Promise<void>((resolve) => {
      const done = () => !!document.querySelector('.pdf-page--painted[data-page="40"]');
      if (done()) return resolve();
      const observer = new MutationObserver(() => {
        if (done()) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    return performance.now() - started;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const worst = (values: number[]) => Math.max(...values);
const ms = (values: number[]) => `median ${median(values).toFixed(0)} ms · worst ${worst(values).toFixed(0)} ms`;

export async function measure(): Promise<BenchSection> {
  const appDir = process.env.BENCH_PDF_APP_DIR;
  const server = await startServer(PORT, appDir ? { env: { APP_DIR: appDir } } : {});
  const cold: Opening[] = [];
  const coldAtOnce: number[] = [];
  const warm: Opening[] = [];
  const jumps: number[] = [];
  const canvases: number[] = [];
  try {
    const markupId = await readyMarkup(server, await fiftyPagePdf());
    const session = await memberSession(server);
    const url = `${server.url}/app/markups/${markupId}`;
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      // Run 0 warms the server (first reads of the file and the app's assets from disk); not counted.
      const signedIn = async (context: BrowserContext) => {
        await context.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), {
          key: SESSION_KEY,
          value: JSON.stringify(session),
        });
        // tsx compiles this file with keepNames: functions passed to the page may call __name.
        await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
        await context.addInitScript(watchFirstPage);
      };
      const viewport = { viewport: { width: 1280, height: 800 } };
      for (let run = 0; run <= RUNS; run++) {
        if (run > 0) {
          const atOnce = await freshPage(browser, viewport, false, signedIn);
          coldAtOnce.push((await open(atOnce.page, url)).canvasMs);
          await atOnce.context.close();
        }
        const { context, page } = await freshPage(browser, viewport, true, signedIn);
        const first = await open(page, url);
        if (process.env.BENCH_PDF_TRACE && run === RUNS)
          await printResourceTimeline(
            page,
            `file-review-pdf timeline (cold): preview ${first.previewMs?.toFixed(0)} ms, canvas ${first.canvasMs.toFixed(0)} ms`,
          );
        const again = await open(page, url);
        const jump = await jumpTo40(page);
        // Pages next to 40 are painted after it; count once they have had time to.
        await page.waitForTimeout(1500);
        const drawn = await page.locator('.pdf-page--painted').count();
        if (run > 0) {
          cold.push(first);
          warm.push(again);
          jumps.push(jump);
          canvases.push(drawn);
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
  const coldCanvas = cold.map((o) => o.canvasMs);
  const previews = cold.flatMap((o) => (o.previewMs === null ? [] : [o.previewMs]));
  const rows: BenchRow[] = [
    {
      what: `/app PDF (${PAGES} pages): navigation → page 1's canvas painted, cold (new window, settled)`,
      measured: ms(coldCanvas),
      budget: `median ≤ ${FIRST_PAGE_MS} ms`,
      ok: median(coldCanvas) <= FIRST_PAGE_MS,
    },
    {
      what: `… the same, navigated at once in a brand-new window (Chromium loads its own UI for it beside the page; fresh-window.ts)`,
      measured: ms(coldAtOnce),
      budget: '—',
      ok: null,
    },
    {
      what: `/app PDF (${PAGES} pages): navigation → page 1's canvas painted, warm (reload)`,
      measured: ms(warm.map((o) => o.canvasMs)),
      budget: `median ≤ ${FIRST_PAGE_MS} ms`,
      ok: median(warm.map((o) => o.canvasMs)) <= FIRST_PAGE_MS,
    },
    {
      what: `/app PDF: navigation → page 1's server preview shown, cold`,
      measured: previews.length ? ms(previews) : 'painted before the preview loaded',
      budget: '—',
      ok: null,
    },
    { what: `/app PDF: page field "40" + Enter → page 40 painted`, measured: ms(jumps), budget: '—', ok: null },
    {
      what: `/app PDF: canvases drawn after opening and jumping to page 40`,
      measured: `${Math.max(...canvases)} of ${PAGES} pages (most in any run)`,
      budget: 'only pages near the viewport',
      ok: Math.max(...canvases) <= 8,
    },
  ];
  const stepRows = ['viewer chunk requested', ...STEPS.map(([name]) => name)].map((name) => {
    const cold1 = cold.flatMap((o) => (o.steps[name] === undefined ? [] : [o.steps[name]!]));
    const warm1 = warm.flatMap((o) => (o.steps[name] === undefined ? [] : [o.steps[name]!]));
    return [name, cold1.length ? median(cold1).toFixed(0) : '–', warm1.length ? median(warm1).toFixed(0) : '– (cached)'];
  });
  stepRows.push(['page 1 canvas painted', median(coldCanvas).toFixed(0), median(warm.map((o) => o.canvasMs)).toFixed(0)]);
  const detail = `Milestones of opening (median ms from navigation start; a request's end unless said otherwise). Until the viewer's chunk is requested the app's shell runs (session, markup, the file review's chunk); the worker's boot lies between its arrival and the PDF's request:\n\n${markdownTable(['step', 'cold', 'warm'], stepRows)}`;
  return { title: 'Review app: PDF viewer', rows, detail };
}
