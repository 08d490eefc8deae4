/**
 * A whole `server/main.ts` in a child process, for the tests that run two of them on one PostgreSQL
 * (webhook deliveries and e-mail, each exactly once between them): started with the given
 * environment, resolved once it has printed its banner, stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `node --import tsx server/main.ts` with `env` over this process's environment. */
export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // vitest's loader hooks are not for the child.
  delete childEnv.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Pinmark reference server')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before starting:\n${output}`)));
  });
}

export function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
