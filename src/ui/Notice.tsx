/** A toast for problems not tied to a form (loading failed, session expired, comments paused). */
import { useWidget } from './hooks';
import { describeError, strings } from './strings';

export function Notice() {
  const { store, actions } = useWidget().controller;
  const notice = store.notice.value;
  if (!notice) return null;
  const expired = notice.code === 'session_expired' && store.session.value.status === 'signed-out';
  return (
    <div class="pm-toast" role="alert">
      <span class="pm-toast-text">{describeError(notice)}</span>
      {expired && (
        <button type="button" class="pm-button pm-button--primary" onClick={() => actions.signIn()}>
          {strings.notice.signInAgain}
        </button>
      )}
      {notice.code === 'load_failed' && (
        <button type="button" class="pm-button" onClick={() => void actions.reload()}>
          {strings.notice.retry}
        </button>
      )}
      {notice.code === 'screenshot_upload_failed' && (
        <button type="button" class="pm-button" onClick={() => actions.retryScreenshotUploads()}>
          {strings.notice.retry}
        </button>
      )}
      <button type="button" class="pm-button pm-button--quiet" onClick={() => actions.dismissNotice()}>
        {strings.notice.dismiss}
      </button>
    </div>
  );
}
