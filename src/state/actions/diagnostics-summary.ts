/**
 * Reading a thread's diagnostics attachment back for the thread view: the JSON file is fetched once
 * from its signed storage address and reduced to what the panel shows (counts and the entries, as
 * plain strings). The file was written by another reviewer's browser, so every field is checked.
 */
import type { Attachment } from '../../api/wire';
import { isRecord } from '../../api/errors';
import { getStoredJson } from '../../api/storage';
import type { DiagnosticsState, DiagnosticsView } from '../model/shapes';
import type { Store } from '../model/store';

export type { DiagnosticsState, DiagnosticsView } from '../model/shapes';

export { DIAGNOSTICS_FILENAME } from '../../capture/diagnostics/report';
const MAX_SHOWN = 50;

export function createDiagnosticsActions({ store }: { store: Store }) {
  return {
    /** Loads (once) the diagnostics file behind an attachment into `store.diagnostics`. */
    loadDiagnostics(attachment: Attachment): void {
      const { diagnostics } = store;
      const current = diagnostics.peek()[attachment.id];
      if (current && current.status !== 'failed') return;
      const set = (state: DiagnosticsState) => (diagnostics.value = { ...diagnostics.peek(), [attachment.id]: state });
      set({ status: 'loading' });
      getStoredJson(attachment.url).then(
        (json: unknown) => set({ status: 'ready', view: diagnosticsView(json) }),
        () => set({ status: 'failed' }),
      );
    },
  };
}

/** Tolerant reading of the file (version 1: `console[]` and `requests[]`). */
export function diagnosticsView(json: unknown): DiagnosticsView {
  const root = isRecord(json) ? json : {};
  const consoleEntries = (Array.isArray(root.console) ? root.console : []).filter(isRecord).map((entry) => ({
    level: text(entry.level) || 'error',
    message: text(entry.message).slice(0, 1000),
  }));
  const requests = (Array.isArray(root.requests) ? root.requests : []).filter(isRecord).map((entry) => ({
    method: text(entry.method) || '—',
    url: text(entry.url).slice(0, 500),
    status: typeof entry.status === 'number' ? entry.status : 0,
    durationMs: typeof entry.durationMs === 'number' ? Math.round(entry.durationMs) : null,
  }));
  // Entries beyond the recorder's ring of 50 were counted, not kept.
  const dropped = isRecord(root.dropped) ? root.dropped : {};
  const count = (value: unknown) => (typeof value === 'number' && value > 0 ? Math.floor(value) : 0);
  return {
    consoleErrors: consoleEntries.filter((e) => e.level !== 'warn' && e.level !== 'warning').length + count(dropped.consoleErrors),
    consoleWarnings: consoleEntries.filter((e) => e.level === 'warn' || e.level === 'warning').length + count(dropped.consoleWarnings),
    failedRequests: requests.length + count(dropped.requests),
    console: consoleEntries.slice(-MAX_SHOWN),
    requests: requests.slice(-MAX_SHOWN),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
