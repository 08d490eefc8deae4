/** English words of the inbox's and thread's tools (export, open on page, Markdown, live updates). */
export const enTools = {
  exporting: {
    button: 'Export', // contract
    csv: 'Export as CSV', // contract
    json: 'Export as JSON', // contract
    progress: 'Exporting threads',
    counting: (loaded: number, total: number | null) => (total === null ? `${loaded} threads…` : `${loaded} of ${total} threads…`),
    cancel: 'Cancel export', // contract
    done: (n: number, format: string) => `Exported ${n === 1 ? '1 thread' : `${n} threads`} as ${format.toUpperCase()}.`,
    cancelled: 'Export cancelled.',
    failed: 'The export failed.',
  },
  threadTools: {
    openOnPage: 'Open on page', // contract
    newTab: '(opens in a new tab)',
    copyMarkdown: 'Copy as Markdown', // contract
    downloadMarkdown: 'Download Markdown', // contract
    copied: 'Copied the thread as Markdown.',
    copyFailed: 'Copying was refused by the browser: use Download instead.',
    downloaded: 'Downloaded the thread as Markdown.',
    preparing: 'Preparing…',
  },
  live: {
    newThreads: (n: number) => (n === 1 ? '1 new thread' : `${n} new threads`),
    newReplies: (n: number) => (n === 1 ? '1 new reply' : `${n} new replies`),
  },
};
