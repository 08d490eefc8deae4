/**
 * The review app's English words: the one place to add or change a string (de.ts must then follow,
 * the type checker says so). Names the end-to-end tests use are marked "contract".
 */
import { enManage } from './en-manage';
import { enTools } from './en-tools';
import { enGuests } from './en-guests';

export const en = {
  ...enTools,
  ...enManage,
  ...enGuests,
  appName: 'Pinmark',
  skipToContent: 'Skip to content',
  nav: { inbox: 'Inbox', workspace: 'Workspace', metrics: 'Metrics', mail: 'Mail', integrations: 'Integrations', main: 'Main' },
  signIn: {
    title: 'Sign in to the review app',
    intro: 'Read, triage and answer every comment of your workspace.',
    devNote: 'Development sign-in: any name and e-mail; this browser stays the same person.',
    name: 'Name', // contract
    email: 'Email', // contract
    submit: 'Sign in', // contract
    busy: 'Signing in…',
    expired: 'Your session has ended. Sign in again to continue — nothing you typed is lost.',
    signOut: 'Sign out',
    withProvider: (host: string) => `Sign in with ${host}`,
    redirecting: 'Going to your sign-in page…',
    or: 'or, for development',
    loadingConfig: 'Loading how to sign in…',
    notConfigured: 'Sign-in is not set up on this server: its operator sets OIDC_CLIENT_ID (see the README).',
  },
  prefs: {
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
    language: 'Language',
  },
  filters: {
    title: 'Filters',
    show: 'Filters', // contract
    search: 'Search comments', // contract
    searchHint: 'Words or #number',
    status: 'Status', // contract
    open: 'Open',
    resolved: 'Resolved',
    all: 'All',
    markup: 'Site',
    anyMarkup: 'Any site',
    url: 'Page URL starts with',
    author: 'Author',
    anyone: 'Anyone',
    assignee: 'Assignee', // contract
    me: 'Me',
    unassigned: 'Unassigned',
    mentionsMe: 'Mentions me',
    unread: 'Unread only',
    screenshot: 'Screenshot',
    diagnostics: 'Diagnostics',
    either: 'Either',
    with: 'With',
    without: 'Without',
    device: 'Device',
    anyDevice: 'Any device',
    desktop: 'Desktop',
    tablet: 'Tablet',
    mobile: 'Mobile',
    label: 'Label',
    from: 'Created from',
    to: 'Created until',
    clear: 'Clear filters',
    count: (n: number) => (n === 1 ? '1 thread' : `${n.toLocaleString('en')} threads`),
  },
  inbox: {
    title: 'Inbox',
    list: 'Threads', // contract
    empty: 'No threads match these filters.',
    loading: 'Loading threads…',
    loadingMore: 'Loading more…',
    unread: 'Unread',
    resolved: 'Resolved',
    replies: (n: number) => (n === 1 ? '1 reply' : `${n} replies`),
    pick: 'Pick a thread to read it.',
    withScreenshot: 'Has a screenshot',
    withDiagnostics: 'Has diagnostics',
    select: (n: number) => `Select thread #${n}`, // contract
  },
  bulk: {
    region: 'Selected threads', // contract
    count: (n: number) => (n === 1 ? '1 selected' : `${n} selected`),
    resolve: 'Resolve all', // contract
    reopen: 'Reopen all', // contract
    assignMe: 'Assign to me', // contract
    unassign: 'Unassign',
    clear: 'Clear selection',
    working: (done: number, total: number) => `Working… ${done} of ${total}`,
    done: (n: number) => (n === 1 ? 'Done: 1 thread changed.' : `Done: ${n} threads changed.`),
    partly: (changed: number, refused: string) => `${changed} changed; these could not be: ${refused}. They stay selected.`,
  },
  thread: {
    back: 'Back to inbox',
    loading: 'Loading the thread…',
    missing: 'This thread does not exist or was deleted.',
    number: (n: number) => `Thread #${n}`,
    resolve: 'Resolve', // contract
    reopen: 'Reopen', // contract
    resolvedBadge: 'Resolved',
    openBadge: 'Open',
    messages: 'Messages',
    reply: 'Reply', // contract (the editor's name)
    send: 'Send reply', // contract
    sending: 'Sending…',
    screenshot: 'Screenshot',
    openScreenshot: 'Open the screenshot full size',
    noScreenshot: 'No screenshot.',
    context: 'Browser',
    page: 'Page',
    element: 'Element',
    device: 'Device',
    browser: 'Browser',
    os: 'System',
    viewport: 'Viewport',
    screen: 'Screen',
    diagnostics: 'Diagnostics',
    noDiagnostics: 'No diagnostics were recorded.',
    openPage: 'Open the page',
    on: (markup: string) => `on ${markup}`,
  },
  triage: {
    title: 'Triage',
    assignee: 'Assignee', // contract
    assignMe: 'Assign to me', // contract
    nobody: 'Unassigned',
    priority: 'Priority', // contract
    priorities: { none: 'No priority', 1: 'Urgent', 2: 'High', 3: 'Medium', 4: 'Low' } as Record<string, string>,
    labels: 'Labels',
    addLabel: 'Add label', // contract
    removeLabel: (label: string) => `Remove label ${label}`,
    saved: 'Saved',
  },
  shortcuts: {
    title: 'Keyboard shortcuts', // contract
    close: 'Close',
    button: 'Keyboard shortcuts',
    list: [
      ['j / k', 'Next / previous thread'],
      ['Enter', 'Open the selected thread'],
      ['e', 'Resolve or reopen'],
      ['x', 'Select or unselect the thread (for the actions on several)'],
      ['r', 'Reply'],
      ['/', 'Search'],
      ['Esc', 'Back to the list'],
      ['?', 'This list'],
    ] as [string, string][],
  },
  errors: {
    offline: 'The server cannot be reached. Check your connection; nothing you typed is lost.',
    forbidden: 'You are not allowed to do that in this workspace.',
    notMember: 'You are not a member of any workspace here. Ask a workspace owner for an invitation.',
    rateLimited: 'Too many requests. Wait a moment and try again.',
    generic: 'Something went wrong.',
    retry: 'Try again',
    dismiss: 'Dismiss',
    noSignIn: 'The development sign-in is turned off on this server.',
  },
  time: { today: 'Today' },
};

export type AppStrings = typeof en;
