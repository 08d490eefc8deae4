/**
 * The sentence for each error code (state/model/error-codes.ts): a `Record` over the code union, so
 * a new code does not compile until it has words. The words themselves are in the active table
 * (`errors` of en.ts / de.ts, which hosts may override); this only says which words a code gets.
 */
import type { WidgetErrorCode } from '../../state/model/error-codes';
import type { WidgetError } from '../../state/model/shapes';
import { strings } from './index';

type ErrorWords = typeof strings.errors;
/** The name of a plain sentence of the table (no detail to fill in). */
type PlainSentence = { [K in keyof ErrorWords]: ErrorWords[K] extends string ? K : never }[keyof ErrorWords];
/** Builds a sentence from the failure; `cause` is the sentence of the failure underneath, or ''. */
type SentenceBuilder = (error: WidgetError, cause: string) => string;
/** A plain sentence by name (the smallest entry: this table is in the first load) or a builder. */
type Sentence = PlainSentence | SentenceBuilder;

/** Codes without words of their own: the server's or browser's message, else "Something went wrong". */
const fallbackSentence: SentenceBuilder = (error) => error.message || strings.errors.unknown;

const t = () => strings.errors;

const errorSentences: Record<WidgetErrorCode, Sentence> = {
  popup_blocked: 'popupBlocked',
  sign_in_failed: (error) => t().signInFailed(error.message),
  sign_in_timeout: 'signInTimeout',
  // Never shown: a cancelled sign-in is the reviewer's own choice.
  sign_in_cancelled: fallbackSentence,
  sign_in_origin_not_allowed: 'originNotAllowed',
  session_expired: 'sessionExpired',
  token_expired: 'sessionExpired',
  unauthorized: 'unauthorized',
  comments_paused: () => strings.launcher.pausedHint,
  empty_message: 'emptyMessage',
  message_too_long: 'messageTooLong',
  edit_failed: (_, cause) => t().editFailed(cause),
  delete_failed: (_, cause) => t().deleteFailed(cause),
  resolve_failed: (_, cause) => t().resolveFailed(cause),
  thread_delete_failed: (_, cause) => t().threadDeleteFailed(cause),
  load_failed: (error) => t().loadFailed(error.status === 0 ? t().checkConnection : error.message || t().tryAgain),
  send_failed: fallbackSentence,
  network_error: 'networkError',
  timeout: 'timeout',
  rate_limited: 'rateLimited',
  payload_too_large: 'payloadTooLarge',
  quota_exceeded: 'quotaExceeded',
  forbidden: (error) => t().forbidden(error.message),
  not_found: 'notFound',
  thread_deleted_elsewhere: 'threadDeletedElsewhere',
  internal_error: 'internalError',
  screenshot_timeout: 'screenshotTimeout',
  screenshot_masking_failed: 'screenshotMaskingFailed',
  screenshot_unsupported: 'screenshotUnsupported',
  screenshot_failed: (error) => t().screenshotFailed(error.message),
  // Never shown: a cancelled capture leaves the composer without a screenshot, silently.
  screenshot_cancelled: fallbackSentence,
  screenshot_skipped: 'screenshotSkipped',
  screenshot_upload_failed: (_, cause) => t().screenshotUploadFailed(cause),
  recording_unsupported: 'recordingUnsupported',
  recording_failed: 'recordingFailed',
  attachment_failed: (error) => t().attachmentFailed(error.message),
  attachment_too_large: 'attachmentTooLarge',
  too_many_attachments: 'tooManyAttachments',
  unsupported_media_type: (error) => error.message || t().unsupportedMediaType,
  move_failed: (_, cause) => t().moveFailed(cause),
  unexpected: fallbackSentence,
};

/** The sentence for `error`; a code the table does not know (a newer server's) gets the fallback. */
export function sentenceFor(error: WidgetError, cause: string): string {
  // Own keys only: a code such as `constructor` must not reach Object.prototype.
  const sentence = {}.hasOwnProperty.call(errorSentences, error.code) ? errorSentences[error.code as WidgetErrorCode] : fallbackSentence;
  return typeof sentence === 'string' ? t()[sentence] : sentence(error, cause);
}
