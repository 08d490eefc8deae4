/**
 * The diagnostics report attached to a QA thread: its versioned shape (a JSON file developers open
 * and tools may parse, so it is a contract like the wire types), a summary for the UI, and the file.
 */

export interface DiagnosticsConsoleEntry {
  level: 'error' | 'warn';
  /** console.error/warn, an uncaught exception, or an unhandled promise rejection. */
  source: 'console' | 'uncaught' | 'unhandledrejection';
  /** Formatted text (≤ 1000 characters), URLs in it sanitised. */
  message: string;
  /** Epoch ms. */
  time: number;
}

export interface DiagnosticsFailedRequest {
  /** Null when only Resource Timing saw it (XHR, fetches from before the recorder). */
  method: string | null;
  /** Absolute, with secret-looking parameter values removed. */
  url: string;
  /** HTTP status ≥ 400, or 0 when there was no response (network error, CORS, blocked). */
  status: number;
  durationMs: number;
  /** Epoch ms when the request started. */
  time: number;
  initiator: 'fetch' | 'xmlhttprequest';
}

export interface DiagnosticsReport {
  version: 1;
  /** The page the report was taken on, sanitised like request URLs. */
  pageUrl: string;
  userAgent: string;
  /** Epoch ms when recording began (the loader's early recorder, or the widget's). */
  recordingSince: number;
  /** Epoch ms of the snapshot. */
  capturedAt: number;
  /** Oldest first, at most 50. */
  console: DiagnosticsConsoleEntry[];
  /** Failed fetch/XHR requests, oldest first, at most 50. */
  requests: DiagnosticsFailedRequest[];
  /** Older entries that did not fit, so a summary can still count them. */
  dropped: { consoleErrors: number; consoleWarnings: number; requests: number };
}

export interface DiagnosticsSummary {
  consoleErrors: number;
  consoleWarnings: number;
  failedRequests: number;
}

export const DIAGNOSTICS_FILENAME = 'pinmark-diagnostics.json';

/** Totals including dropped entries ("57 console errors" even though the file keeps the last 50). */
export function summarizeDiagnostics(report: DiagnosticsReport): DiagnosticsSummary {
  const count = (level: DiagnosticsConsoleEntry['level']) => report.console.filter((entry) => entry.level === level).length;
  return {
    consoleErrors: count('error') + (report.dropped?.consoleErrors ?? 0),
    consoleWarnings: count('warn') + (report.dropped?.consoleWarnings ?? 0),
    failedRequests: report.requests.length + (report.dropped?.requests ?? 0),
  };
}

/** The report as a pretty-printed JSON file, ready for an attachment upload. */
export function diagnosticsFile(report: DiagnosticsReport): { blob: Blob; filename: string } {
  return {
    blob: new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }),
    filename: DIAGNOSTICS_FILENAME,
  };
}
