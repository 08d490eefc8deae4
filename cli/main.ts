/**
 * `pinmark`: Pinmark's feedback from the command line and for coding agents. Parses the command
 * line, runs one command and exits with a code that means something (errors.ts, listed in --help).
 */
import { parseArgs } from 'node:util';
import { ApiClient } from './api-client.ts';
import type { Command, Context } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { connectionFrom } from './config.ts';
import { CliError, EXIT } from './errors.ts';
import { mainHelp } from './help.ts';

function commandHelp(command: Command): string {
  return `${command.help.trimEnd()}\n  -h, --help        this help\n`;
}

export async function main(
  argv: string[],
  io = { out: (t: string) => process.stdout.write(t), err: (t: string) => process.stderr.write(t) },
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.out(topic ? commandHelp(topic) : mainHelp(COMMANDS));
    return name || rest.length ? EXIT.ok : EXIT.usage;
  }
  if (name === '--version' || name === '-v') {
    io.out('pinmark 0.1.0\n');
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`pinmark: unknown command "${name}". Run \`pinmark --help\` for the list.\n`);
    return EXIT.usage;
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    let client: ApiClient | undefined;
    const context: Context = {
      values,
      positionals,
      client: () => (client ??= new ApiClient(connectionFrom(values as { url?: string; 'api-key'?: string }))),
      out: io.out,
      err: io.err,
    };
    const code = await command.run(context);
    return typeof code === 'number' ? code : EXIT.ok;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`pinmark ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`pinmark ${name}: ${error.message}\nRun \`pinmark ${name} --help\` for its options.\n`);
      return EXIT.usage;
    }
    io.err(`pinmark ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.server;
  }
}
