/**
 * The real PostgreSQL the `server-pg` test project runs against: where its binaries are, and a
 * throwaway cluster (initdb in a temporary folder, a free local port, trust auth) that is stopped
 * and deleted however the run ends. `scripts/ensure-postgres.mjs` installs Debian's package first.
 *
 * Environment: PINMARK_TEST_PG=0 skips the PostgreSQL project; PINMARK_TEST_PG_URL uses a server
 * you run yourself (a role that may CREATE DATABASE) instead of a throwaway one; PINMARK_PG_BIN
 * names a folder with initdb and pg_ctl when they are not under /usr/lib/postgresql/<version>/bin.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const hasServerBinaries = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(path.join(dir, bin)));

/** The newest PostgreSQL server binaries folder, or undefined. */
export function postgresBinDir(): string | undefined {
  const explicit = process.env.PINMARK_PG_BIN;
  if (explicit) return hasServerBinaries(explicit) ? explicit : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'))
    .find(hasServerBinaries);
}

/** Whether the `server-pg` project runs (decided when vitest loads its config). */
export function postgresTestsEnabled(): boolean {
  if (process.env.PINMARK_TEST_PG === '0') return false;
  return !!process.env.PINMARK_TEST_PG_URL || postgresBinDir() !== undefined;
}

export interface TestCluster {
  /** Superuser connection string to the `postgres` database. */
  url: string;
  /** Stops the server and deletes its folder; synchronous so it also works in an `exit` handler. */
  stop(): void;
}

/**
 * A session zone other than UTC, so SQL whose result depends on the server's zone (timestamps cast
 * to text, date_trunc) fails here rather than on a customer's server. PGlite always runs in UTC.
 */
const SERVER_SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  "timezone = 'America/Sao_Paulo'",
  // A throwaway cluster: durability is worthless, speed is not.
  'fsync = off',
  'synchronous_commit = off',
  'full_page_writes = off',
  'max_connections = 200',
  "log_min_messages = 'warning'",
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (or nobody). */
function unprivilegedUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('Running as root and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as.');
}

export async function startTestCluster(binDir: string): Promise<TestCluster> {
  const user = unprivilegedUser();
  const base = mkdtempSync(path.join(tmpdir(), 'pinmark-pg-'));
  const dataDir = path.join(base, 'data');
  if (user) chownSync(base, user.uid, user.gid);
  // pg_ctl's folder must be reachable by the unprivileged user.
  if (user && (statSync(tmpdir()).mode & 0o001) === 0) chmodSync(base, 0o755);

  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = user ? ['runuser', ['-u', user.name, '--', path.join(binDir, bin), ...args]] : [path.join(binDir, bin), args];
    return spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  };
  const reaper = startReaper({ pgCtl: path.join(binDir, 'pg_ctl'), dataDir, base, user: user?.name });

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const signal of SIGNALS) process.off(signal, onSignal);
    process.off('exit', stop);
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(base, { recursive: true, force: true });
    reaper.stdin?.end();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    // Alone on this signal, do what it would have done; otherwise vitest's own handler exits.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);
  process.on('exit', stop);

  try {
    // C.UTF-8 is what PGlite uses; plain C where the C library lacks it.
    let init = run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    if (init.status !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      init = run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    }
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
    // PINMARK_PG_EXTRA_SETTINGS (lines separated by `;`): e.g. pg_stat_statements for profiling a bench.
    const extra = (process.env.PINMARK_PG_EXTRA_SETTINGS ?? '').split(';').filter((line) => line.trim());
    const settings = [...SERVER_SETTINGS, ...extra].join('\n');
    writeFileSync(path.join(dataDir, 'postgresql.conf'), `\n${settings}\nunix_socket_directories = '${base}'\n`, {
      flag: 'a',
    });

    // Another process may take the port between choosing and binding it: try again with another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const log = path.join(base, 'server.log');
      const started = run('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '30', '-o', `-p ${port}`, 'start']);
      if (started.status === 0) return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      if (attempt === 3) {
        const serverLog = existsSync(log) ? spawnSync('tail', ['-n', '20', log], { encoding: 'utf8' }).stdout : '';
        throw new Error(`pg_ctl start failed:\n${started.stdout}${started.stderr}\n${serverLog}`);
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * A detached watcher holding a pipe from this process: when the pipe closes — also when this
 * process is killed with SIGKILL and no handler runs — it stops the cluster and deletes the folder.
 */
function startReaper(job: { pgCtl: string; dataDir: string; base: string; user: string | undefined }): ChildProcess {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pg-reaper.mjs');
  const child = spawn(process.execPath, [script, JSON.stringify(job)], { detached: true, stdio: ['pipe', 'ignore', 'inherit'] });
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}
