/**
 * Server latency (issues 7 and 15): requests/s and latency percentiles of `POST /threads`, `GET /threads`
 * on a markup holding 1000 threads, and `POST /threads/:id/messages`, against the reference server
 * in its own process — on embedded PGlite, then on a throwaway PostgreSQL cluster — driven by
 * autocannon from this process over 127.0.0.1 (the traffic is server-latency-drive.ts). Every run is
 * bounded by time and connections and preceded by a short warm-up run whose numbers are dropped.
 *
 * The write rows are measured on this checkout ("now") and on the commits the write-path work
 * started from ("before", server-baseline.ts), each server on its own database, in alternating
 * rounds (before, now, then now, before, …), so all see the same machine load. The figures the
 * previous run wrote to bench/results.md are printed beside them (server-latency-report.ts). A shared 2-core box
 * makes req/s swing with whatever else runs; the CPU milliseconds per request swing far less.
 *
 * Order matters: GET is measured (on "now" only) right after seeding, while the markup holds exactly
 * 1000 threads with one message each; the POST runs then add threads and replies (to threads outside
 * the first page).
 *
 * Rate limiting is on, as deployed: the server trusts one proxy (PINMARK_TRUST_PROXY=1) and every
 * request names one of CLIENTS client addresses in X-Forwarded-For, as a reverse proxy in front of
 * many visitors would; the POST rows are spread over REVIEWERS reviewers (exchange tokens), each
 * within its own per-minute allowance. 429s are counted apart and fail the row.
 *
 * Knobs: BENCH_LATENCY_SECONDS (default 4), BENCH_LATENCY_CONNECTIONS (10), BENCH_LATENCY_DB
 * (`pglite`, `postgres` or both), BENCH_LATENCY_ENDPOINTS (`get,thread,reply` or a subset),
 * BENCH_LATENCY_ROUNDS (2), BENCH_LATENCY_BASELINE (a commit, or `off`), BENCH_LATENCY_RATE_LIMITS=off
 * (to compare without rate limiting), and BENCH_LATENCY_CPU_PROF=<dir> to run the servers with
 * --cpu-prof (for finding what a request costs).
 */
import { loadavg } from 'node:os';
import { postgresBinDir, startTestCluster, type TestCluster } from '../scripts/test-postgres.ts';
import { clusterCpuMs, postmasterPid, processCpuMs } from './proc-cpu.ts';
import { prepareBaselines } from './server-baseline.ts';
import {
  CONNECTIONS,
  driveEndpoint,
  LABEL,
  prepareTarget,
  type Database,
  type Endpoint,
  type Run,
  type Target,
} from './server-latency-drive.ts';
import { latencySection, type Skipped } from './server-latency-report.ts';
import { startServer, type BenchServer } from './server.ts';

const ENDPOINTS = (process.env.BENCH_LATENCY_ENDPOINTS ?? 'get,thread,reply').split(',').map((s) => s.trim()) as Endpoint[];
const ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 2);
/** `off` measures without rate limiting, to compare. */
const RATE_LIMITS = process.env.BENCH_LATENCY_RATE_LIMITS ?? 'on';
/** Ports 8890–8899 are this bench's: one per database and variant, so a slow shutdown never collides. */
const PORTS: Record<Database, { now: number; before: number[] }> = {
  pglite: { now: 8890, before: [8892, 8894, 8896, 8898] },
  postgres: { now: 8891, before: [8893, 8895, 8897, 8899] },
};

interface Variant {
  name: string;
  /** The checkout to run; undefined for this one. */
  root?: string;
  port: number;
}

interface Started {
  server: BenchServer;
  cluster?: TestCluster;
  probe: Target['probe'];
}

async function startVariant(variant: Variant, database: Database): Promise<Started> {
  const profDir = process.env.BENCH_LATENCY_CPU_PROF;
  const cluster = database === 'postgres' ? await startTestCluster(postgresBinDir()!) : undefined;
  try {
    const server = await startServer(variant.port, {
      host: '127.0.0.1',
      root: variant.root,
      env: {
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
        HOST: '127.0.0.1',
        PINMARK_TRUST_PROXY: '1',
        PINMARK_RATE_LIMITS: RATE_LIMITS,
      },
      nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    });
    const postmaster = cluster ? postmasterPid(Number(new URL(cluster.url).port)) : undefined;
    return { server, cluster, probe: { server: () => processCpuMs(server.pid), db: () => (postmaster ? clusterCpuMs(postmaster) : 0) } };
  } catch (error) {
    cluster?.stop();
    throw error;
  }
}

async function stopVariant(started: Started): Promise<void> {
  // autocannon drops its sockets with requests still in flight; the server's shutdown does not wait
  // for handlers whose connection is gone, so give them a moment before it closes the database.
  await new Promise((r) => setTimeout(r, 1000));
  await started.server.stop();
  started.cluster?.stop();
}

/** Every run on one database: GET on "now", then each write endpoint in alternating rounds over the variants. */
async function measureOn(database: Database, variants: Variant[]): Promise<{ runs: Run[]; now?: Target }> {
  const started: Started[] = [];
  const runs: Run[] = [];
  try {
    const targets: Target[] = [];
    for (const variant of variants) {
      const s = await startVariant(variant, database);
      started.push(s);
      targets.push(await prepareTarget(s.server, variant.name, database, s.probe));
      // GET right after "now" is seeded, before any write run adds threads.
      if (variant.name === 'now' && ENDPOINTS.includes('get')) runs.push(await driveEndpoint('get', targets.at(-1)!));
    }
    for (const endpoint of ENDPOINTS.filter((e) => e !== 'get')) {
      for (let round = 0; round < ROUNDS; round++) {
        // Reversed every other round, so neither variant always runs first after a change of load.
        const order = round % 2 === 0 ? [...targets].reverse() : targets;
        for (const target of order) {
          runs.push(await driveEndpoint(endpoint, target));
          // PostgreSQL's latency aim holds at a rate, not at saturation (PACED_RATE says why).
          if (database === 'postgres') runs.push(await driveEndpoint(endpoint, target, true));
        }
      }
    }
    return { runs, now: targets.find((t) => t.variant === 'now') };
  } finally {
    for (const s of started) await stopVariant(s);
  }
}

export async function measure() {
  const wanted = (process.env.BENCH_LATENCY_DB ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const baselines = ENDPOINTS.some((e) => e !== 'get')
    ? prepareBaselines().slice(0, PORTS.pglite.before.length)
    : [{ ok: false as const, reason: 'no write endpoint measured' }];
  const runs: Run[] = [];
  const skipped: Skipped[] = [];
  let getBytes = 0;
  let getCount = 0;
  const loadStart = loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

  for (const database of ['pglite', 'postgres'] as Database[]) {
    if (!wanted.includes(database)) continue;
    if (database === 'postgres' && !postgresBinDir()) {
      skipped.push({ database, reason: 'skipped: no PostgreSQL' });
      continue;
    }
    const variants: Variant[] = baselines.flatMap((baseline, i) =>
      baseline.ok ? [{ name: `before (${baseline.commit})`, root: baseline.root, port: PORTS[database].before[i]! }] : [],
    );
    variants.push({ name: 'now', port: PORTS[database].now });
    const result = await measureOn(database, variants);
    runs.push(...result.runs);
    if (result.now) ({ getBytes, getCount } = result.now);
    console.error(`server-latency: ${LABEL[database]} done`);
  }

  return latencySection({
    runs,
    skipped,
    getBytes,
    getCount,
    loadStart,
    baseline: baselines.map((b) => (b.ok ? b.commit : `none (${b.reason})`)).join(', '),
    method: { connections: CONNECTIONS, rounds: ROUNDS, rateLimits: RATE_LIMITS },
  });
}
