/**
 * Screen recording in the composer (issue 17): the Record button (absent where the browser cannot
 * record a tab, and on touch-only devices), the recording bar with its timer and Stop button — the
 * only part of the composer left on screen while it runs — and the reason when recording failed.
 * The clip itself shows as an attachment chip of its own list (clipKey), with its upload state.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { clipKey, NEW_THREAD } from '../../state/model/store';
import { useListeners, useWidget } from '../hooks';
import { AttachmentChips } from '../lazy-media';
import { describeError, strings } from '../strings';
import recordCss from './record.css?inline';

const CLIP_KEY = clipKey(NEW_THREAD);

/**
 * True while the recording bar stands in for the composer (the browser's prompt or the recording
 * itself); when it ends, focus goes back into the composer (it was on the bar's Stop button).
 */
export function useRecordingActive(composer: RefObject<HTMLElement>): boolean {
  const status = useWidget().controller.store.composer.recording.value.status;
  const active = status === 'starting' || status === 'recording';
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) composer.current?.querySelector<HTMLElement>('[contenteditable="true"]')?.focus();
    wasActive.current = active;
  }, [active]);
  return active;
}

/** Record, where recording is possible and no clip was made yet (one clip per comment). */
export function RecordButton({ disabled }: { disabled?: boolean }) {
  const { controller, host, touchOnly, adoptStyles } = useWidget();
  const { store, actions } = controller;
  adoptStyles(recordCss);
  const hasClip = (store.attachments.value[CLIP_KEY] ?? []).length > 0;
  if (touchOnly.value || hasClip || !actions.recordingSupported()) return null;
  return (
    <button
      type="button"
      class="pm-button pm-button--quiet"
      title={strings.record.hint}
      disabled={disabled}
      onClick={() => void actions.startRecording(host)}
    >
      <span class="pm-record-dot" aria-hidden="true" />
      {strings.record.start}
    </button>
  );
}

/** The clip's chip and why the last recording failed, inside the composer. */
export function ClipDraft() {
  const { recording } = useWidget().controller.store.composer;
  const state = recording.value;
  return (
    <>
      <AttachmentChips composerKey={CLIP_KEY} />
      {state.status === 'failed' && (
        <p class="pm-error" role="alert">
          {describeError(state.error)}
        </p>
      )}
    </>
  );
}

/** The small bar shown instead of the composer while recording: elapsed time of the limit, and Stop. */
export function RecordingBar() {
  const { controller, adoptStyles } = useWidget();
  adoptStyles(recordCss);
  const { recording } = controller.store.composer;
  const state = recording.value;
  const [now, setNow] = useState(() => Date.now());
  // The composer closed under a running recording (comment mode left): the recording ends with it.
  useEffect(() => () => recording.peek().status === 'recording' && controller.actions.stopRecording(), []);
  useListeners(
    (listeners) => {
      if (state.status === 'recording') listeners.setInterval(() => setNow(Date.now()), 250);
    },
    [state.status],
  );
  return (
    <div class="pm-recording-bar" role="region" aria-label={strings.record.bar}>
      {state.status === 'recording' ? (
        <>
          <span class="pm-record-dot pm-record-dot--live" aria-hidden="true" />
          <span class="pm-recording-time" role="timer">
            {strings.record.time(clock(now - state.startedAt), clock(state.maxMs))}
          </span>
          <button type="button" class="pm-button pm-button--primary" onClick={() => controller.actions.stopRecording()} autoFocus>
            {strings.record.stop}
          </button>
        </>
      ) : (
        <span role="status">{strings.record.starting}</span>
      )}
    </div>
  );
}

/** m:ss, never negative (the clock may tick before the first frame). */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
