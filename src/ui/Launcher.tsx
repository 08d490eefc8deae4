/** The round button bottom-right that toggles comment mode (or opens the sign-in panel). */
import { useWidget } from './hooks';
import { LAUNCHER_ICON } from './launcher-icon';
import { preloadCompose } from './lazy';
import { formatNumber, strings } from './strings';

export function Launcher() {
  const { store, actions } = useWidget().controller;
  const paused = store.readOnly.value;
  const commenting = store.mode.value === 'commenting';
  const open = store.pageThreads.value.filter((thread) => !thread.resolved).length;

  return (
    <button
      type="button"
      class={`pm-launcher${commenting ? ' pm-launcher--active' : ''}${paused ? ' pm-launcher--paused' : ''}`}
      aria-label={paused ? strings.launcher.paused : strings.launcher.addComment}
      aria-pressed={commenting ? 'true' : 'false'}
      aria-disabled={paused ? 'true' : undefined}
      title={paused ? strings.launcher.pausedHint : strings.launcher.addComment}
      onClick={() => actions.toggle()}
      // A reviewer about to comment or sign in: fetch that part of the widget now.
      onPointerEnter={paused ? undefined : preloadCompose}
      onFocus={paused ? undefined : preloadCompose}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {commenting ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" fill="none" />
        ) : (
          <path d={LAUNCHER_ICON} fill="currentColor" />
        )}
      </svg>
      {open > 0 && !commenting && (
        <span class="pm-count" aria-hidden="true" title={strings.launcher.openThreads(open)}>
          {open > 99 ? `${formatNumber(99)}+` : formatNumber(open)}
        </span>
      )}
    </button>
  );
}
