/**
 * CPU time that processes spent, from /proc (Linux only; 0 elsewhere): the latency bench divides it
 * by the requests served, which stays meaningful when other work on the machine distorts req/s.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux the bench runs on.

/** utime + stime of one process, in milliseconds (0 when it is gone). */
export function processCpuMs(pid: number): number {
  try {
    // The command name may hold spaces and parentheses: fields count from the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** The postmaster listening on `port` (started with `-p <port>`, as scripts/test-postgres.ts does). */
export function postmasterPid(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.endsWith('/postgres') && argv.some((arg, i) => arg === '-p' && argv[i + 1] === String(port))) return Number(entry);
    } catch {
      /* exited meanwhile */
    }
  }
  return undefined;
}

/**
 * CPU of a postmaster and its backends. Backends that exit take their time with them, so this is
 * only exact for long-lived connections (a pool), which is what the server keeps.
 */
export function clusterCpuMs(postmaster: number): number {
  let total = processCpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && parentOf(Number(entry)) === postmaster) total += processCpuMs(Number(entry));
  }
  return total;
}
