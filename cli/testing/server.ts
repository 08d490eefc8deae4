/**
 * The real Pinmark server as a process for the CLI's tests: `server/main.ts` on a free port (or
 * PINMARK_CLI_TEST_PORT) with a fresh data folder, its demo seed read back from `demo.json`.
 * Started once for the `cli` vitest project (global-setup.ts) and shared by its files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  apiKey: string;
  organizationApiKey: string;
  workspaceId: string;
  markupId: string;
  dataDir: string;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function healthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start in 90 s:\n${log()}`);
}

/** `dataDir`: an existing data folder (kept); by default a fresh one, removed by stop(). */
export async function startServer(options: { dataDir?: string } = {}): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const port = Number(process.env.PINMARK_CLI_TEST_PORT) || (await freePort());
  const url = `http://localhost:${port}`;
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dataDir = options.dataDir ?? mkdtempSync(join(ROOT, '.tmp', 'cli-test-data-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await healthy(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  // A folder prepared by `npm run admin -- init` has no demo seed: the test brings its own key.
  const seedFile = join(dataDir, 'demo.json');
  const seed = existsSync(seedFile) ? JSON.parse(readFileSync(seedFile, 'utf8')) : {};
  return {
    server: {
      url,
      apiKey: seed.workspaceApiKey,
      organizationApiKey: seed.organizationApiKey,
      workspaceId: seed.workspaceId,
      markupId: seed.markupId,
      dataDir,
    },
    stop,
  };
}
