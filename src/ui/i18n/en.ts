/**
 * The English table: every word the widget shows or announces, and the shape every other table
 * (`de.ts`) and every host override (`strings` option) must have. English is the default and the
 * fallback, so it is in the first load; the components read the active copy (`strings` in
 * `./index.ts`), never this object.
 *
 * Accessible names used by the end-to-end tests are marked "contract": change them only together
 * with e2e/. Counts go through `plural` (Intl.PluralRules, English rules for English words); `#` is
 * the count formatted for the active locale.
 */
import { active as strings } from './active';
import { formatBytes, formatNumber, plural } from './intl';
import { enErrors } from './en-errors';
import { enTools } from './en-tools';
import { enGuest } from './en-guest';
import { launcherWords } from './launcher-words';

const n = formatNumber;

export const en = {
  launcher: {
    addComment: launcherWords.en, // contract
    paused: 'Comments paused', // contract
    pausedHint: 'New comments are paused on this page.',
    openThreads: (count: number) => plural('en', count, { one: '# open thread', other: '# open threads' }),
  },
  signIn: {
    dialog: 'Sign in',
    intro: 'Sign in to leave comments on this page.',
    button: 'Sign in to comment', // contract
    waitingPopup: 'Finish signing in in the popup window…',
    waitingSilent: 'Signing you in…',
    cancel: 'Cancel sign-in',
    signedInAs: (name: string) => (name ? `Signed in as ${name}` : 'Signed in'),
    ...enGuest,
  },
  commentMode: {
    hint: 'Click anything to comment · Esc to cancel', // contract
    /** On a touch-only device (ui/touch.ts): no key to press; the pressed launcher leaves the mode. */
    tapHint: 'Tap anything to comment', // contract
    /** Comment mode by keyboard: Tab walks the page's elements (compose/keyboard-targets.ts). */
    keyboardHint: 'Tab picks an element, Enter comments on it',
    target: (what: string) => `${what} · Enter to comment`,
    described: (kind: string, text: string) => (text ? `${kind} “${text}”` : kind),
    kinds: {
      heading: 'Heading',
      paragraph: 'Paragraph',
      image: 'Image',
      link: 'Link',
      button: 'Button',
      field: 'Field',
      item: 'List item',
      cell: 'Table cell',
      element: 'Element',
    },
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
    phases: {
      loading: 'Preparing the screenshot…',
      rendering: 'Taking a screenshot…',
      masking: 'Hiding private fields…',
      encoding: 'Compressing…',
    } as Record<string, string>,
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
  record: {
    start: 'Record', // contract
    hint: 'Record this tab, up to 3 minutes',
    // Unlike screenshots, recordings cannot paint over private fields: the reviewer is told before sharing.
    starting: 'Share this tab in your browser’s window. Everything on it is recorded, private fields too.',
    bar: 'Recording', // contract
    stop: 'Stop recording', // contract
    time: (elapsed: string, limit: string) => `${elapsed} of ${limit}`,
  },
  attachments: {
    add: 'Attach files', // contract
    list: 'Attachments',
    remove: (name: string) => `Remove ${name}`,
    retry: (name: string) => `Retry ${name}`,
    uploading: 'Uploading…',
    failed: 'Upload failed',
    size: (bytes: number) => formatBytes(bytes),
    open: (name: string) => `Open ${name}`,
  },
  diagnostics: {
    title: 'Diagnostics', // contract
    summary: (errors: number, warnings: number, requests: number) =>
      [
        plural('en', errors, { one: '# console error', other: '# console errors' }),
        plural('en', warnings, { one: '# warning', other: '# warnings' }),
        plural('en', requests, { one: '# failed request', other: '# failed requests' }),
      ].join(' · '),
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
    movableTouch: 'Drag to move',
    fromDevice: (device: string) => `Made on ${device}`,
    saving: 'Saving the new place…',
  },
  devices: {
    showAll: (count: number) => `Show pins from all devices (${n(count)})`, // contract
    chip: 'All devices',
    desktop: 'desktop',
    tablet: 'tablet',
    mobile: 'mobile',
  },
  orphans: {
    summary: (count: number) =>
      plural('en', count, { one: '# comment could not be placed on this page', other: '# comments could not be placed on this page' }), // contract
    open: (n: number) => `Open thread #${n}`, // contract
    list: 'Comments without a place',
  },
  list: {
    toggle: (count: number) => `Comments (${n(count)})`, // contract
    region: 'Comments on this page', // contract
    item: (n: number, text: string) => `Thread #${n}: ${text.slice(0, 60)}`,
    /** The list's heading names its region: `region` above. The filter's legend and its three choices. */
    filter: 'Show',
    filters: { open: 'Open', resolved: 'Resolved', all: 'All' }, // contract
    search: 'Search comments', // contract
    searchHint: 'Text, author or #number',
    empty: { open: 'No open comments', resolved: 'No resolved comments', all: 'No comments yet' },
    noMatch: (query: string) => `Nothing matches “${query}”`,
    results: (count: number) => plural('en', count, { one: '# comment shown', other: '# comments shown' }),
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
    notShown: 'This comment’s element is on this page but not shown right now (hidden or collapsed). Move pin puts it somewhere new.',
  },
  send: {
    title: 'Unsent comment',
    pin: 'New comment, sending', // contract
    pinFailed: 'New comment, not sent', // contract
    /** The name of an unsent comment's pin or list entry, by its outbox status (the active table's two names). */
    label: (status: string): string => (status === 'failed' ? strings.send.pinFailed : strings.send.pin),
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

  /** Said by the live region (ui/announcer.ts) when something finished out of sight. */
  announce: {
    posted: 'Comment posted',
    replySent: 'Reply sent',
    messageSaved: 'Message saved',
    messageDeleted: 'Message deleted',
    resolved: 'Thread resolved',
    reopened: 'Thread reopened',
    deleted: 'Thread deleted',
    moved: 'Pin moved',
    notSent: 'Comment not sent: open it to retry or discard it.',
    online: 'Back online. Waiting comments are being sent.',
  },
  time: {
    /** Under a minute; older times come from Intl.RelativeTimeFormat ("5 min. ago", "yesterday"). */
    justNow: 'just now',
  },
  errors: enErrors,
  ...enTools,
};

/** The full table: German and any other complete table must have exactly this shape. */
export type Strings = typeof en;
