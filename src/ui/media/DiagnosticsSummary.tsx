/** A QA report's diagnostics in the thread view: one line of counts, the entries on demand. */
import { useEffect } from 'preact/hooks';
import type { Attachment } from '../../api/wire';
import { useWidget } from '../hooks';
import { strings } from '../strings';
import { useMediaStyles } from './styles';

export function DiagnosticsSummary({ attachment }: { attachment: Attachment }) {
  useMediaStyles();
  const { store, actions } = useWidget().controller;
  useEffect(() => actions.loadDiagnostics(attachment), [attachment.id]);
  const state = store.diagnostics.value[attachment.id];
  if (!state || state.status === 'loading') return <p class="pm-muted">{strings.diagnostics.loading}</p>;
  if (state.status === 'failed') return <p class="pm-muted">{strings.diagnostics.unavailable}</p>;
  const { view } = state;
  const empty = !view.console.length && !view.requests.length;
  return (
    <details class="pm-diagnostics">
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
