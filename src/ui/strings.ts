/**
 * Every word the widget shows or announces, in one place (for review, tone and later translation).
 * Accessible names used by the end-to-end tests are marked "contract": change them only together
 * with e2e/.
 */
import type { WidgetError } from '../state/store';

export const strings = {
  launcher: {
    addComment: 'Add comment', // contract
    paused: 'Comments paused', // contract
    pausedHint: 'New comments are paused on this page.',
    openThreads: (count: number) => `${count} open ${count === 1 ? 'thread' : 'threads'}`,
  },
  signIn: {
    dialog: 'Sign in',
    intro: 'Sign in to leave comments on this page.',
    button: 'Sign in to comment', // contract
    waitingPopup: 'Finish signing in in the popup window…',
    waitingSilent: 'Signing you in…',
    cancel: 'Cancel sign-in',
    signedInAs: (name: string) => (name ? `Signed in as ${name}` : 'Signed in'),
  },
  commentMode: {
    hint: 'Click anything to comment · Esc to cancel', // contract
  },
  composer: {
    dialog: 'New comment', // contract
    textarea: 'Comment', // contract
    placeholder: 'Write a comment…',
    post: 'Post', // contract
    cancel: 'Cancel', // contract
    shortcut: 'Ctrl+Enter to post',
    signInAgain: 'Sign in to comment',
    dropHint: 'Drop files to attach them',
  },
  screenshot: {
    region: 'Screenshot', // contract
    capturing: 'Taking a screenshot…', // contract
    phases: { loading: 'Preparing the screenshot…', rendering: 'Taking a screenshot…', masking: 'Hiding private fields…', encoding: 'Compressing…' } as Record<string, string>,
    cancel: 'Skip screenshot', // contract
    preview: 'Screenshot of the page', // contract
    annotate: 'Annotate', // contract
    annotated: 'Annotated',
    remove: 'Remove screenshot', // contract
    add: 'Add screenshot', // contract
    retry: 'Try again',
    none: 'No screenshot will be attached.',
    skipped: (reason: string) => `Screenshot skipped: ${reason}`,
    uploading: 'Uploading the screenshot…',
    uploadFailed: 'The screenshot could not be uploaded.',
    open: (n: number) => `Open the screenshot of thread #${n} full size`, // contract
    fullSize: 'Screenshot, full size', // contract
    close: 'Close screenshot',
    privacy: 'Passwords, card numbers and private fields are hidden.',
  },
  attachments: {
    add: 'Attach files', // contract
    list: 'Attachments',
    remove: (name: string) => `Remove ${name}`,
    retry: (name: string) => `Retry ${name}`,
    uploading: 'Uploading…',
    failed: 'Upload failed',
    size: (bytes: number) =>
      bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`,
    open: (name: string) => `Open ${name}`,
  },
  diagnostics: {
    title: 'Diagnostics', // contract
    summary: (errors: number, warnings: number, requests: number) =>
      `${errors} console ${errors === 1 ? 'error' : 'errors'} · ${warnings} ${warnings === 1 ? 'warning' : 'warnings'} · ${requests} failed ${requests === 1 ? 'request' : 'requests'}`,
    loading: 'Loading diagnostics…',
    unavailable: 'Diagnostics could not be loaded.',
    console: 'Console',
    requests: 'Failed requests',
    nothing: 'No console errors or failed requests were recorded.',
  },
  pin: {
    label: (n: number) => `Thread ${n}`, // contract
    pending: 'New comment here',
    movable: 'Drag to move · Alt+arrow keys',
    fromDevice: (device: string) => `Made on ${device}`,
    saving: 'Saving the new place…',
  },
  devices: {
    showAll: (n: number) => `Show pins from all devices (${n})`, // contract
    chip: 'All devices',
    desktop: 'desktop',
    tablet: 'tablet',
    mobile: 'mobile',
  },
  orphans: {
    summary: (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'} could not be placed on this page`, // contract
    open: (n: number) => `Open thread #${n}`, // contract
    list: 'Comments without a place',
  },
  list: {
    toggle: (n: number) => `Comments (${n})`, // contract
    region: 'Comments on this page', // contract
    item: (n: number, text: string) => `Thread #${n}: ${text.slice(0, 60)}`,
  },
  move: {
    button: 'Move pin', // contract
    hint: (n: number) => `Moving thread #${n}: arrow keys move the pin (Shift for 1 px) · Enter saves · Esc cancels`,
  },
  thread: {
    dialog: (n: number) => `Thread ${n}`, // contract
    title: (n: number) => `Thread #${n}`,
    resolvedBadge: 'Resolved',
    replyTextarea: 'Write a reply', // contract
    replyPlaceholder: 'Reply…',
    sendReply: 'Send reply', // contract
    resolve: 'Resolve', // contract
    reopen: 'Reopen', // contract
    delete: 'Delete thread', // contract
    confirmQuestion: 'Delete this thread and all its messages?',
    confirmDelete: 'Confirm delete', // contract
    keep: 'Keep thread',
    close: 'Close', // contract
    unknownAuthor: 'Someone',
    noMessages: 'No messages yet.',
    notPlaced: 'This comment’s element was not found on this page. Move pin puts it somewhere new.',
  },
  send: {
    title: 'Unsent comment',
    pin: 'New comment, sending', // contract
    pinFailed: 'New comment, not sent', // contract
    /** The name of an unsent comment's pin or list entry, by its outbox status. */
    label: (status: string) => (status === 'failed' ? strings.send.pinFailed : strings.send.pin),
    sending: 'Sending…',
    retrying: 'Not sent yet: trying again…',
    failed: (reason: string) => `Not sent. ${reason}`,
    retry: 'Retry sending', // contract
    discard: 'Discard', // contract
    offline: 'You are offline. Comments are kept and sent when you are back online.', // contract
  },
  message: {
    edit: 'Edit', // contract
    delete: 'Delete', // contract
    save: 'Save', // contract
    cancel: 'Cancel',
    editor: 'Edit message', // contract
    edited: 'edited',
    saving: 'Saving…',
    deleting: 'Deleting…',
    confirmDelete: 'Delete this message?',
    confirm: 'Delete message', // contract
    keep: 'Keep',
    actions: (author: string) => `Message from ${author}`,
  },
  notice: {
    dismiss: 'Dismiss',
    retry: 'Retry',
    signInAgain: 'Sign in again',
  },
  time: {
    justNow: 'just now',
    minutes: (n: number) => `${n} min ago`,
    hours: (n: number) => `${n} h ago`,
    days: (n: number) => `${n} d ago`,
  },
} as const;

/** A sentence for the reviewer: what went wrong and, where it helps, what to do. */
export function describeError(error: WidgetError): string {
  switch (error.code) {
    case 'popup_blocked':
      return 'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.';
    case 'sign_in_failed':
      return error.message ? `Sign-in failed: ${error.message}` : 'Sign-in failed. Please try again.';
    case 'sign_in_timeout':
      return 'Sign-in took too long. Please try again.';
    case 'session_expired':
    case 'token_expired':
      return 'Your session expired. Sign in again to continue — nothing you typed is lost.';
    case 'unauthorized':
      return 'You are not signed in any more. Sign in again to continue — nothing you typed is lost.';
    case 'comments_paused':
      return strings.launcher.pausedHint;
    case 'empty_message':
      return 'Write something first.';
    case 'message_too_long':
      return 'That comment is too long (at most 20,000 characters). Please shorten it.';
    case 'edit_failed':
      return `Your edit could not be saved, so the message is unchanged; your edit is still in the box. ${error.cause ? describeError(error.cause) : ''}`.trim();
    case 'delete_failed':
      return `The message could not be deleted, so it is back. ${error.cause ? describeError(error.cause) : ''}`.trim();
    case 'load_failed':
      return `Comments could not be loaded. ${networkOr(error)}`;
    case 'network_error':
      return 'Can’t reach the comment service. Check your connection and try again.';
    case 'timeout':
      return 'The comment service is taking too long to answer. Please try again.';
    case 'rate_limited':
      return 'Too many requests right now. Wait a moment and try again.';
    case 'payload_too_large':
      return 'That comment is too long. Please shorten it.';
    case 'forbidden':
      return error.message ? `Not allowed: ${error.message}` : 'You are not allowed to do that.';
    case 'not_found':
      return 'That comment no longer exists. It may have been deleted.';
    case 'internal_error':
      return 'The comment service had a problem. Please try again.';
    case 'screenshot_timeout':
      return 'it took too long.';
    case 'screenshot_masking_failed':
      return 'private fields could not be hidden, so no screenshot was taken.';
    case 'screenshot_unsupported':
      return 'this browser cannot capture the page.';
    case 'screenshot_failed':
      return error.message ? `the page could not be captured (${error.message}).` : 'the page could not be captured.';
    case 'screenshot_skipped':
      return 'Your comment was posted without a screenshot: the page could not be captured in time.';
    case 'screenshot_upload_failed':
      return `Your comment was posted, but its screenshot could not be uploaded. ${error.cause ? describeError(error.cause) : ''}`.trim();
    case 'attachment_failed':
      return `“${error.message}” could not be uploaded. Retry it or remove it, then post again.`;
    case 'attachment_too_large':
      return 'This file is larger than 25 MB.';
    case 'too_many_attachments':
      return 'A message can carry at most 10 files.';
    case 'unsupported_media_type':
      return error.message || 'This kind of file cannot be attached.';
    case 'move_failed':
      return `The pin could not be moved, so it is back where it was. ${error.cause ? describeError(error.cause) : ''}`.trim();
    default:
      return error.message || 'Something went wrong. Please try again.';
  }
}

function networkOr(error: WidgetError): string {
  if (error.status === 0) return 'Check your connection and try again.';
  return error.message || 'Please try again.';
}
