/**
 * `pinmark keys create|list`: API keys, made where the server keeps them. The API cannot mint its
 * own keys (a key is what lets you in), so this runs the operator's admin module (server/admin.ts,
 * `npm run admin -- keys …`) against the same DATABASE_URL / DATA_DIR the server uses — on the
 * server's machine or anywhere that reaches its PostgreSQL. With the embedded database (PGlite) the
 * server must be stopped first: one process owns the data folder, and the admin module says so.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { jsonOut, stringOption, type Command } from '../command.ts';
import { CliError, EXIT, usageError } from '../errors.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function runAdmin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], { cwd: ROOT, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function adminFailure(stderr: string, code: number): CliError {
  const message = stderr.trim().split('\n').pop() || `the admin module exited with ${code}`;
  if (/^No (workspace|organization)\b/.test(message)) return new CliError(message, EXIT.notFound, 'not_found');
  return new CliError(message, code === 2 ? EXIT.usage : EXIT.server);
}

export const keysCommand: Command = {
  name: 'keys',
  summary: 'create or list API keys (on the server machine: DATABASE_URL / DATA_DIR)',
  usesApi: false,
  options: { workspace: { type: 'string' }, organization: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } },
  help: `Usage: pinmark keys create (--workspace ID | --organization ID) [--name NAME] [--json]
       pinmark keys list

Makes an API key in the server's database and prints it in full this once (only its hash is
stored). Runs server/admin.ts (\`npm run admin -- keys …\`) from this checkout against the database
the server uses: set DATABASE_URL (PostgreSQL), or DATA_DIR (the embedded database; stop the server
first, it owns that folder). \`npm run admin -- init\` prints the workspace id when it creates one.

  --workspace ID      a key for one workspace (pk_ws_…): what the CLI and MCP server need
  --organization ID   a key for the whole organization (pk_org_…)
  --name NAME         what the key is for (shown by \`keys list\`, and as the author of its replies)
  --json              {"key", "workspaceId" | "organizationId", "name"}
`,
  async run(context) {
    const [sub, ...extra] = context.positionals;
    if (extra.length || (sub !== 'create' && sub !== 'list')) throw usageError('keys: create or list (pinmark keys --help)');
    const { values } = context;
    const args = ['keys', sub];
    for (const flag of ['workspace', 'organization', 'name'] as const) {
      const value = stringOption(values, flag);
      if (value !== undefined) args.push(`--${flag}`, value);
    }
    if (sub === 'create' && !values.workspace === !values.organization)
      throw usageError('keys create needs --workspace ID or --organization ID (one of them)');
    const result = await runAdmin(args);
    if (result.code !== 0) throw adminFailure(result.stderr, result.code);
    if (sub === 'list' || !values.json) return context.out(result.stdout);
    const key = result.stdout.split('\n')[0]!.trim();
    jsonOut(context, {
      key,
      ...(values.workspace ? { workspaceId: values.workspace } : { organizationId: values.organization }),
      name: stringOption(values, 'name') ?? 'Created by npm run admin',
    });
  },
};
