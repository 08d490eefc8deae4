/**
 * QA diagnostics: with the host's consent (`diagnostics: true`, or `mode: 'qa'` unless
 * `diagnostics: false`), a new thread carries the page's recent console errors and warnings,
 * uncaught errors, unhandled rejections and failed fetch/XHR requests since the page loaded.
 *
 *   core.ts            raw console ring buffer; started by the loader when the script tag opts in
 *   handle.ts          per-instance lifecycle (consent, adopt, lazy recorder, stop); first-load safe
 *   recorder.ts        the full recorder: adopts the core, fetch + Resource Timing, snapshot()
 *   fetch.ts / resource-timing.ts / format.ts / sanitize.ts / report.ts   its parts
 *
 * This index pulls in the whole recorder: import it lazily (the capture chunk). Code in the first
 * load imports `./handle` directly.
 */
export { adoptEarlyDiagnostics, discardEarlyDiagnostics, startDiagnosticsRecorder } from './recorder';
export type { DiagnosticsOptions, DiagnosticsRecorder } from './recorder';
export { createDiagnosticsHandle, diagnosticsEnabled, type DiagnosticsHandle } from './handle';
export { DIAGNOSTICS_FILENAME, diagnosticsFile, summarizeDiagnostics } from './report';
export type { DiagnosticsConsoleEntry, DiagnosticsFailedRequest, DiagnosticsReport, DiagnosticsSummary } from './report';
export { sanitizeUrl, SECRET_NAME_PARTS } from './sanitize';
export type { DiagnosticsCore } from './core';
