/** Starts the reference server on a free data folder for a benchmark, and stops it afterwards. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  url: string;
  pid: number;
  demo: {
    publicKey: string;
    markupId: string;
    workspaceApiKey: string;
    apiBase: string;
    /** The demo installation's signing key: benches sign customer JWTs for reviewers of their own. */
    customerJwt: { alg: string; privateJwk: Record<string, unknown>; iss: string; aud: string };
  };
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (DATABASE_URL selects PostgreSQL instead of PGlite). */
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof) ahead of the script. */
  nodeArgs?: string[];
  /** Host in the URL; the latency bench uses 127.0.0.1 so no resolver or IPv6 fallback is timed. */
  host?: string;
  /** The checkout whose `server/main.ts` runs (default: this one); the latency bench runs an earlier commit's beside it. */
  root?: string;
  /** A data folder to use and keep (the inbox bench seeds it between two starts); default: a new one, removed on stop. */
  dataDir?: string;
}

export async function startServer(port: number, options: StartOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pinmark-bench-'));
  const url = `http://${options.host ?? 'localhost'}:${port}`;
  // One process (not npx → tsx → node), so SIGTERM reaches the server itself.
  // Vite's in-process builds set NODE_ENV=production in this process; the server must not inherit it
  // (production mode has no demo, and the benches drive the demo).
  const { NODE_ENV: _buildMode, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, ...options.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
    ...(options.root ? { cwd: options.root } : {}),
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const demo = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8'));
  return {
    url,
    pid: child.pid!,
    demo,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
