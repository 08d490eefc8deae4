/**
 * `pinmark` as a process against the real server: tables and `--json` shapes, the thread actions,
 * exports, and the exit codes (0 ok, 1 usage, 2 auth, 3 not found, 4 server/network).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ThreadResponse } from '../src/api/wire';
import { attachScreenshot, createThread } from './testing/api-threads.ts';
import { cliEnv, runCli, runJson } from './testing/run-cli.ts';
import { freePort, ROOT } from './testing/server.ts';

const server = inject('pinmarkServer');
const env = cliEnv(server);
let withShot: ThreadResponse;
let plain: ThreadResponse;
let png: Buffer;

beforeAll(async () => {
  withShot = await createThread(server, { text: 'Checkout total is wrong\nIt shows € 0', path: '/?case=cli-shot', diagnostics: true });
  png = await attachScreenshot(server, withShot.id);
  plain = await createThread(server, { text: 'Logo is blurry', path: '/?case=cli-plain' });
});

describe('pinmark threads', () => {
  it('prints a table of the threads, newest activity first', async () => {
    const run = await runCli(['threads'], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s*#\s+STATUS\s+SITE\s+PAGE\s+AUTHOR\s+MSGS\s+HAS\s+ACTIVITY \(UTC\)\s+TITLE$/);
    const shotRow = lines.find((l) => l.includes('Checkout total is wrong'))!;
    expect(shotRow).toMatch(new RegExp(`^\\s*${withShot.number}\\s+open\\s+.*/\\?case=cli-shot.*shot,diag`));
    expect(lines.findIndex((l) => l.includes('Logo is blurry'))).toBeLessThan(lines.indexOf(shotRow));
  });

  it('--json gives the inbox rows and the total', async () => {
    const body = await runJson(['threads', '--open', '--markup', server.markupId], env);
    expect(body.total).toBeGreaterThanOrEqual(2);
    const row = body.threads.find((t: any) => t.id === withShot.id);
    expect(row).toMatchObject({
      number: withShot.number,
      resolved: false,
      hasScreenshot: true,
      hasDiagnostics: true,
      markupId: server.markupId,
    });
    const byName = await runJson(['threads', '--markup', 'pinmark demo', '--search', 'blurry'], env);
    expect(byName.threads.map((t: any) => t.id)).toEqual([plain.id]);
  });
});

describe('pinmark show', () => {
  it('shows the thread whole and saves its screenshot', async () => {
    const file = join(ROOT, '.tmp', `cli-shot-${process.pid}.png`);
    const run = await runCli(['show', `#${withShot.number}`, '--screenshot', file], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`#${withShot.number}  Checkout total is wrong`);
    expect(run.stdout).toMatch(/Element\s+main > h1/);
    expect(run.stdout).toMatch(/Browser\s+Chromium 131, Linux 6.1, viewport 1280×800/);
    expect(run.stdout).toContain('TypeError: total is undefined at checkout.js:42');
    expect(run.stdout).toMatch(/500\s+POST http:\/\/localhost\/api\/cart/);
    expect(run.stdout).toContain('It shows € 0');
    expect(readFileSync(file)).toEqual(png);
    rmSync(file);
  });

  it('--json and --markdown', async () => {
    const body = await runJson(['show', withShot.id], env);
    expect(body.thread).toMatchObject({ id: withShot.id, number: withShot.number });
    expect(body.markupName).toBe('Pinmark demo site');
    expect(body.link).toBe(`${server.url}/app/inbox/${withShot.id}`);
    expect(body.diagnostics).toMatchObject({ consoleErrors: 1, failedRequests: 1 });
    expect(body.element).toMatchObject({ selectors: ['main > h1'], ancestors: [{ depth: 1, path: 'main' }] });
    const md = await runCli(['show', withShot.id, '--markdown'], env);
    expect(md.stdout).toMatch(/^## Checkout total is wrong \(#\d+\)/);
    expect(md.stdout).toContain('### Element');
  });

  it('a thread without a screenshot: exit 3 for --screenshot', async () => {
    const run = await runCli(['show', plain.id, '--screenshot', join(ROOT, '.tmp', 'never.png')], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('has no screenshot');
    expect(existsSync(join(ROOT, '.tmp', 'never.png'))).toBe(false);
  });
});

describe('pinmark reply, resolve, reopen', () => {
  it('answers, resolves and reopens a thread', async () => {
    const reply = await runCli(['reply', String(plain.number), 'Fixed in abc123\nsee logo.svg'], env);
    expect(reply).toMatchObject({ code: 0, stdout: `Replied to #${plain.number} (2 messages).\n` });
    const fromStdin = await runCli(['reply', plain.id, '-', '--json'], env, 'Deployed.\n');
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ threadId: plain.id, message: 'Deployed.' });
    expect((await runCli(['resolve', plain.id], env)).stdout).toBe(`#${plain.number} resolved.\n`);
    let shown = await runJson(['show', plain.id], env);
    expect(shown.thread.resolved).toBe(true);
    expect(shown.thread.messages.map((m: any) => m.message)).toEqual(['Logo is blurry', 'Fixed in abc123\nsee logo.svg', 'Deployed.']);
    expect(await runJson(['reopen', plain.id], env)).toMatchObject({ threadId: plain.id, resolved: false });
    shown = await runJson(['show', plain.id], env);
    expect(shown.thread.resolved).toBe(false);
  });
});

describe('pinmark export', () => {
  it('csv, json and md', async () => {
    const csv = await runCli(['export', '--format', 'csv', '--markup', server.markupId], env);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe(
      'number,title,status,site,page,author,assignee,priority,labels,device,messages,screenshot,diagnostics,createdAt,lastActivityAt,link',
    );
    expect(csv.stdout).toContain(`${server.url}/app/inbox/${withShot.id}`);
    const json = await runCli(['export', '--format', 'json', '--open'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ filters: { status: 'open' }, threads: expect.any(Array) });
    const md = await runCli(['export', '--format', 'md'], env);
    expect(md.stdout).toMatch(/^# Pinmark threads \(\d+\)/);
    expect(md.stdout).toContain('## Checkout total is wrong');
    expect(md.stdout).toContain('## Logo is blurry');
  });
});

describe('exit codes and errors', () => {
  it('1 for usage', async () => {
    expect((await runCli([], env)).code).toBe(1);
    expect((await runCli(['frobnicate'], env)).code).toBe(1);
    const bad = await runCli(['threads', '--bogus'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Unknown option '--bogus'");
    expect((await runCli(['export', '--format', 'pdf'], env)).code).toBe(1);
    expect((await runCli(['show', 'not-a-thread'], env)).code).toBe(1);
    expect((await runCli(['--help'], env)).stdout).toContain('Exit codes:');
    const help = await runCli(['show', '--help'], env);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('Usage: pinmark show <number|id>');
  });

  it('2 for a missing or refused key', async () => {
    const missing = await runCli(['threads'], { ...env, PINMARK_API_KEY: '' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No API key');
    const wrong = await runCli(['threads', '--api-key', 'pk_ws_nope'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('PINMARK_API_KEY');
  });

  it('3 for a thread that does not exist', async () => {
    expect((await runCli(['show', '99999'], env)).code).toBe(3);
    expect((await runCli(['resolve', '00000000-0000-4000-8000-000000000000'], env)).code).toBe(3);
    expect((await runCli(['threads', '--markup', 'no such site'], env)).code).toBe(3);
  });

  it('4 when the server cannot be reached', async () => {
    const run = await runCli(['threads', '--url', `http://127.0.0.1:${await freePort()}`], env);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+/);
  });
});
