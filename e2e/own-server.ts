/**
 * A second reference server a spec starts for itself (E2E_PORT + an offset of its own), for what the
 * shared e2e server is not configured for: an OIDC provider, a real SMTP server, an unreachable one.
 * It runs server/main.ts with a fresh data folder and the spec's environment, is waited for (a fresh
 * database is migrated and seeded first), and is stopped with its whole process group afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface OwnServer {
  origin: string;
  /** The demo seed's keys and ids (DATA_DIR/demo.json). */
  seed: { workspaceApiKey: string; markupId: string };
  stop(): Promise<void>;
}

export async function startOwnServer(name: string, portOffset: number, env: Record<string, string>): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 8788) + portOffset;
  const origin = `http://localhost:${port}`;
  const dataDir = join(process.cwd(), '.tmp', `e2e-${name}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  let log = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // As long as playwright.config.ts gives the main server.
  const until = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the ${name} test server exited:\n${log}`);
    if (
      await fetch(`${origin}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the ${name} test server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seed = JSON.parse(readFileSync(join(dataDir, 'demo.json'), 'utf8')) as OwnServer['seed'];
  return { origin, seed, stop };
}
