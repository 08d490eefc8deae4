/** German words of the inbox's and thread's tools (typed as the English ones). */
import type { enTools } from './en-tools';

export const deTools: typeof enTools = {
  exporting: {
    button: 'Exportieren',
    csv: 'Als CSV exportieren',
    json: 'Als JSON exportieren',
    progress: 'Threads werden exportiert',
    counting: (loaded, total) => (total === null ? `${loaded} Threads…` : `${loaded} von ${total} Threads…`),
    cancel: 'Export abbrechen',
    done: (n, format) => `${n === 1 ? '1 Thread' : `${n} Threads`} als ${format.toUpperCase()} exportiert.`,
    cancelled: 'Export abgebrochen.',
    failed: 'Der Export ist fehlgeschlagen.',
  },
  threadTools: {
    openOnPage: 'Auf der Seite öffnen',
    newTab: '(öffnet in einem neuen Tab)',
    copyMarkdown: 'Als Markdown kopieren',
    downloadMarkdown: 'Markdown herunterladen',
    copied: 'Thread als Markdown kopiert.',
    copyFailed: 'Der Browser hat das Kopieren verweigert: bitte herunterladen.',
    downloaded: 'Thread als Markdown heruntergeladen.',
    preparing: 'Wird vorbereitet…',
  },
  live: {
    newThreads: (n) => (n === 1 ? '1 neuer Thread' : `${n} neue Threads`),
    newReplies: (n) => (n === 1 ? '1 neue Antwort' : `${n} neue Antworten`),
  },
};
