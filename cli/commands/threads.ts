/** `pinmark threads`: the workspace's threads, newest activity first, as a table or JSON. */
import type { InboxQuery, InboxThread } from '../../src/api/wire';
import { API_HELP, API_OPTIONS, jsonOut, stringOption, type Command, type Context } from '../command.ts';
import { usageError } from '../errors.ts';
import { markupIdOf } from '../lookup.ts';
import { shortTime, table } from '../table.ts';

function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

export function threadsTable(rows: InboxThread[]): string {
  return table(rows, [
    { header: '#', cell: (t) => String(t.number), align: 'right' },
    { header: 'STATUS', cell: (t) => (t.resolved ? 'resolved' : 'open') },
    { header: 'SITE', cell: (t) => t.markupName, max: 24 },
    { header: 'PAGE', cell: (t) => pagePath(t.canonicalUrl), max: 32 },
    { header: 'AUTHOR', cell: (t) => t.author?.name ?? '', max: 20 },
    { header: 'MSGS', cell: (t) => String(t.messageCount), align: 'right' },
    { header: 'HAS', cell: (t) => [t.hasScreenshot ? 'shot' : '', t.hasDiagnostics ? 'diag' : ''].filter(Boolean).join(',') },
    { header: 'ACTIVITY (UTC)', cell: (t) => shortTime(t.lastActivityAt) },
    { header: 'TITLE', cell: (t) => t.title, max: 60 },
  ]);
}

/** The inbox filters the list options select (shared with `export`). */
export async function inboxFilters(context: Context): Promise<InboxQuery> {
  const { values } = context;
  if (values.open && values.resolved) throw usageError('--open and --resolved exclude each other');
  const markupId = await markupIdOf(context.client(), stringOption(values, 'markup'));
  const q = stringOption(values, 'search');
  return { status: values.open ? 'open' : values.resolved ? 'resolved' : 'all', ...(markupId ? { markupId } : {}), ...(q ? { q } : {}) };
}

export const LIST_OPTIONS = {
  open: { type: 'boolean' },
  resolved: { type: 'boolean' },
  markup: { type: 'string' },
  search: { type: 'string' },
} as const;

export const LIST_HELP = `  --open            open threads only
  --resolved        resolved threads only
  --markup M        one site: its markup id, name or page URL
  --search WORDS    threads with a message containing these words (prefixes match)`;

export const threadsCommand: Command = {
  name: 'threads',
  summary: 'list threads (newest activity first)',
  usesApi: true,
  options: { ...API_OPTIONS, ...LIST_OPTIONS, limit: { type: 'string' }, json: { type: 'boolean' } },
  help: `Usage: pinmark threads [--open | --resolved] [--markup M] [--search WORDS] [--limit N] [--json]

Lists the workspace's threads, newest activity first: number, status, site, page, author, message
count, whether a screenshot (shot) or diagnostics (diag) came with it, and the first line.

${LIST_HELP}
  --limit N         at most N threads (default 50, at most 1000)
  --json            {"total", "threads": [inbox rows as GET /api/v2/inbox gives them]}
${API_HELP}
`,
  async run(context) {
    const limit = Number(stringOption(context.values, 'limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw usageError('--limit must be a whole number from 1 to 1000');
    const query = await inboxFilters(context);
    const { threads, total } = await context.client().inbox(query, limit);
    if (context.values.json) return jsonOut(context, { total, threads });
    if (!threads.length) return context.out('No threads.\n');
    context.out(`${threadsTable(threads)}\n`);
    if (total > threads.length) context.out(`(${threads.length} of ${total}; --limit shows more)\n`);
  },
};
