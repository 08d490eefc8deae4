/**
 * A QA report's diagnostics as text, from a state already loaded: one line of counts and the
 * console entries and failed requests on demand. Presentational (props in, nothing out), so the
 * widget's thread panel (DiagnosticsSummary) and the review app (app/) show the same thing.
 */
import type { DiagnosticsState } from '../../state/model/shapes';
import { strings } from '../strings';

export function DiagnosticsDetails({ state, open = false }: { state: DiagnosticsState | undefined; open?: boolean }) {
  if (!state || state.status === 'loading') return <p class="pm-muted">{strings.diagnostics.loading}</p>;
  if (state.status === 'failed') return <p class="pm-muted">{strings.diagnostics.unavailable}</p>;
  const { view } = state;
  const empty = !view.console.length && !view.requests.length;
  return (
    <details class="pm-diagnostics" open={open}>
      <summary>
        <strong>{strings.diagnostics.title}</strong>{' '}
        <span class="pm-muted">{strings.diagnostics.summary(view.consoleErrors, view.consoleWarnings, view.failedRequests)}</span>
      </summary>
      {empty && <p class="pm-muted">{strings.diagnostics.nothing}</p>}
      {view.console.length > 0 && (
        <>
          <h3 class="pm-subtitle">{strings.diagnostics.console}</h3>
          <ul class="pm-diag-list">
            {view.console.map((entry, i) => (
              <li key={i} class={`pm-diag pm-diag--${entry.level}`}>
                <code>{entry.message}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {view.requests.length > 0 && (
        <>
          <h3 class="pm-subtitle">{strings.diagnostics.requests}</h3>
          <ul class="pm-diag-list">
            {view.requests.map((request, i) => (
              <li key={i} class="pm-diag">
                <code>
                  {request.method} {request.url} → {request.status || 'network error'}
                  {request.durationMs !== null ? ` (${request.durationMs} ms)` : ''}
                </code>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
