/**
 * English sentences for failures (error-sentences.ts says which one each error code gets): what
 * went wrong and, where it helps, what to do. `cause` is the sentence of an underlying failure, or ''.
 * Screenshot reasons complete "Screenshot skipped: …", so they start in lower case.
 */
const withCause = (sentence: string, cause: string) => `${sentence} ${cause}`.trim();

export const enErrors = {
  popupBlocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
  signInFailed: (message: string) => (message ? `Sign-in failed: ${message}` : 'Sign-in failed. Please try again.'),
  signInTimeout: 'Sign-in took too long. Please try again.',
  originNotAllowed: 'Feedback is not set up for this site yet, so signing in cannot work here. Please tell the site’s team.',
  sessionExpired: 'Your session expired. Sign in again to continue — nothing you typed is lost.',
  unauthorized: 'You are not signed in any more. Sign in again to continue — nothing you typed is lost.',
  emptyMessage: 'Write something first.',
  messageTooLong: 'That comment is too long (at most 20,000 characters). Please shorten it.',
  editFailed: (cause: string) =>
    withCause('Your edit could not be saved, so the message is unchanged; your edit is still in the box.', cause),
  deleteFailed: (cause: string) => withCause('The message could not be deleted, so it is back.', cause),
  resolveFailed: (cause: string) => withCause('The thread’s resolved state could not be changed, so it is as it was.', cause),
  threadDeleteFailed: (cause: string) => withCause('The thread could not be deleted, so it is back.', cause),
  loadFailed: (detail: string) => `Comments could not be loaded. ${detail}`,
  checkConnection: 'Check your connection and try again.',
  tryAgain: 'Please try again.',
  networkError: 'Can’t reach the comment service. Check your connection and try again.',
  timeout: 'The comment service is taking too long to answer. Please try again.',
  rateLimited: 'Too many requests right now. Wait a moment and try again.',
  payloadTooLarge: 'That comment is too long. Please shorten it.',
  quotaExceeded: 'There is no storage space left for this file. Remove files you no longer need, or ask the site’s team for more space.',
  forbidden: (message: string) => (message ? `Not allowed: ${message}` : 'You are not allowed to do that.'),
  notFound: 'That comment no longer exists. It may have been deleted.',
  threadDeletedElsewhere: 'The thread you had open was deleted by someone else.',
  internalError: 'The comment service had a problem. Please try again.',
  screenshotTimeout: 'it took too long.',
  screenshotMaskingFailed: 'private fields could not be hidden, so no screenshot was taken.',
  screenshotUnsupported: 'this browser cannot capture the page.',
  screenshotFailed: (message: string) => (message ? `the page could not be captured (${message}).` : 'the page could not be captured.'),
  screenshotSkipped: 'Your comment was posted without a screenshot: the page could not be captured in time.',
  screenshotUploadFailed: (cause: string) => withCause('Your comment was posted, but its screenshot could not be uploaded.', cause),
  recordingUnsupported: 'This browser cannot record the tab.',
  recordingFailed: 'The recording could not be made. Please try again.',
  attachmentFailed: (name: string) => `“${name}” could not be uploaded. Retry it or remove it, then post again.`,
  attachmentTooLarge: 'This file is larger than 25 MB.',
  tooManyAttachments: 'A message can carry at most 10 files.',
  unsupportedMediaType: 'This kind of file cannot be attached.',
  moveFailed: (cause: string) => withCause('The pin could not be moved, so it is back where it was.', cause),
  unknown: 'Something went wrong. Please try again.',
};
