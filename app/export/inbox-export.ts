/**
 * The inbox's rows as files: CSV (one row per thread, a header row, times in ISO 8601 UTC, a link
 * back to the thread in the app) and JSON (the rows as the API gave them, with what was exported
 * and when). Pure: the caller fetches the rows and saves the text.
 */
import type { InboxQuery, InboxThread } from '../../src/api/wire';
import { toCsv } from './csv';
import { threadAppLink } from '../../src/api/wire/app-links';

export const CSV_HEADER = [
  'number',
  'title',
  'status',
  'site',
  'page',
  'author',
  'assignee',
  'priority',
  'labels',
  'device',
  'messages',
  'screenshot',
  'diagnostics',
  'createdAt',
  'lastActivityAt',
  'link',
];

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : '');

export function inboxCsv(rows: InboxThread[], origin: string): string {
  return toCsv(
    CSV_HEADER,
    rows.map((row) => [
      row.number,
      row.title,
      row.resolved ? 'resolved' : 'open',
      row.markupName,
      row.canonicalUrl,
      row.author?.name ?? '',
      row.assignee?.name ?? '',
      row.priority ?? '',
      (row.labels ?? []).join('; '),
      row.viewModeId,
      row.messageCount,
      row.hasScreenshot ? 'yes' : 'no',
      row.hasDiagnostics ? 'yes' : 'no',
      iso(row.createdAt),
      iso(row.lastActivityAt),
      threadAppLink(origin, row.id),
    ]),
  );
}

export function inboxJson(rows: InboxThread[], query: InboxQuery, now = new Date()): string {
  const { cursorId: _cursor, limit: _limit, ...filters } = query;
  return JSON.stringify({ exportedAt: now.toISOString(), filters, total: rows.length, threads: rows }, null, 2) + '\n';
}
