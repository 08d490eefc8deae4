/**
 * `pinmark keys` on a production-style data folder: `npm run admin -- init` makes the workspace,
 * `pinmark keys create` a key for it, and a server started on that folder accepts the key.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.ts';
import { ROOT, startServer } from './testing/server.ts';

const dataDir = mkdtempSync(join(ROOT, '.tmp', 'cli-keys-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PINMARK_URL: '', PINMARK_API_KEY: '' };
const stops: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const stop of stops) await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pinmark keys', () => {
  it('creates a workspace key the server then accepts, and lists it masked', async () => {
    const init = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/admin.ts', 'init', '--workspace', 'Acme', '--site', 'https://www.acme.test'],
      {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      },
    );
    expect(init.status, init.stderr).toBe(0);
    const workspaceId = /Created workspace "Acme" \(([0-9a-f-]{36})\)/.exec(init.stdout)![1]!;

    const created = await runCli(['keys', 'create', '--workspace', workspaceId, '--name', 'Coding agent', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const { key, ...rest } = JSON.parse(created.stdout);
    expect(key).toMatch(/^pk_ws_[A-Za-z0-9_-]{40,}$/);
    expect(rest).toEqual({ workspaceId, name: 'Coding agent' });

    const listed = await runCli(['keys', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${key.slice(0, 8)}\\S*…\\s+workspace\\s+workspace ${workspaceId}\\s+Coding agent`));

    // The embedded database has one owner: the server starts after the admin module is done.
    const { server, stop } = await startServer({ dataDir });
    stops.push(stop);
    try {
      const threads = await runCli(['threads', '--json', '--url', server.url, '--api-key', key], env);
      expect(threads.code, threads.stderr).toBe(0);
      expect(JSON.parse(threads.stdout)).toEqual({ total: 0, threads: [] });
      const busy = await runCli(['keys', 'list'], env);
      expect(busy.code).toBe(4);
      expect(busy.stderr).toMatch(/DATA_DIR|data folder|in use|lock/i);
    } finally {
      await stop();
    }
  }, 180_000);

  it('usage and not-found exits', async () => {
    expect((await runCli(['keys', 'create'], env)).code).toBe(1);
    expect((await runCli(['keys', 'rotate'], env)).code).toBe(1);
    const missing = await runCli(['keys', 'create', '--workspace', '00000000-0000-4000-8000-000000000000'], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('No workspace 00000000-0000-4000-8000-000000000000');
  }, 60_000);
});
