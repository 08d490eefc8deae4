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
