/**
 * Small controls above the launcher about pins that are not drawn: the device-class toggle ("Show
 * pins from all devices (N)", when other device classes have threads here) and the list of threads
 * not placed ("N comments could not be placed on this page"), each openable: their element was not
 * found, or it shows no box now (hidden, collapsed). Every pin is drawn or listed here.
 */
import { useState } from 'preact/hooks';
import { useReview, useWidget } from './hooks';
import { strings } from './strings';

export function PinControls() {
  const { controller } = useWidget();
  const { engine } = useReview();
  const { store, actions } = controller;
  const [listOpen, setListOpen] = useState(false);
  const others = store.otherModeThreads.value.length;
  const showAll = store.showAllModes.value;
  const { orphaned, hidden } = engine.status.value;
  const orphans = store.shownThreads.value.filter((thread) => orphaned.includes(thread.id) || hidden.includes(thread.id));
  if (others === 0 && !showAll && orphans.length === 0) return null;

  return (
    <div class="pm-pin-controls">
      {orphans.length > 0 && (
        <div class="pm-orphans">
          {listOpen && (
            <ul class="pm-orphan-list" aria-label={strings.orphans.list}>
              {orphans.map((thread) => (
                <li key={thread.id}>
                  <button type="button" class="pm-button pm-button--quiet" onClick={() => actions.openThread(thread.id)}>
                    {strings.orphans.open(thread.number)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            class="pm-chip pm-chip--warning"
            aria-expanded={listOpen ? 'true' : 'false'}
            onClick={() => setListOpen(!listOpen)}
          >
            {strings.orphans.summary(orphans.length)}
          </button>
        </div>
      )}
      {(others > 0 || showAll) && (
        <button
          type="button"
          class="pm-chip"
          aria-pressed={showAll ? 'true' : 'false'}
          aria-label={strings.devices.showAll(others)}
          title={strings.devices.showAll(others)}
          onClick={() => actions.setShowAllModes(!showAll)}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 5h13v10H3zM18 8h3v11h-3zM7 19h6" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linejoin="round" />
          </svg>
          {strings.devices.chip}
          <span class="pm-chip-count">{others}</span>
        </button>
      )}
    </div>
  );
}
