/**
 * The latency bench's report (bench/server-latency.ts measures): summary rows with their aims, the
 * table of every run, and the method. Write rows measured on several rounds are summarized by their
 * mean, each variant ("before" the write-path work, and "now") on its own row, and under each
 * write row of "now" the figures the previous run wrote to bench/results.md (the last commit's).
 */
import { existsSync, readFileSync } from 'node:fs';
import { REVIEWERS, CLIENTS } from './traffic.ts';
import { markdownTable, type BenchRow, type BenchSection } from './section.ts';
import { ENDPOINT_NAMES, LABEL, PACED_RATE, SECONDS, THREADS, WARMUP_SECONDS, type Database, type Run } from './server-latency-drive.ts';

export type Skipped = { database: Database; reason: string };

/** Issue 7's aim for the thread list. */
const GET_AIM = { rps: 500, p99: 50 };
/** Issue 15's aims for the write path: PostgreSQL ≥ 500 req/s with p50 ≤ 10 ms, PGlite ≥ 300 req/s. */
const WRITE_AIM: Record<Database, { rps: number }> = { postgres: { rps: 500 }, pglite: { rps: 300 } };
/** The paced runs (PostgreSQL, PACED_RATE offered): p50 within this, and the pace kept (5 % slack). */
const PACED_AIM = { p50: 10, kept: 0.95 };
const isPaced = (s: { endpoint: string }) => s.endpoint.endsWith(`at ${PACED_RATE} req/s`);

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
const failures = (runs: Run[]) => runs.reduce((n, r) => n + r.non2xx + r.errors, 0);

interface Summary {
  endpoint: string;
  database: Database;
  variant: string;
  rounds: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  limited: number;
  cpu: { server: number; db: number };
  loads: string;
}

function summarize(runs: Run[]): Summary[] {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const key = `${run.endpoint}|${run.database}|${run.variant}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].map((group) => ({
    endpoint: group[0]!.endpoint,
    database: group[0]!.database,
    variant: group[0]!.variant,
    rounds: group.length,
    rps: mean(group.map((r) => r.rps)),
    p50: mean(group.map((r) => r.p50)),
    p99: mean(group.map((r) => r.p99)),
    failed: failures(group),
    limited: group.reduce((n, r) => n + r.limited, 0),
    cpu: { server: mean(group.map((r) => r.cpu.server)), db: mean(group.map((r) => r.cpu.db)) },
    loads: group.map((r) => r.load.split(' ')[0]).join(', '),
  }));
}

function aimText(s: Summary): string {
  if (s.endpoint === ENDPOINT_NAMES.get) return `≥ ${GET_AIM.rps} req/s, p99 ≤ ${GET_AIM.p99} ms, 0 errors`;
  if (s.variant !== 'now') return '0 errors';
  if (isPaced(s)) return `keeps ${PACED_RATE} req/s, p50 ≤ ${PACED_AIM.p50} ms, 0 errors`;
  return `≥ ${WRITE_AIM[s.database].rps} req/s, 0 errors`;
}

function aimHolds(s: Summary): boolean {
  if (s.failed > 0) return false;
  if (s.endpoint === ENDPOINT_NAMES.get) return s.rps >= GET_AIM.rps && s.p99 <= GET_AIM.p99;
  if (s.variant !== 'now') return true;
  if (isPaced(s)) return s.rps >= PACED_RATE * PACED_AIM.kept && s.p50 <= PACED_AIM.p50;
  return s.rps >= WRITE_AIM[s.database].rps;
}

const PREVIOUS = ' — previous results.md';

/**
 * The write rows of "now" in the Server latency section of the results.md this run replaces, by
 * their `what`: the previous commit's figures, kept beside the new ones (measured on another day,
 * so under another load: the "before" rows are the comparison on equal terms).
 */
export function previousWriteRows(file = 'bench/results.md'): Map<string, { measured: string; written: string }> {
  const rows = new Map<string, { measured: string; written: string }>();
  if (!existsSync(file)) return rows;
  const text = readFileSync(file, 'utf8');
  const written = /Written by `npm run bench` on (\S+)/.exec(text)?.[1] ?? 'an earlier run';
  const section = text.split(/^## /m).find((part) => part.startsWith('Server latency'));
  for (const line of section?.split('\n') ?? []) {
    const cells = line.split(' | ');
    const what = cells[0]?.replace(/^\| /, '');
    if (!what?.startsWith('POST') || !what.includes(' — ') || what.includes(' — before') || what.includes(PREVIOUS) || cells.length < 3)
      continue;
    rows.set(what, { measured: cells[1]!, written: written.replace(/\.$/, '') });
  }
  return rows;
}

const cpuText = (database: Database, cpu: { server: number; db: number }) =>
  `${cpu.server.toFixed(2)} · ${database === 'postgres' ? cpu.db.toFixed(2) : '(in server)'}`;

export function latencySection(input: {
  runs: Run[];
  skipped: Skipped[];
  getBytes: number;
  getCount: number;
  loadStart: string;
  baseline: string;
  method: { connections: number; rounds: number; rateLimits: string };
}): BenchSection {
  const { runs, skipped, method } = input;
  const summaries = summarize(runs);
  const previous = previousWriteRows();
  const rows: BenchRow[] = summaries.flatMap((s) => {
    const what = `${s.endpoint}${s.endpoint === ENDPOINT_NAMES.get ? ` (${THREADS} threads)` : ''} — ${LABEL[s.database]}${s.variant === 'now' ? '' : ` — ${s.variant}`}`;
    const row: BenchRow = {
      what,
      measured:
        `${Math.round(s.rps)} req/s · p50 ${ms(s.p50)} · p99 ${ms(s.p99)} · CPU ms/req ${cpuText(s.database, s.cpu)}` +
        `${s.rounds > 1 ? ` (mean of ${s.rounds})` : ''} · load ${s.loads}${s.failed ? ` · ${s.failed} FAILED` : ''}${s.limited ? ` (${s.limited} × 429)` : ''}`,
      budget: aimText(s),
      ok: aimHolds(s),
    };
    const before = s.variant === 'now' ? previous.get(what) : undefined;
    if (!before) return [row];
    return [row, { what: `${what}${PREVIOUS}`, measured: `${before.measured} (written ${before.written})`, budget: '—', ok: null }];
  });
  for (const s of skipped) {
    for (const endpoint of Object.values(ENDPOINT_NAMES))
      rows.push({ what: `${endpoint} — ${LABEL[s.database]}`, measured: s.reason, budget: '—', ok: null });
  }

  const table = markdownTable(
    [
      'Endpoint',
      'Database',
      'Server',
      'req/s',
      'p50',
      'p90',
      'p99',
      'p99.9',
      'max',
      'requests',
      'non-2xx',
      '429',
      'errors',
      'bytes/response',
      'CPU ms/req server · db · client',
      'load avg (1 min)',
    ],
    runs.map((r) => [
      r.endpoint,
      LABEL[r.database],
      r.variant,
      String(Math.round(r.rps)),
      ms(r.p50),
      ms(r.p90),
      ms(r.p99),
      ms(r.p999),
      ms(r.max),
      String(r.requests),
      String(r.non2xx),
      String(r.limited),
      String(r.errors),
      String(r.bytesPerResponse),
      `${cpuText(r.database, r.cpu)} · ${r.cpu.client.toFixed(2)}`,
      r.load,
    ]),
  );
  const detail = [
    table,
    '',
    `"before" is the server of commit(s) ${input.baseline}, from before the write-path work of issue 15 (its start, and its second round); "now" is this checkout. ` +
      `Each runs on its own database (its own PGlite folder, its own PostgreSQL cluster), seeded alike; their write rows alternate ` +
      `in ${method.rounds} round(s) (order reversed every other round), so all meet the same load. "previous results.md" is what the last full run wrote there, on another day and load. The summary rows give the mean of the rounds. ` +
      `CPU ms per request (server process; PostgreSQL's processes) is the figure that load distorts least: one idle core serves about 1000 / (server + db) requests a second.`,
    `Where the write path's time went (issue 15, measured on \`ffb7854\`): a new thread took 12 statements plus BEGIN/COMMIT (a reply 11), and ` +
      `the threads-version triggers re-planned a LANGUAGE sql function on every row at commit — 6 of a 10 ms transaction on PGlite, 4 of 7 on ` +
      `PostgreSQL; zod, jose, Hono and JSON were under 5 % of the server's CPU, PGlite's WebAssembly two thirds. Now each write is one statement ` +
      `(rows, activity entry, webhook check, and most of its answer), run in a transaction only when a webhook listens; the hot statements are prepared on PostgreSQL.`,
    `Second round (measured on \`fc09023\`): a write still took 4 statements (credential, rate-limit count, markup or thread, write), and ` +
      `on PGlite parsing and planning the write statement alone (its EXPLAIN) cost about 3.5 of its 5 ms of CPU, redone on every call. ` +
      `Now a write is 2 statements: the credential lookup takes the rate-limit count (server/http/rate-limit-count.ts), the write checks ` +
      `the markup or thread itself (server/routes/threads-direct-writes.ts); and PGlite runs the statements marked \`prepare\` as ` +
      `named prepared statements, each call one protocol exchange (server/db/pglite-prepared.ts). Nothing is cached across requests.`,
    `Third round (pg_stat_statements and auto_explain on a throwaway cluster, PINMARK_PG_EXTRA_SETTINGS): the version triggers' ` +
      `lookup of a thread's markup kept a plan a pooled connection made while \`threads\` was small — a sequential scan of the whole ` +
      `table, three times per new thread at commit, under the markup's row lock (1.1 ms each at 2,800 threads, growing with the table). ` +
      `Migration 0023 looks it up by primary key with sequential scans off: PostgreSQL's time per new thread went from 20 to 4.9 ms.`,
    `Method: each server runs in its own Node process (\`server/main.ts\`, bound to 127.0.0.1); autocannon runs in the bench process on the same ` +
      `2 cores, ${method.connections} connections, keep-alive, no pipelining, ${WARMUP_SECONDS} s warm-up (dropped) then ${SECONDS} s measured per run. ` +
      `Rows "at ${PACED_RATE} req/s" (PostgreSQL) offer that rate across the connections instead of sending as fast as answers come: ` +
      `a p50 aim needs a rate, since at saturation p50 ≈ connections ÷ throughput (Little's law) whatever the server does. ` +
      `Callers: the demo workspace API key for GET and the seeding, ${REVIEWERS} reviewers (exchange tokens) taking turns for the POST rows; ` +
      `rate limiting ${method.rateLimits}, the server trusting one proxy and each request coming from one of ${CLIENTS} client addresses (X-Forwarded-For). ` +
      `PostgreSQL is a throwaway local cluster (fsync off), reached over TCP on loopback.`,
    `\`GET /threads?markupId=…\` with the defaults (order \`pin_asc\`, \`limit\` 50): one request returns ${input.getCount} of the ${THREADS} full ` +
      `thread records (each with its message, elements, parents, author) plus \`total\`/\`cursorId\` — ${input.getBytes} bytes of JSON; ` +
      `a client reading all ${THREADS} threads makes ${Math.ceil(THREADS / Math.max(input.getCount, 1))} such requests.`,
    `\`POST /threads\` creates a thread with a distinct body per request, no Idempotency-Key; \`POST /threads/:id/messages\` replies round-robin ` +
      `to the 100 threads outside the first page. Load average at start: ${input.loadStart}; other work on the machine shares the cores.`,
  ].join('\n');
  // run.ts prints only the rows when BENCH_ONLY is set; the per-run table is what a reader needs.
  console.log(`\n${detail}`);
  return { title: 'Server latency', rows, detail };
}
