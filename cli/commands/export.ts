/**
 * `pinmark export`: the threads as a file — CSV and JSON of the inbox rows (the review app's own
 * export, app/export/inbox-export.ts), or Markdown with every thread whole (one section each).
 */
import { writeFileSync } from 'node:fs';
import { inboxCsv, inboxJson } from '../../app/export/inbox-export';
import { API_HELP, API_OPTIONS, stringOption, type Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { threadDetails } from '../thread-details.ts';
import { threadMarkdown } from '../thread-render.ts';
import { inboxFilters, LIST_HELP, LIST_OPTIONS } from './threads.ts';

const FORMATS = ['md', 'json', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** Runs `task` over `items` with at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'threads as Markdown, JSON or CSV',
  usesApi: true,
  options: {
    ...API_OPTIONS,
    ...LIST_OPTIONS,
    format: { type: 'string' },
    output: { type: 'string', short: 'o' },
    limit: { type: 'string' },
  },
  help: `Usage: pinmark export --format md|json|csv [--open | --resolved] [--markup M] [-o FILE]

Writes the threads (newest activity first) to stdout or FILE:
  md     every thread whole: facts, element selectors, browser, diagnostics, messages
  json   {"exportedAt", "filters", "total", "threads": [inbox rows]}
  csv    one row per thread (RFC 4180; cells a spreadsheet would run as formulas are defused)

  --format F        md, json or csv (required)
  -o, --output FILE write to FILE instead of stdout
  --limit N         at most N threads (default 1000)
${LIST_HELP}
${API_HELP}
`,
  async run(context) {
    const format = stringOption(context.values, 'format') as Format | undefined;
    if (!format || !FORMATS.includes(format)) throw usageError('--format must be md, json or csv');
    const limit = Number(stringOption(context.values, 'limit') ?? 1000);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw usageError('--limit must be a whole number from 1 to 10000');
    const client = context.client();
    const query = await inboxFilters(context);
    const { threads } = await client.inbox(query, limit);
    let text: string;
    if (format === 'csv') text = inboxCsv(threads, client.origin);
    else if (format === 'json') text = inboxJson(threads, query);
    else {
      const sections = await mapLimited(threads, 4, async (row) =>
        threadMarkdown(await threadDetails(client, await client.thread(row.id))),
      );
      text = `# Pinmark threads (${threads.length})\n\n${sections.join('\n---\n\n')}`;
    }
    const output = stringOption(context.values, 'output');
    if (output) {
      writeFileSync(output, text);
      context.err(`Wrote ${threads.length} thread(s) to ${output}\n`);
    } else context.out(text);
  },
};
