/** `pinmark --help`: the commands, the connection settings and what the exit codes mean. */
import type { Command } from './command.ts';

export function mainHelp(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return `pinmark — Pinmark feedback for the terminal and for coding agents

Usage: pinmark <command> [options]      pinmark <command> --help

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Connection (every command that talks to the server):
  --url URL         the Pinmark server; else PINMARK_URL; else http://localhost:8787
  --api-key KEY     a workspace API key (pk_ws_…); else PINMARK_API_KEY
  --json            machine-readable output on stdout (where a command offers it)

Threads are named by number (12 or #12; numbers count per site, so add --markup when
several sites have one) or by id.

Exit codes:
  0  done
  1  usage: bad arguments or options, an ambiguous name, a request the server called invalid
  2  authentication: no API key, or the server refused it (401/403)
  3  not found: no such thread, markup, file or element
  4  server or network: cannot connect, timeout, 5xx, rate limited, or an unexpected failure
Errors are one line on stderr; stdout carries only the result.
`;
}
