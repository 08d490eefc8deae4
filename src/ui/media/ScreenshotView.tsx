/**
 * A thread's screenshot in its panel: a thumbnail that opens full size, the background upload's
 * progress right after posting (and its failure, with a retry), and a refresh of the signed address
 * when it has expired.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { ThreadResponse } from '../../api/wire';
import { useWidget } from '../hooks';
import { describeError, strings } from '../strings';
import { useMediaStyles } from './styles';

export function ScreenshotView({ thread, onOpen }: { thread: ThreadResponse; onOpen: (url: string, label: string) => void }) {
  useMediaStyles();
  const { store, actions } = useWidget().controller;
  const refreshed = useRef(false);
  useEffect(() => void actions.loadScreenshot(thread.id), [thread.id]);
  const upload = store.screenshotUploads.value[thread.id];
  const shot = thread.screenshot;

  if (upload?.status === 'uploading') {
    return (
      <p class="pm-muted pm-shot-status" role="status">
        <span class="pm-spinner" aria-hidden="true" /> {strings.screenshot.uploading}
      </p>
    );
  }
  if (upload?.status === 'failed') {
    return (
      <div class="pm-shot-status" role="alert">
        <span class="pm-error">
          {upload.error ? `${strings.screenshot.uploadFailed} ${describeError(upload.error)}` : strings.screenshot.uploadFailed}
        </span>
        <button type="button" class="pm-button" onClick={() => actions.retryScreenshotUploads()}>
          {strings.notice.retry}
        </button>
      </div>
    );
  }
  if (!shot?.url || !/^https?:/i.test(shot.url)) return null;
  const label = strings.screenshot.open(thread.number);
  return (
    <button type="button" class="pm-thumb-button pm-shot" aria-label={label} onClick={() => onOpen(shot.url!, strings.screenshot.fullSize)}>
      <img
        class="pm-thumb pm-shot-image"
        src={shot.url}
        alt=""
        width={shot.width}
        height={shot.height}
        onError={() => {
          // Signed addresses expire: ask once for a fresh one.
          if (refreshed.current) return;
          refreshed.current = true;
          void actions.loadScreenshot(thread.id, true);
        }}
      />
    </button>
  );
}
