/**
 * `npm run bench`: prints a table of what we measure and writes bench/results.md.
 * Sizes are also enforced by tests; times are only reported here (never asserted in `npm test`).
 */
import { writeFileSync } from 'node:fs';
import { BUDGETS, measureBundle } from '../scripts/bundle-size.ts';
import { measureLoadTime } from './load-time.ts';
import { startServer } from './server.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const rows: [string, string, string, string][] = [];
const add = (what: string, value: string, budget: string, ok: boolean | null) =>
  rows.push([what, value, budget, ok === null ? '—' : ok ? 'ok' : 'OVER']);

const sizes = measureBundle();
add('loader `pinmark.js` (gzip)', kb(sizes.loaderGzip), `≤ ${kb(BUDGETS.loaderGzip)}`, sizes.loaderGzip <= BUDGETS.loaderGzip);
add('first load: app.js + static chunks (gzip)', kb(sizes.firstLoadGzip), `≤ ${kb(BUDGETS.firstLoadGzip)}`, sizes.firstLoadGzip <= BUDGETS.firstLoadGzip);
add('lazy chunks (gzip, not in first load)', kb(sizes.lazyGzip), '—', null);
add('html2canvas in first load', String(sizes.html2canvasInFirstLoad), 'false', !sizes.html2canvasInFirstLoad);

const server = await startServer(Number(process.env.BENCH_PORT ?? 8790));
try {
  const load = await measureLoadTime(server.url, Number(process.env.BENCH_RUNS ?? 20));
  add(`loader execution → launcher visible, median of ${load.runs}`, `${load.medianMs.toFixed(1)} ms`, '≤ 50 ms', load.medianMs <= 50);
  add('loader execution → launcher visible, p90', `${load.p90Ms.toFixed(1)} ms`, '—', null);
  add('… of which fetching app.js (median)', `${load.medianFetchMs.toFixed(1)} ms`, '—', null);
  add('… of which parsing, running, first render (median)', `${load.medianRunMs.toFixed(1)} ms`, '—', null);
  add('long tasks (> 50 ms) during widget load', `${load.longTasks} (max ${load.maxLongTaskMs.toFixed(0)} ms)`, '0', load.longTasks === 0);
} finally {
  await server.stop();
}

const header = ['What', 'Measured', 'Budget', ''];
const table = [header, ['---', '---', '---', '---'], ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
const files = sizes.firstLoadFiles.map((f) => `- \`${f.file}\`: ${kb(f.gzip)}`).join('\n');
const lazy = sizes.lazyFiles.map((f) => `- \`${f.file}\`: ${kb(f.gzip)}`).join('\n') || '- (none)';
const when = new Date().toISOString().slice(0, 10);
const md = `# Benchmark results\n\nWritten by \`npm run bench\` on ${when} (2-core machine, headless Debian Chromium).\n\n${table}\n\n## First-load files\n\n${files}\n\n## Lazy files\n\n${lazy}\n`;
writeFileSync('bench/results.md', md);
console.log(table);
console.log('\nwrote bench/results.md');
