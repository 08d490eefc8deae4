/**
 * "Export" in the inbox's head: a disclosure with CSV and JSON; while the pages load, a progress
 * bar with the count and a Cancel button; then a short result (or why it failed) to dismiss.
 */
import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { cancelExport, dismissExport, exportState, runExport, type ExportFormat } from '../state/export';

export function ExportMenu() {
  const words = t().exporting;
  const [open, setOpen] = useState(false);
  const state = exportState.value;
  const start = (format: ExportFormat) => {
    setOpen(false);
    void runExport(format);
  };
  return (
    <div class="export">
      <button
        type="button"
        class="button button--small"
        aria-expanded={open}
        aria-controls="export-menu"
        disabled={state.status === 'running'}
        onClick={() => setOpen(!open)}
      >
        {words.button}
      </button>
      <div id="export-menu" class="export-menu" hidden={!open}>
        <button type="button" class="button button--small button--quiet" onClick={() => start('csv')}>
          {words.csv}
        </button>
        <button type="button" class="button button--small button--quiet" onClick={() => start('json')}>
          {words.json}
        </button>
      </div>
      <div class="export-status" role="status">
        {state.status === 'running' && (
          <span class="export-progress">
            <progress aria-label={words.progress} max={state.total ?? undefined} value={state.total === null ? undefined : state.loaded} />
            <span class="small">{words.counting(state.loaded, state.total)}</span>
            <button type="button" class="button button--small button--quiet" onClick={cancelExport}>
              {words.cancel}
            </button>
          </span>
        )}
        {(state.status === 'done' || state.status === 'cancelled' || state.status === 'error') && (
          <span class={`export-result${state.status === 'error' ? ' error' : ''}`}>
            <span class="small">
              {state.status === 'done'
                ? words.done(state.count, state.format)
                : state.status === 'cancelled'
                  ? words.cancelled
                  : `${words.failed} ${describeFailure(state.error)}`}
            </span>
            <button type="button" class="button button--small button--quiet" onClick={dismissExport}>
              {t().errors.dismiss}
            </button>
          </span>
        )}
      </div>
    </div>
  );
}
