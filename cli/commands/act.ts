/** `pinmark reply`, `resolve` and `reopen`: the three things one does to a thread from a terminal. */
import { textToDelta } from '../../src/delta/text';
import { API_HELP, API_OPTIONS, jsonOut, stringOption, type Command, type Context } from '../command.ts';
import { usageError } from '../errors.ts';
import { findThread, markupIdOf } from '../lookup.ts';

async function target(context: Context, arity: number) {
  const [ref] = context.positionals;
  if (!ref || context.positionals.length !== arity) return undefined;
  const client = context.client();
  return findThread(client, ref, await markupIdOf(client, stringOption(context.values, 'markup')));
}

const common = { ...API_OPTIONS, markup: { type: 'string' }, json: { type: 'boolean' } } as const;
const commonHelp = `  --markup M        the site whose thread number this is (id, name or URL)
  --json            the API's answer as JSON
${API_HELP}`;

export const replyCommand: Command = {
  name: 'reply',
  summary: 'answer a thread',
  usesApi: true,
  options: common,
  help: `Usage: pinmark reply <number|id> "text" [--markup M] [--json]

Posts a reply to the thread, as the API key's service user. Line breaks in the text are kept; use
"-" as the text to read it from stdin.

${commonHelp}
`,
  async run(context) {
    const text = context.positionals[1] === '-' ? await readStdin() : context.positionals[1];
    if (!text?.trim()) throw usageError('reply needs a thread and a non-empty text: pinmark reply 12 "Fixed in #345"');
    const thread = await target(context, 2);
    if (!thread) throw usageError('reply takes a thread and one text argument (quote the text)');
    const message = await context.client().reply(thread.id, { message: textToDelta(text.trimEnd()) });
    if (context.values.json) return jsonOut(context, message);
    context.out(`Replied to #${thread.number} (${thread.messages.length + 1} messages).\n`);
  },
};

function stateCommand(name: 'resolve' | 'reopen', summary: string): Command {
  return {
    name,
    summary,
    usesApi: true,
    options: common,
    help: `Usage: pinmark ${name} <number|id> [--markup M] [--json]

${name === 'resolve' ? 'Marks the thread resolved' : 'Reopens a resolved thread'} (doing it twice changes nothing).

${commonHelp}
`,
    async run(context) {
      const thread = await target(context, 1);
      if (!thread) throw usageError(`${name} takes one thread: pinmark ${name} <number|id>`);
      const client = context.client();
      const answer = name === 'resolve' ? await client.resolve(thread.id) : await client.reopen(thread.id);
      if (context.values.json) return jsonOut(context, { ...answer, number: thread.number, resolved: name === 'resolve' });
      context.out(`#${thread.number} ${name === 'resolve' ? 'resolved' : 'reopened'}.\n`);
    },
  };
}

export const resolveCommand = stateCommand('resolve', 'mark a thread resolved');
export const reopenCommand = stateCommand('reopen', 'reopen a resolved thread');

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
