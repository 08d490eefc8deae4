/**
 * The file review's list of comments beside the file: each thread as a button (number, first words,
 * resolved), the open ones first shown, resolved ones behind "Show resolved". Activating one selects
 * it: the viewer reveals its pin and the side panel opens it.
 */
import { useState } from 'preact/hooks';
import { fileReviewWords } from '../../i18n/file-review';
import type { FileThread } from './kit/contract';
import { pinLabel } from './kit/PinMarker';

export interface ThreadListProps {
  threads: readonly FileThread[];
  selectedThreadId: string | null;
  onSelect: (threadId: string) => void;
  /** Words for an empty list (they differ for touch and for read-only files). */
  emptyText: string;
  /** What just happened to the list ("Comment 3 deleted."), said politely; empty for nothing. */
  note?: string;
}

export function ThreadList({ threads, selectedThreadId, onSelect, emptyText, note = '' }: ThreadListProps) {
  const words = fileReviewWords();
  const [showResolved, setShowResolved] = useState(false);
  const open = threads.filter((thread) => !thread.resolved).length;
  const shown = threads.filter((thread) => showResolved || !thread.resolved || thread.id === selectedThreadId);
  return (
    <section class="fr-list" aria-labelledby="fr-list-title">
      <div class="fr-list-head">
        <h2 id="fr-list-title" class="fr-panel-title" tabIndex={-1}>
          {words.comments} <span class="small muted">{words.openCount(open)}</span>
        </h2>
        {threads.length > open && (
          <label class="small fr-check">
            <input type="checkbox" checked={showResolved} onChange={(event) => setShowResolved(event.currentTarget.checked)} />{' '}
            {words.showResolved}
          </label>
        )}
      </div>
      <p class="small muted fr-list-note" role="status">
        {note}
      </p>
      {shown.length === 0 ? (
        <p class="muted small">{threads.length ? words.openCount(0) : emptyText}</p>
      ) : (
        <ul class="fr-list-items" aria-label={words.comments}>
          {shown.map((thread) => (
            <li key={thread.id}>
              <button
                type="button"
                class={`fr-list-item${thread.id === selectedThreadId ? ' fr-list-item--selected' : ''}${thread.resolved ? ' fr-list-item--resolved' : ''}`}
                aria-current={thread.id === selectedThreadId ? 'true' : undefined}
                onClick={() => onSelect(thread.id)}
              >
                <span class="fr-list-number" aria-hidden="true">
                  {thread.number}
                </span>
                <span class="fr-list-text">{pinLabel(thread)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
