/**
 * `npm run bench`: runs every benchmark section, prints one table per section and writes
 * bench/results.md. Sizes are also enforced by tests; times are only reported here (never asserted
 * in `npm test`). `BENCH_ONLY=survival,overlay-cost` runs a subset (results.md is then not rewritten, unless
 * `BENCH_WRITE=1`: then only those sections are replaced there, marked with the day they were measured).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rowsTable, type BenchSection } from './section.ts';

/** Each module exports `measure(): Promise<BenchSection>`. */
const SECTIONS: Record<string, () => Promise<{ measure(): Promise<BenchSection> }>> = {
  bundle: () => import('./bundle.ts'),
  survival: () => import('./survival.ts'),
  'describe-cost': () => import('./describe-cost.ts'),
  'overlay-cost': () => import('./overlay-cost.ts'),
  capture: () => import('./capture.ts'),
  'server-latency': () => import('./server-latency.ts'),
  inbox: () => import('./inbox.ts'),
  visitor: () => import('./visitor.ts'),
  'file-review-pdf': () => import('./file-review-pdf.ts'),
  'file-review': () => import('./file-review.ts'),
};

const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const names = Object.keys(SECTIONS).filter((name) => !only || only.includes(name));
const sections: BenchSection[] = [];
for (const name of names) {
  const started = Date.now();
  const section = await (await SECTIONS[name]!()).measure();
  sections.push(section);
  console.log(`\n## ${section.title} (${((Date.now() - started) / 1000).toFixed(1)} s)\n\n${rowsTable(section.rows)}`);
}

const when = new Date().toISOString().slice(0, 10);
const rendered = (s: BenchSection) => `## ${s.title}\n\n${rowsTable(s.rows)}${s.detail ? `\n\n${s.detail}` : ''}`;
if (!only) {
  const body = sections.map(rendered).join('\n\n');
  writeFileSync(
    'bench/results.md',
    `# Benchmark results\n\nWritten by \`npm run bench\` on ${when} (2-core machine, headless Debian Chromium).\n\n${body}\n`,
  );
  console.log('\nwrote bench/results.md');
} else if (process.env.BENCH_WRITE === '1') {
  // A partial run replaces only its own sections in results.md (marked with their date), keeping the others.
  const previous = existsSync('bench/results.md') ? readFileSync('bench/results.md', 'utf8') : '# Benchmark results\n';
  const [head, ...parts] = previous.split(/\n(?=## )/);
  const byTitle = new Map(
    parts.map((part) => [part.slice(3, part.indexOf('\n')).replace(/ \(measured alone on [\d-]+\)$/, ''), part.trimEnd()]),
  );
  for (const section of sections)
    byTitle.set(section.title, rendered({ ...section, title: `${section.title} (measured alone on ${when})` }));
  writeFileSync('bench/results.md', `${head!.trimEnd()}\n\n${[...byTitle.values()].join('\n\n')}\n`);
  console.log(`\nreplaced ${sections.map((s) => s.title).join(', ')} in bench/results.md`);
}
