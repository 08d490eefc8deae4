/**
 * The new comment's screenshot inside the composer: progress while it is taken (with a way to skip
 * it), the preview with Annotate / Remove once it is ready, and the reason when it was skipped —
 * the comment can be posted in every one of these states.
 */
import { useReview, useWidget } from '../hooks';
import { useMediaStyles } from '../media/styles';
import { PENDING } from '../positions';
import { describeError, strings } from '../strings';

export function ScreenshotDraft() {
  useMediaStyles();
  const { controller } = useWidget();
  const { positions } = useReview();
  const { store, actions } = controller;
  // A retake marks the pin where it is now (the layer's coordinates are the viewport's).
  const retake = () => {
    const point = positions.get(PENDING);
    actions.takeScreenshot(point ? { clientX: point.x, clientY: point.y } : null);
  };
  const draft = store.composer.screenshot.value;
  if (!actions.screenshotsEnabled()) return null;
  const busy = store.composer.posting.value;

  return (
    <section class="pm-shot-draft" aria-label={strings.screenshot.region}>
      {draft.status === 'capturing' && (
        // The preview's own layout with an empty frame: when the image arrives nothing below it moves
        // (the Post button stays under the reviewer's pointer).
        <div class="pm-shot-ready">
          <div class="pm-thumb-button pm-shot-pending" aria-hidden="true">
            <div class="pm-thumb" style={{ aspectRatio: `${window.innerWidth || 4} / ${window.innerHeight || 3}` }} />
            <span class="pm-spinner" />
          </div>
          <div class="pm-shot-buttons" role="status">
            <span>{strings.screenshot.phases[draft.phase] ?? strings.screenshot.capturing}</span>
            <button type="button" class="pm-button pm-button--quiet" onClick={() => actions.cancelScreenshot()}>
              {strings.screenshot.cancel}
            </button>
          </div>
          <p class="pm-muted pm-shot-privacy">{strings.screenshot.privacy}</p>
        </div>
      )}
      {draft.status === 'ready' && (
        <div class="pm-shot-ready">
          <button
            type="button"
            class="pm-thumb-button"
            onClick={() => actions.openAnnotator()}
            disabled={busy}
            aria-label={`${strings.screenshot.annotate}: ${strings.screenshot.preview}`}
          >
            <img class="pm-thumb pm-shot-preview" src={draft.previewUrl} alt={strings.screenshot.preview} />
          </button>
          <div class="pm-shot-buttons">
            {draft.annotated && <span class="pm-badge">{strings.screenshot.annotated}</span>}
            <button type="button" class="pm-button" onClick={() => actions.openAnnotator()} disabled={busy}>
              {strings.screenshot.annotate}
            </button>
            <button type="button" class="pm-button pm-button--quiet" onClick={() => actions.removeScreenshot()} disabled={busy}>
              {strings.screenshot.remove}
            </button>
          </div>
          <p class="pm-muted pm-shot-privacy">{strings.screenshot.privacy}</p>
        </div>
      )}
      {draft.status === 'failed' && (
        <div class="pm-shot-progress" role="status">
          <span>{strings.screenshot.skipped(describeError(draft.error))}</span>
          <button type="button" class="pm-button pm-button--quiet" onClick={retake} disabled={busy}>
            {strings.screenshot.retry}
          </button>
        </div>
      )}
      {draft.status === 'none' && (
        <div class="pm-shot-progress">
          <span class="pm-muted">{strings.screenshot.none}</span>
          <button type="button" class="pm-button pm-button--quiet" onClick={retake} disabled={busy}>
            {strings.screenshot.add}
          </button>
        </div>
      )}
    </section>
  );
}
