/**
 * The review app's inbox at scale (issue 16): `GET /api/v2/inbox` on a workspace of 10 000 threads
 * (bench/inbox-seed.ts), answered by the reference server in its own process, on PGlite and (where
 * installed) on a throwaway PostgreSQL. Timed from this process over loopback, request to parsed
 * JSON, as a signed-in member: the first screen, a page further down, and each kind of filter change.
 * The budgets are for server and client together (first screen ≤ 300 ms, a filter change
 * ≤ 150 ms); the server's share is held to half of each here, leaving the rest to the browser.
 *
 * With the app built (dist/app), the same workspace is also opened in Chromium (bench/inbox-app.ts):
 * navigation to the first row, a filter click to its rows, and the frames of a scroll.
 *
 * Knobs: BENCH_INBOX_THREADS (10000), BENCH_INBOX_RUNS (15), BENCH_INBOX_APP_RUNS (5), BENCH_INBOX_DB
 * (`pglite`, `postgres` or both).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { postgresBinDir, startTestCluster } from '../scripts/test-postgres.ts';
import { measureAppInbox } from './inbox-app.ts';
import { seedInbox, type SeededInbox } from './inbox-seed.ts';
import { markdownTable, type BenchRow, type BenchSection } from './section.ts';
import { startServer, type BenchServer } from './server.ts';

const THREADS = Number(process.env.BENCH_INBOX_THREADS ?? 10_000);
const RUNS = Number(process.env.BENCH_INBOX_RUNS ?? 15);
const WARMUP = 3;
const DATABASES = (process.env.BENCH_INBOX_DB ?? 'pglite,postgres').split(',').map((d) => d.trim());
const PORT = 8893;
const FIRST_SCREEN_MS = 150;
const FILTER_MS = 75;
/** A live poll with nothing new: a version stamp and a 304, no page read. */
const REVALIDATE_MS = 15;
/** The budgets for server and client together, in Chromium. */
const APP_FIRST_SCREEN_MS = 300;
const APP_FILTER_MS = 150;
const DROPPED_FRAME_MS = 20;

interface Case {
  name: string;
  query: Record<string, string>;
  budget: number;
}

function cases(seeded: SeededInbox): Case[] {
  return [
    { name: 'first screen (open, newest activity)', query: {}, budget: FIRST_SCREEN_MS },
    { name: 'filter: all statuses', query: { status: 'all' }, budget: FILTER_MS },
    { name: 'filter: one markup', query: { markupId: seeded.markupIds[2]! }, budget: FILTER_MS },
    { name: 'filter: page URL', query: { url: 'https://shop.example/p/12' }, budget: FILTER_MS },
    { name: 'filter: mobile with screenshot', query: { device: 'mobile', hasScreenshot: 'true' }, budget: FILTER_MS },
    { name: 'filter: unassigned, unread', query: { assignee: 'none', unread: 'true' }, budget: FILTER_MS },
    { name: 'search: "check"', query: { q: 'check' }, budget: FILTER_MS },
    { name: 'search: "blurry gallery"', query: { q: 'blurry gallery' }, budget: FILTER_MS },
  ];
}

async function memberSession(server: BenchServer): Promise<{ memberToken: string }> {
  const idp = await fetch(`${server.url}/idp/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member', email: 'bench@example.com' }),
  });
  const { accessToken } = (await idp.json()) as { accessToken: string };
  const session = await fetch(`${server.url}/api/v2/auth/member-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', 'Service-API-Version': '2023-02-22' },
    body: '{}',
  });
  if (!session.ok) throw new Error(`member session: ${session.status} ${await session.text()}`);
  return ((await session.json()) as { data: { memberToken: string } }).data;
}

async function timeQuery(server: BenchServer, token: string, query: Record<string, string>): Promise<{ ms: number[]; total: number }> {
  const url = `${server.url}/api/v2/inbox?${new URLSearchParams(query)}`;
  const headers = { Authorization: `Bearer ${token}`, 'Service-API-Version': '2023-02-22' };
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { data: { total: number; cursorId: string | null } };
    if (!response.ok) throw new Error(`inbox ${url}: ${response.status} ${JSON.stringify(body)}`);
    if (i >= WARMUP) ms.push(performance.now() - started);
    total = body.data.total;
  }
  return { ms: ms.sort((a, b) => a - b), total };
}

/** The first screen asked again with its ETag, as the app's live refresh does: 304s, no body built. */
async function timeRevalidation(server: BenchServer, token: string): Promise<number[]> {
  const url = `${server.url}/api/v2/inbox`;
  const headers = { Authorization: `Bearer ${token}`, 'Service-API-Version': '2023-02-22' };
  const etag = (await fetch(url, { headers })).headers.get('etag');
  if (!etag) throw new Error('GET /inbox gave no ETag');
  const ms: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
    await response.arrayBuffer();
    if (response.status !== 304) throw new Error(`inbox revalidation: ${response.status}`);
    if (i >= WARMUP) ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function measureOn(database: string): Promise<{ rows: BenchRow[]; table: string[][] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pinmark-bench-inbox-'));
  const cluster = database === 'postgres' ? await startTestCluster(postgresBinDir()!) : undefined;
  const env = cluster ? { DATABASE_URL: cluster.url } : undefined;
  let server = await startServer(PORT, { dataDir, ...(env ? { env } : {}) });
  try {
    let seeded: SeededInbox;
    if (cluster) {
      const db = await openPostgres(cluster.url);
      seeded = await seedInbox(db, server.demo.markupId, THREADS);
      await db.close();
    } else {
      // PGlite is one process's: stop the server, seed its folder, start it again.
      const demoMarkupId = server.demo.markupId;
      await server.stop();
      const db = await openPglite(join(dataDir, 'pgdata'));
      seeded = await seedInbox(db, demoMarkupId, THREADS);
      await db.close();
      server = await startServer(PORT, { dataDir });
    }
    const session = await memberSession(server);
    const token = session.memberToken;
    const rows: BenchRow[] = [];
    const table: string[][] = [];
    const label = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const all = cases(seeded);
    const first = await timeQuery(server, token, {});
    const cursor = (await (await fetch(`${server.url}/api/v2/inbox`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { cursorId: string };
    };
    all.splice(1, 0, { name: 'next page (cursor)', query: { cursorId: cursor.data.cursorId }, budget: FILTER_MS });
    for (const c of all) {
      const { ms, total } = c.query && Object.keys(c.query).length === 0 ? first : await timeQuery(server, token, c.query);
      const median = percentile(ms, 0.5);
      const p95 = percentile(ms, 0.95);
      rows.push({
        what: `GET /inbox ${c.name} — ${label}`,
        measured: `median ${median.toFixed(1)} ms · p95 ${p95.toFixed(1)} ms (${total} match)`,
        budget: `median ≤ ${c.budget} ms`,
        ok: median <= c.budget,
      });
      table.push([c.name, label, String(total), median.toFixed(1), p95.toFixed(1), ms[0]!.toFixed(1), ms.at(-1)!.toFixed(1)]);
    }
    const revalidated = await timeRevalidation(server, token);
    rows.push({
      what: `GET /inbox unchanged, asked with its ETag (live refresh) — ${label}`,
      measured: `median ${percentile(revalidated, 0.5).toFixed(1)} ms · p95 ${percentile(revalidated, 0.95).toFixed(1)} ms (304)`,
      budget: `median ≤ ${REVALIDATE_MS} ms`,
      ok: percentile(revalidated, 0.5) <= REVALIDATE_MS,
    });
    table.push([
      'unchanged first screen, If-None-Match (304)',
      label,
      '–',
      percentile(revalidated, 0.5).toFixed(1),
      percentile(revalidated, 0.95).toFixed(1),
      revalidated[0]!.toFixed(1),
      revalidated.at(-1)!.toFixed(1),
    ]);
    if (existsSync('dist/app/index.html')) {
      const app = await measureAppInbox(server, session);
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const first = sorted(app.firstScreenMs);
      const filter = sorted(app.filterMs);
      const frames = sorted(app.frameMs);
      // rAF deltas are whole vsync intervals (16.7 ms at 60 Hz, a little more by rounding): a dropped frame shows as ~33 ms.
      const dropped = frames.filter((ms) => ms > DROPPED_FRAME_MS).length;
      rows.push(
        {
          what: `/app inbox: navigation to the first row — ${label}`,
          measured: `median ${percentile(first, 0.5).toFixed(0)} ms · worst ${first.at(-1)!.toFixed(0)} ms`,
          budget: `median ≤ ${APP_FIRST_SCREEN_MS} ms`,
          ok: percentile(first, 0.5) <= APP_FIRST_SCREEN_MS,
        },
        {
          what: `/app inbox: a status filter clicked to its rows — ${label}`,
          measured: `median ${percentile(filter, 0.5).toFixed(0)} ms · worst ${filter.at(-1)!.toFixed(0)} ms`,
          budget: `median ≤ ${APP_FILTER_MS} ms`,
          ok: percentile(filter, 0.5) <= APP_FILTER_MS,
        },
        {
          what: `/app inbox: scrolling 200 rows a second — ${label}`,
          measured: `${frames.length} frames · p95 ${percentile(frames, 0.95).toFixed(1)} ms · max ${frames.at(-1)!.toFixed(1)} ms · ${dropped} dropped`,
          budget: `no frame over ${DROPPED_FRAME_MS} ms (none dropped at 60 Hz)`,
          ok: dropped === 0,
        },
      );
    }
    return { rows, table };
  } finally {
    await server.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measure(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const table: string[][] = [];
  const load = loadavg()[0]!.toFixed(2);
  for (const database of DATABASES) {
    if (database === 'postgres' && !postgresBinDir()) continue;
    const result = await measureOn(database);
    rows.push(...result.rows);
    table.push(...result.table);
  }
  return {
    title: 'Review app inbox (issue 16)',
    rows,
    detail:
      `${markdownTable(['Query', 'Database', 'Matches', 'median ms', 'p95 ms', 'min ms', 'max ms'], table)}\n\n` +
      `${THREADS} threads in one workspace (bench/inbox-seed.ts), a signed-in member, ${RUNS} runs after ${WARMUP} warm-ups per query, ` +
      `request to parsed JSON over loopback; the server in its own process on the same 2 cores. Load average at start: ${load}.`,
  };
}
