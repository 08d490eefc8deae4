/** Starts the reference server on a free data folder for a benchmark, and stops it afterwards. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  url: string;
  demo: { publicKey: string; markupId: string; workspaceApiKey: string; apiBase: string };
  stop(): Promise<void>;
}

export async function startServer(port: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pinmark-bench-'));
  const url = `http://localhost:${port}`;
  // One process (not npx → tsx → node), so SIGTERM reaches the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const demo = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8'));
  return {
    url,
    demo,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
