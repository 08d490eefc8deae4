/**
 * The actions on several threads at once (issue 16), shown while rows are ticked: resolve, reopen,
 * assign to me, unassign, with progress while they run and the outcome in words afterwards.
 */
import { t } from '../i18n';
import { bulkOutcome, bulkProgress, checked, clearChecked, runBulk } from '../state/bulk';
import { session } from '../state/session';

export function BulkBar() {
  const words = t().bulk;
  const count = checked.value.size;
  const progress = bulkProgress.value;
  const outcome = bulkOutcome.value;
  if (!count && !outcome) return null;
  const me = session.value;
  const busy = progress !== null;
  return (
    <div class="bulk-bar" role="region" aria-label={words.region}>
      {count > 0 && <strong class="bulk-count">{words.count(count)}</strong>}
      {count > 0 && (
        <div class="bulk-actions">
          <button type="button" class="button button--small" disabled={busy} onClick={() => void runBulk({ kind: 'resolve' })}>
            {words.resolve}
          </button>
          <button type="button" class="button button--small" disabled={busy} onClick={() => void runBulk({ kind: 'reopen' })}>
            {words.reopen}
          </button>
          {me && (
            <button
              type="button"
              class="button button--small"
              disabled={busy}
              onClick={() => void runBulk({ kind: 'assign', assignee: { id: me.userId, name: me.name } })}
            >
              {words.assignMe}
            </button>
          )}
          <button
            type="button"
            class="button button--small"
            disabled={busy}
            onClick={() => void runBulk({ kind: 'assign', assignee: null })}
          >
            {words.unassign}
          </button>
          <button type="button" class="button button--small button--quiet" disabled={busy} onClick={clearChecked}>
            {words.clear}
          </button>
        </div>
      )}
      <p class="bulk-status muted" role="status">
        {progress ? words.working(progress.done, progress.total) : outcome}
      </p>
    </div>
  );
}
