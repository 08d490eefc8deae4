/**
 * Exporting the inbox's current filtered view: every page through `cursorId` (100 rows a request),
 * with progress (rows so far of `total`) and cancel, then a CSV or JSON download. A failure keeps
 * the rows fetched so far out of any file and says why; another export waits for this one.
 */
import { signal } from '@preact/signals';
import type { InboxThread } from '../../src/api/wire';
import { datedName, downloadText } from '../export/download';
import { inboxCsv, inboxJson } from '../export/inbox-export';
import { inboxQuery } from './filters';
import { api } from './session';

export type ExportFormat = 'csv' | 'json';
export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: ExportFormat; loaded: number; total: number | null }
  | { status: 'done'; format: ExportFormat; count: number }
  | { status: 'cancelled' }
  | { status: 'error'; error: unknown };

const PAGE = 100;
/** A runaway guard: a server that keeps handing out cursors stops here (100 000 rows). */
const MAX_PAGES = 1000;

export const exportState = signal<ExportState>({ status: 'idle' });
let controller: AbortController | null = null;

export async function runExport(format: ExportFormat): Promise<void> {
  if (exportState.peek().status === 'running') return;
  const abort = (controller = new AbortController());
  const query = inboxQuery.peek();
  const rows: InboxThread[] = [];
  const seen = new Set<string>();
  exportState.value = { status: 'running', format, loaded: 0, total: null };
  try {
    let cursorId: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await api.inbox({ ...query, limit: PAGE, cursorId }, abort.signal);
      if (abort.signal.aborted) return;
      rows.push(...answer.threads);
      exportState.value = { status: 'running', format, loaded: rows.length, total: answer.total };
      if (!answer.cursorId || !answer.threads.length || seen.has(answer.cursorId)) break;
      seen.add(answer.cursorId);
      cursorId = answer.cursorId;
    }
    const text = format === 'csv' ? inboxCsv(rows, location.origin) : inboxJson(rows, query);
    downloadText(text, datedName('pinmark-inbox', format), format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
    exportState.value = { status: 'done', format, count: rows.length };
  } catch (error) {
    exportState.value = abort.signal.aborted ? { status: 'cancelled' } : { status: 'error', error };
  } finally {
    if (controller === abort) controller = null;
  }
}

export function cancelExport(): void {
  if (!controller) return;
  controller.abort();
  exportState.value = { status: 'cancelled' };
}

export function dismissExport(): void {
  if (exportState.peek().status !== 'running') exportState.value = { status: 'idle' };
}
