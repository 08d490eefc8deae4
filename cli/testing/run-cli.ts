/** Runs `pinmark` as a child process (cli/pinmark.mjs, as `npx pinmark` does) and collects its output. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RunningServer } from './server.ts';
import { ROOT } from './server.ts';

export const PINMARK = join(ROOT, 'cli', 'pinmark.mjs');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function cliEnv(server: RunningServer, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PINMARK_URL: server.url, PINMARK_API_KEY: server.apiKey, ...extra };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PINMARK, ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

export async function runJson<T = any>(args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  const run = await runCli([...args, '--json'], env);
  if (run.code !== 0) throw new Error(`pinmark ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
