/**
 * Server latency (issue 7): requests/s and latency percentiles of `POST /threads`, `GET /threads`
 * on a markup holding 1000 threads, and `POST /threads/:id/messages`, against the reference server
 * in its own process — on embedded PGlite, then on a throwaway PostgreSQL cluster — driven by
 * autocannon from this process over 127.0.0.1. Every run is bounded by time and connections and
 * preceded by a short warm-up run whose numbers are dropped.
 *
 * Order matters: GET is measured right after seeding, while the markup holds exactly 1000 threads
 * with one message each; the POST runs then add threads and replies (to threads outside the first
 * page) and are measured last.
 *
 * Rate limiting is on, as deployed: the server trusts one proxy (PINMARK_TRUST_PROXY=1) and every
 * request names one of CLIENTS client addresses in X-Forwarded-For, as a reverse proxy in front of
 * many visitors would; the POST rows are spread over REVIEWERS reviewers (exchange tokens), each
 * within its own per-minute allowance. 429s are counted apart and fail the row.
 *
 * Knobs: BENCH_LATENCY_SECONDS (default 4), BENCH_LATENCY_CONNECTIONS (10), BENCH_LATENCY_DB
 * (`pglite`, `postgres` or both), BENCH_LATENCY_ENDPOINTS (`get,thread,reply` or a subset),
 * BENCH_LATENCY_RATE_LIMITS=off (to compare without rate limiting), and
 * BENCH_LATENCY_CPU_PROF=<dir> to run the server with --cpu-prof (for finding what a request costs).
 */
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { postgresBinDir, startTestCluster, type TestCluster } from '../scripts/test-postgres.ts';
import { clusterCpuMs, postmasterPid, processCpuMs } from './proc-cpu.ts';
import { markdownTable, type BenchRow, type BenchSection } from './section.ts';
import { startServer, type BenchServer } from './server.ts';
import { CLIENTS, clientAddress, REVIEWERS, reviewerTokens } from './traffic.ts';

const SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 4);
const WARMUP_SECONDS = 1;
const ENDPOINTS = (process.env.BENCH_LATENCY_ENDPOINTS ?? 'get,thread,reply').split(',').map((s) => s.trim());
const CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
/** `off` measures without rate limiting, to compare. */
const RATE_LIMITS = process.env.BENCH_LATENCY_RATE_LIMITS ?? 'on';
const THREADS = 1000;
const AIM_RPS = 500;
const AIM_P99_MS = 50;
/** Ports 8890–8899 are this bench's; one per database so a slow shutdown never collides. */
const PORTS = { pglite: 8890, postgres: 8891 } as const;
type Database = keyof typeof PORTS;
const LABEL: Record<Database, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

interface Run {
  endpoint: string;
  database: Database;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  requests: number;
  non2xx: number;
  /** 429 answers (part of non2xx): a rate limit the bench's traffic ran into. */
  limited: number;
  errors: number;
  bytesPerResponse: number;
  load: string;
  /** CPU milliseconds per request: the server process, PostgreSQL's processes, this load generator. */
  cpu: { server: number; db: number; client: number };
}

/** Cumulative CPU of the processes a run involves. */
interface CpuProbe {
  server(): number;
  db(): number;
}

type Skipped = { database: Database; reason: string };

function threadBody(base: string, markupId: string, n: number): string {
  return JSON.stringify({
    projectId: markupId,
    isImageThread: false,
    url: `${base}/pricing.html?utm_source=bench`,
    canonicalUrl: `${base}/pricing.html`,
    elements: [{ elementPath: `main > section:nth-of-type(${(n % 9) + 1}) > h2`, offsetXPercentage: 12.5, offsetYPercentage: 40 }],
    offsetXPercentage: 33.3,
    offsetYPercentage: n % 100,
    message: { ops: [{ insert: `Bench thread ${n}: the price looks wrong ` }, { insert: { mention: { id: 'u-1', value: 'Demo Owner' } } }, { insert: '\n' }] },
    browserContext: {
      browserName: 'Chrome', browserVersion: '131', os: 'Linux', osVersion: '6.1', osVersionName: '', platform: 'desktop',
      screenWidth: 1920, screenHeight: 1080, viewportWidth: 1280, viewportHeight: 800, devicePixelRatio: 1,
    },
    elementParents: [{ url: `${base}/pricing.html`, canonicalUrl: `${base}/pricing.html`, path: 'main > section:nth-of-type(2)', depth: 1 }],
    viewModeId: 'desktop',
  });
}

const replyBody = (n: number) => JSON.stringify({ message: { ops: [{ insert: `Bench reply ${n}, agreed.\n` }] } });

/** Creates THREADS threads over HTTP, 10 at a time, so the server (and its caches, if any) sees them. */
async function seed(server: BenchServer, headers: Record<string, string>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < THREADS; n = next++) {
      const res = await fetch(`${server.url}/api/v2/threads`, {
        method: 'POST',
        headers: { ...headers, 'X-Forwarded-For': clientAddress(n) },
        body: threadBody(server.url, server.demo.markupId, n),
      });
      if (res.status !== 200) throw new Error(`seeding thread ${n}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

async function getJson(url: string, headers: Record<string, string>): Promise<{ body: any; bytes: number }> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function drive(endpoint: string, database: Database, probe: CpuProbe, base: autocannon.Options): Promise<Run> {
  await cannon({ ...base, duration: WARMUP_SECONDS });
  const before = loadavg()[0]!;
  const cpuBefore = { server: probe.server(), db: probe.db(), client: process.cpuUsage() };
  const r = await cannon({ ...base, duration: SECONDS });
  const client = process.cpuUsage(cpuBefore.client);
  const cpu = { server: probe.server() - cpuBefore.server, db: probe.db() - cpuBefore.db, client: (client.user + client.system) / 1000 };
  const after = loadavg()[0]!;
  console.error(`server-latency: ${endpoint} on ${LABEL[database]}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
  const responses = r.requests.total;
  const per = (v: number) => (responses > 0 ? v / responses : 0);
  return {
    cpu: { server: per(cpu.server), db: per(cpu.db), client: per(cpu.client) },
    endpoint,
    database,
    rps: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    p999: r.latency.p99_9,
    max: r.latency.max,
    requests: responses,
    non2xx: r.non2xx,
    limited: r.statusCodeStats?.['429']?.count ?? 0,
    errors: r.errors + r.timeouts,
    bytesPerResponse: responses > 0 ? Math.round(r.throughput.total / responses) : 0,
    load: `${before.toFixed(2)} → ${after.toFixed(2)}`,
  };
}

async function measureOn(database: Database, env: Record<string, string>): Promise<{ runs: Run[]; getBytes: number; getCount: number }> {
  const profDir = process.env.BENCH_LATENCY_CPU_PROF;
  const server = await startServer(PORTS[database], {
    host: '127.0.0.1',
    env: { ...env, HOST: '127.0.0.1', PINMARK_TRUST_PROXY: '1', PINMARK_RATE_LIMITS: RATE_LIMITS },
    nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  });
  try {
    const postmaster = env.DATABASE_URL ? postmasterPid(Number(new URL(env.DATABASE_URL).port)) : undefined;
    const probe: CpuProbe = { server: () => processCpuMs(server.pid), db: () => (postmaster ? clusterCpuMs(postmaster) : 0) };
    const auth = { Authorization: `Bearer ${server.demo.workspaceApiKey}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    await seed(server, json);
    const api = `${server.url}/api/v2`;
    const listPath = `/api/v2/threads?markupId=${server.demo.markupId}`;
    const first = await getJson(`${server.url}${listPath}`, auth);
    if (first.body.data.total !== THREADS) throw new Error(`expected ${THREADS} threads, the server lists ${first.body.data.total}`);
    const tail = await getJson(`${api}/threads?markupId=${server.demo.markupId}&limit=100&offset=${THREADS - 100}`, auth);
    const replyTargets: string[] = tail.body.data.threads.map((t: { id: string }) => t.id);
    const reviewers = await reviewerTokens(server);
    /** Reviewer n's headers, from client address n: every request another visitor behind the proxy. */
    const asReviewer = (n: number) => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${reviewers[n % REVIEWERS]}`, 'X-Forwarded-For': clientAddress(n) });

    const common = { url: server.url, connections: CONNECTIONS, pipelining: 1, timeout: 10 };
    const runs: Run[] = [];
    if (ENDPOINTS.includes('get')) runs.push(await drive('GET /threads', database, probe, { ...common, url: `${server.url}${listPath}`, method: 'GET', headers: auth }));
    let threadN = THREADS;
    if (ENDPOINTS.includes('thread')) runs.push(
      await drive('POST /threads', database, probe, {
        ...common,
        requests: [
          {
            method: 'POST',
            path: '/api/v2/threads',
            setupRequest: (req) => ({ ...req, headers: asReviewer(threadN), body: threadBody(server.url, server.demo.markupId, threadN++) }),
          },
        ],
      }),
    );
    let replyN = 0;
    if (ENDPOINTS.includes('reply')) runs.push(
      await drive('POST /threads/:id/messages', database, probe, {
        ...common,
        requests: [
          {
            method: 'POST',
            // Spread over 100 threads, so the bench times replies rather than one thread's row lock.
            setupRequest: (req) => ({
              ...req,
              headers: asReviewer(replyN),
              path: `/api/v2/threads/${replyTargets[replyN % replyTargets.length]}/messages`,
              body: replyBody(replyN++),
            }),
          },
        ],
      }),
    );
    return { runs, getBytes: first.bytes, getCount: first.body.data.threads.length };
  } finally {
    // autocannon drops its sockets with requests still in flight; the server's shutdown does not wait
    // for handlers whose connection is gone, so give them a moment before it closes the database.
    await new Promise((r) => setTimeout(r, 1000));
    await server.stop();
  }
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

function aimHolds(run: Run): boolean {
  return run.rps >= AIM_RPS && run.p99 <= AIM_P99_MS && run.non2xx === 0 && run.errors === 0;
}

export async function measure(): Promise<BenchSection> {
  const wanted = (process.env.BENCH_LATENCY_DB ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const runs: Run[] = [];
  const skipped: Skipped[] = [];
  let getBytes = 0;
  let getCount = 0;
  const loadStart = loadavg().map((v) => v.toFixed(2)).join(', ');

  for (const database of ['pglite', 'postgres'] as Database[]) {
    if (!wanted.includes(database)) continue;
    let cluster: TestCluster | undefined;
    try {
      let env: Record<string, string> = {};
      if (database === 'postgres') {
        const binDir = postgresBinDir();
        if (!binDir) {
          skipped.push({ database, reason: 'skipped: no PostgreSQL' });
          continue;
        }
        cluster = await startTestCluster(binDir);
        env = { DATABASE_URL: cluster.url };
      }
      const result = await measureOn(database, env);
      runs.push(...result.runs);
      getBytes = result.getBytes;
      getCount = result.getCount;
    } finally {
      cluster?.stop();
    }
  }

  const rows: BenchRow[] = [];
  for (const run of runs) {
    const failed = run.non2xx + run.errors;
    const isGet = run.endpoint === 'GET /threads';
    rows.push({
      what: `${run.endpoint}${isGet ? ` (${THREADS} threads)` : ''} — ${LABEL[run.database]}`,
      measured: `${Math.round(run.rps)} req/s · p50 ${ms(run.p50)} · p99 ${ms(run.p99)}${failed ? ` · ${failed} FAILED` : ''}${run.limited ? ` (${run.limited} × 429)` : ''}`,
      budget: isGet ? `≥ ${AIM_RPS} req/s, p99 ≤ ${AIM_P99_MS} ms, 0 errors` : '0 errors',
      ok: isGet ? aimHolds(run) : failed === 0,
    });
  }
  for (const s of skipped) {
    for (const endpoint of ['GET /threads', 'POST /threads', 'POST /threads/:id/messages']) {
      rows.push({ what: `${endpoint} — ${LABEL[s.database]}`, measured: s.reason, budget: '—', ok: null });
    }
  }

  const table = markdownTable(
    ['Endpoint', 'Database', 'req/s', 'p50', 'p90', 'p99', 'p99.9', 'max', 'requests', 'non-2xx', '429', 'errors', 'bytes/response', 'CPU ms/req server · db · client', 'load avg (1 min)'],
    runs.map((r) => [
      r.endpoint, LABEL[r.database], String(Math.round(r.rps)), ms(r.p50), ms(r.p90), ms(r.p99), ms(r.p999), ms(r.max),
      String(r.requests), String(r.non2xx), String(r.limited), String(r.errors), String(r.bytesPerResponse),
      `${r.cpu.server.toFixed(2)} · ${r.database === 'postgres' ? r.cpu.db.toFixed(2) : '(in server)'} · ${r.cpu.client.toFixed(2)}`, r.load,
    ]),
  );
  const verdicts = runs
    .filter((r) => r.endpoint === 'GET /threads')
    .map(
      (r) =>
        `- ${LABEL[r.database]}: ${aimHolds(r) ? 'holds' : 'does NOT hold'} (${Math.round(r.rps)} req/s, p99 ${ms(r.p99)}). ` +
        `The server process spent ${r.cpu.server.toFixed(2)} ms of CPU per request, so one idle core serves at most ` +
        `~${Math.round(1000 / Math.max(r.cpu.server, 0.01))} req/s (the server is one Node thread${r.database === 'pglite' ? ', PGlite included' : ''}).`,
    )
    .concat(skipped.map((s) => `- ${LABEL[s.database]}: ${s.reason}.`));
  const detail = [
    table,
    '',
    `Aim (issue 7): ≥ ${AIM_RPS} req/s for \`GET /threads\` with p99 ≤ ${AIM_P99_MS} ms on 2 cores:`,
    ...verdicts,
    '',
    `Method: the server runs in its own Node process (\`server/main.ts\`, bound to 127.0.0.1); autocannon runs in the bench process on the same ` +
      `2 cores, ${CONNECTIONS} connections, keep-alive, no pipelining, ${WARMUP_SECONDS} s warm-up (dropped) then ${SECONDS} s measured per row. ` +
      `Callers: the demo workspace API key for GET and the seeding, ${REVIEWERS} reviewers (exchange tokens) taking turns for the POST rows; ` +
      `rate limiting ${RATE_LIMITS}, the server trusting one proxy and each request coming from one of ${CLIENTS} client addresses (X-Forwarded-For). PostgreSQL is a throwaway local cluster (fsync off), reached over TCP on loopback.`,
    `\`GET /threads?markupId=…\` with the defaults (order \`pin_asc\`, \`limit\` 50): one request returns ${getCount} of the ${THREADS} full ` +
      `thread records (each with its message, elements, parents, author) plus \`total\`/\`cursorId\` — ${getBytes} bytes of JSON; ` +
      `a client reading all ${THREADS} threads makes ${Math.ceil(THREADS / Math.max(getCount, 1))} such requests.`,
    `\`POST /threads\` creates a thread with a distinct body per request, no Idempotency-Key; \`POST /threads/:id/messages\` replies round-robin ` +
      `to the 100 threads outside the first page. Load average at start: ${loadStart}; other work on the machine shares the cores.`,
  ].join('\n');
  // run.ts prints only the rows when BENCH_ONLY is set; the per-run table is what a reader needs.
  console.log(`\n${detail}`);
  return { title: 'Server latency', rows, detail };
}
