/**
 * Where a capture's time goes, for working on capture speed (not part of `npm run bench`):
 *   npx tsx bench/capture-profile.ts               time ours on the heavy pages (math, table)
 *   PROFILE_PAGES=math PROFILE_RUNS=9 ...           one page, more runs
 *   PROFILE_BASE=/path/to/other/checkout ...       A/B: that checkout's screenshot code and html2canvas
 *                                                  rewrite against this one's, alternating in one page
 *   PROFILE_TRACE=1 ...                            + a Chrome trace of three captures: the main thread's
 *                                                  time by event (style, layout, paint, JS by function)
 * Same pages, viewport and bundling as bench/capture.ts; the naive html2canvas is left out.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { PAGES, pageUrl } from './capture-pages.ts';
import { cpuProfile, timeline } from './capture-profile-trace.ts';
import { startServer } from './server.ts';

const RUNS = Number(process.env.PROFILE_RUNS ?? 7);
const ONLY = (process.env.PROFILE_PAGES ?? 'math,table').split(',');
const BASE = process.env.PROFILE_BASE;
const TRACE = !!process.env.PROFILE_TRACE;
const TIMELINE = !!process.env.PROFILE_TIMELINE;
const OUT_DIR = resolve(import.meta.dirname, '../.tmp/capture-profile');
const ROOT = resolve(import.meta.dirname, '..');

async function bundleFrom(root: string, global: string): Promise<string> {
  const slices = (await import(pathToFileURL(resolve(root, 'scripts/html2canvas-slices.ts')).href)) as { html2canvasSlices(): Plugin };
  const entry = '\0capture-profile-entry';
  const module = resolve(root, 'src/capture/screenshot/index.ts');
  const source = `import { captureViewport } from ${JSON.stringify(module)}; window.${global} = { captureViewport };`;
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      slices.html2canvasSlices(),
      {
        name: 'entry',
        resolveId: (id) => (id === 'capture-profile' ? entry : undefined),
        load: (id) => (id === entry ? source : undefined),
      },
    ],
    build: {
      write: false,
      minify: false,
      target: 'es2020',
      rolldownOptions: { input: 'capture-profile', output: { format: 'es', codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const first = Array.isArray(output) ? output[0]! : output;
  return first.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk')!.code;
}

interface Runs {
  times: number[];
  /** CPU time of the page's main thread per capture (CDP Performance ThreadTime): robust to a busy machine. */
  cpu: number[];
  longest: number;
  stats: unknown;
}

/** Alternating captures, each driven from here so the main thread's CPU time can be read around it. */
async function timeRuns(page: Page, globals: string[], runs: number): Promise<Record<string, Runs>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const threadTime = async (): Promise<number> => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    return metrics.find((m) => m.name === 'ThreadTime')!.value * 1000;
  };
  await page.evaluate(() => {
    const w = window as any;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
  });
  const out: Record<string, Runs & { spans: [number, number][] }> = {};
  for (const g of globals) out[g] = { times: [], cpu: [], longest: 0, stats: null, spans: [] };
  for (let round = 0; round <= runs; round++) {
    for (const g of globals) {
      await page.waitForTimeout(50);
      const before = await threadTime();
      const r = await page.evaluate(async (g) => {
        const started = performance.now();
        const result = await (window as any)[g].captureViewport();
        return { started, ended: performance.now(), stats: result.stats };
      }, g);
      const cpu = (await threadTime()) - before;
      if (round > 0) {
        out[g]!.times.push(r.ended - r.started);
        out[g]!.cpu.push(cpu);
        out[g]!.spans.push([r.started, r.ended]);
      }
      out[g]!.stats = r.stats;
    }
  }
  await page.waitForTimeout(100);
  const longTasks = (await page.evaluate(() => (window as any).__longTasks)) as Array<{ start: number; duration: number }>;
  for (const g of globals) {
    const during = longTasks.filter((t) => out[g]!.spans.some(([a, b]) => t.start >= a - 1 && t.start <= b));
    out[g]!.longest = Math.max(0, ...during.map((t) => t.duration));
  }
  await cdp.detach();
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const variants: Array<[string, string]> = [];
  if (BASE) variants.push(['__base', await bundleFrom(BASE, '__base')]);
  variants.push(['__ours', await bundleFrom(ROOT, '__ours')]);
  const server = await startServer(Number(process.env.BENCH_CAPTURE_PORT ?? 8792));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const spec of PAGES.filter((p) => p.heavy && ONLY.includes(p.name))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.route('**/widget/**', (route) => route.abort());
      await page.goto(await pageUrl(page, server.url, spec), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      await page.addScriptTag({ content: 'window.__name = (fn) => fn;' });
      for (const [, code] of variants) await page.addScriptTag({ content: code, type: 'module' });
      await page.waitForFunction(
        (names) => names.every((n) => !!(window as any)[n]),
        variants.map(([g]) => g),
      );
      await page.evaluate(async (scroll) => {
        const y = scroll === 'middle' ? Math.round((document.documentElement.scrollHeight - innerHeight) / 2) : scroll;
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, spec.scroll);
      if (process.env.PROFILE_EVAL) console.log(spec.name, await page.evaluate(process.env.PROFILE_EVAL));
      const result = await timeRuns(
        page,
        variants.map(([g]) => g),
        RUNS,
      );
      for (const [g] of variants) {
        const r = result[g]!;
        console.log(
          `${spec.name} ${g.slice(2)}: main-thread CPU median ${median(r.cpu).toFixed(0)} ms [${r.cpu.map((t) => t.toFixed(0)).join(' ')}]; wall median ${median(r.times).toFixed(0)} ms, min ${Math.min(...r.times).toFixed(0)}, worst ${Math.max(...r.times).toFixed(0)}, longest task ${r.longest.toFixed(0)} ms [${r.times.map((t) => t.toFixed(0)).join(' ')}] ${JSON.stringify(r.stats)}`,
        );
      }
      if (BASE) {
        const ratio = (of: (r: Runs) => number[]) => median(of(result.__ours!).map((t, i) => t / of(result.__base!)[i]!)).toFixed(2);
        console.log(`${spec.name} ours/base pairwise medians: CPU ${ratio((r) => r.cpu)}, wall ${ratio((r) => r.times)}`);
      }
      if (TRACE) {
        for (const [g] of variants)
          console.log(`--- ${spec.name} ${g.slice(2)}\n${await cpuProfile(page, g, 3, resolve(OUT_DIR, `${spec.name}-${g.slice(2)}`))}`);
      }
      if (TIMELINE) {
        for (const [g] of variants)
          console.log(`--- ${spec.name} ${g.slice(2)}\n${await timeline(page, g, 3, resolve(OUT_DIR, `${spec.name}-${g.slice(2)}`))}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
