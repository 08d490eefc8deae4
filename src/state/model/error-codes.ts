/**
 * Every error code the widget has words for, as one union: `widgetError()` accepts only these, and
 * the sentence table (ui/i18n/error-sentences.ts) is a `Record` over them, so the compiler ties each
 * code to its words. A server code outside the union still travels as a string (to the host's
 * `error` event) and the reviewer reads the server's message.
 */
import type { ApiErrorCode } from '../../api/errors';
import type { SignInErrorKind } from '../../auth/popup-sign-in';
import type { RecordErrorCode } from '../../capture/record/tab-recorder';
import type { CaptureErrorCode } from '../../capture/screenshot/types';

/** Codes of the server and the API client that get a sentence of their own. */
export type ExplainedApiErrorCode = Extract<
  ApiErrorCode,
  | 'unauthorized'
  | 'session_expired'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  | 'quota_exceeded'
  | 'network_error'
  | 'timeout'
>;

/** Codes the widget makes itself. */
export type OwnErrorCode =
  | 'popup_blocked'
  | `sign_in_${SignInErrorKind}`
  | 'sign_in_origin_not_allowed'
  | 'comments_paused'
  | 'empty_message'
  | 'message_too_long'
  | 'load_failed'
  | 'send_failed'
  | 'edit_failed'
  | 'delete_failed'
  | 'resolve_failed'
  | 'thread_delete_failed'
  | 'move_failed'
  | 'thread_deleted_elsewhere'
  | `screenshot_${CaptureErrorCode}`
  | 'screenshot_skipped'
  | 'screenshot_upload_failed'
  | `recording_${Exclude<RecordErrorCode, 'cancelled'>}`
  | 'attachment_failed'
  | 'attachment_too_large'
  | 'too_many_attachments'
  /** A thrown value that was not an error the widget knows. */
  | 'unexpected';

export type WidgetErrorCode = ExplainedApiErrorCode | OwnErrorCode;
