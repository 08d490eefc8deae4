/**
 * What components import for words: the active table `strings` (read `strings.x.y` at render time;
 * English until `init` applies a `locale` and the host's `strings`), and `describeError`, the
 * sentence for a failure. The tables themselves are in `i18n/`: `en.ts` (+ `en-errors.ts`,
 * `en-tools.ts`) is the one place to add or change a string, and `de.ts` (+ `de-tools.ts`) must then
 * follow (the type checker says so). Accessible names used by the end-to-end tests are marked
 * "contract" there: change them only together with e2e/.
 */
import type { WidgetError } from '../state/store';
import { strings } from './i18n';

export { formatNumber, strings, type Strings } from './i18n';
export type { ShapeType } from './i18n/en-tools';
export type EditorTool = keyof typeof strings.editor.tools;

/** A sentence for the reviewer: what went wrong and, where it helps, what to do. */
export function describeError(error: WidgetError): string {
  const t = strings.errors;
  const cause = error.cause ? describeError(error.cause) : '';
  switch (error.code) {
    case 'popup_blocked':
      return t.popupBlocked;
    case 'sign_in_failed':
      return t.signInFailed(error.message);
    case 'sign_in_timeout':
      return t.signInTimeout;
    case 'sign_in_origin_not_allowed':
      return t.originNotAllowed;
    case 'session_expired':
    case 'token_expired':
      return t.sessionExpired;
    case 'unauthorized':
      return t.unauthorized;
    case 'comments_paused':
      return strings.launcher.pausedHint;
    case 'empty_message':
      return t.emptyMessage;
    case 'message_too_long':
      return t.messageTooLong;
    case 'edit_failed':
      return t.editFailed(cause);
    case 'delete_failed':
      return t.deleteFailed(cause);
    case 'resolve_failed':
      return t.resolveFailed(cause);
    case 'thread_delete_failed':
      return t.threadDeleteFailed(cause);
    case 'load_failed':
      return t.loadFailed(error.status === 0 ? t.checkConnection : error.message || t.tryAgain);
    case 'network_error':
      return t.networkError;
    case 'timeout':
      return t.timeout;
    case 'rate_limited':
      return t.rateLimited;
    case 'payload_too_large':
      return t.payloadTooLarge;
    case 'quota_exceeded':
      return t.quotaExceeded;
    case 'forbidden':
      return t.forbidden(error.message);
    case 'not_found':
      return t.notFound;
    case 'thread_deleted_elsewhere':
      return t.threadDeletedElsewhere;
    case 'internal_error':
      return t.internalError;
    case 'screenshot_timeout':
      return t.screenshotTimeout;
    case 'screenshot_masking_failed':
      return t.screenshotMaskingFailed;
    case 'screenshot_unsupported':
      return t.screenshotUnsupported;
    case 'screenshot_failed':
      return t.screenshotFailed(error.message);
    case 'screenshot_skipped':
      return t.screenshotSkipped;
    case 'screenshot_upload_failed':
      return t.screenshotUploadFailed(cause);
    case 'attachment_failed':
      return t.attachmentFailed(error.message);
    case 'attachment_too_large':
      return t.attachmentTooLarge;
    case 'too_many_attachments':
      return t.tooManyAttachments;
    case 'unsupported_media_type':
      return error.message || t.unsupportedMediaType;
    case 'move_failed':
      return t.moveFailed(cause);
    default:
      return error.message || t.unknown;
  }
}
