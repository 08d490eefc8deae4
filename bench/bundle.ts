/** Section: what a visitor downloads, and how fast the widget appears (loader → launcher). */
import { BUDGETS, measureAppBundle, measureBundle } from '../scripts/bundle-size.ts';
import { measureLoadTime } from './load-time.ts';
import { measureSlowStart } from './slow-start.ts';
import type { BenchRow, BenchSection } from './section.ts';
import { startServer } from './server.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export async function measure(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const add = (what: string, measured: string, budget: string, ok: boolean | null) => rows.push({ what, measured, budget, ok });

  const sizes = measureBundle();
  add('loader `pinmark.js` (gzip)', kb(sizes.loaderGzip), `≤ ${kb(BUDGETS.loaderGzip)}`, sizes.loaderGzip <= BUDGETS.loaderGzip);
  add("visitor's launcher `launcher.js` (gzip)", kb(sizes.launcherGzip), '—', null);
  add(
    'on intent: app.js + static chunks (gzip)',
    kb(sizes.firstLoadGzip),
    `≤ ${kb(BUDGETS.firstLoadGzip)}`,
    sizes.firstLoadGzip <= BUDGETS.firstLoadGzip,
  );
  add('lazy chunks (gzip, not in first load)', kb(sizes.lazyGzip), '—', null);
  add('html2canvas in first load', String(sizes.html2canvasInFirstLoad), 'false', !sizes.html2canvasInFirstLoad);
  // Rich text (issue 5): the editor is fetched with the composer or an open thread, the renderer with the review chunk.
  const chunk = (name: string) => sizes.lazyFiles.filter((f) => f.file.startsWith(`chunks/${name}-`)).reduce((sum, f) => sum + f.gzip, 0);
  const editor = chunk('editor');
  const renderer = chunk('delta-render');
  add('rich text: composer (editor chunk, gzip, lazy)', kb(editor), '—', null);
  add('rich text: renderer (gzip, lazy)', kb(renderer), '—', null);
  add(
    'rich text: share of all widget code (gzip)',
    `${(((editor + renderer) / (sizes.firstLoadGzip + sizes.lazyGzip)) * 100).toFixed(1)} %`,
    '—',
    null,
  );

  // The review app (issue 16): its first load is budgeted like the widget's; the other views are lazy.
  const app = measureAppBundle();
  add(
    'review app first load: html + entry + css (gzip)',
    kb(app.firstLoadGzip),
    `≤ ${kb(BUDGETS.appFirstLoadGzip)}`,
    app.firstLoadGzip <= BUDGETS.appFirstLoadGzip,
  );
  add('review app lazy chunks (gzip, not in first load)', kb(app.lazyGzip), '—', null);

  const server = await startServer(Number(process.env.BENCH_PORT ?? 8790));
  try {
    const load = await measureLoadTime(server.url, Number(process.env.BENCH_RUNS ?? 20));
    add(`loader execution → launcher visible, median of ${load.runs}`, `${load.medianMs.toFixed(1)} ms`, '≤ 50 ms', load.medianMs <= 50);
    add('loader execution → launcher visible, p90', `${load.p90Ms.toFixed(1)} ms`, '—', null);
    add('… of which fetching launcher.js (median)', `${load.medianFetchMs.toFixed(1)} ms`, '—', null);
    add('… of which parsing, running, first render (median)', `${load.medianRunMs.toFixed(1)} ms`, '—', null);
    add(
      'long tasks (> 50 ms) during widget load',
      `${load.longTasks} (max ${load.maxLongTaskMs.toFixed(0)} ms)`,
      '0',
      load.longTasks === 0,
    );
    // Several short tasks can share one frame (nothing to paint meanwhile): the budget is per task (row above).
    add(
      "widget's scripts in one long (> 50 ms) frame during load, worst",
      `${load.maxWidgetFrameMs.toFixed(1)} ms${load.worstFrameScripts ? ` (${load.worstFrameScripts})` : ''}`,
      '—',
      null,
    );
    const slow = await measureSlowStart(server.url, 4, Number(process.env.BENCH_SLOW_RUNS ?? 8));
    add(`on a ×${slow.rate} slower CPU: loader → launcher, median of ${slow.runs}`, `${slow.medianLauncherMs.toFixed(0)} ms`, '—', null);
    add(
      `on a ×${slow.rate} slower CPU: the widget's longest task in its first 3 s`,
      `${slow.longestScriptMs.toFixed(0)} ms (${slow.longestScript})`,
      '—',
      null,
    );
  } finally {
    await server.stop();
  }

  const list = (files: { file: string; gzip: number }[]) => files.map((f) => `- \`${f.file}\`: ${kb(f.gzip)}`).join('\n') || '- (none)';
  return {
    title: 'Bundle and load time',
    rows,
    detail: `First-load files:\n\n${list(sizes.firstLoadFiles)}\n\nLazy files:\n\n${list(sizes.lazyFiles)}`,
  };
}
