/**
 * The thread's way out of the app: "Open on page" (the live page at the pin with the thread open in
 * the widget, src/ui/deep-link.ts; a new tab) and the thread as Markdown to paste into an issue
 * tracker — copied, or downloaded where the browser refuses the clipboard.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { getStoredJson } from '../../src/api';
import type { ThreadResponse } from '../../src/api/wire';
import { diagnosticsView, type DiagnosticsView } from '../../src/state/actions/diagnostics-summary';
import { isDiagnostics } from '../../src/ui/media/attachment-list';
import { threadLink } from '../../src/ui/deep-link';
import { datedName, downloadText } from '../export/download';
import { threadAppLink } from '../../src/api/wire/app-links';
import { t } from '../i18n';

/** The page link, or null when the thread's address is not a web page. */
export function openOnPageHref(thread: ThreadResponse): string | null {
  const url = thread.originalUrl || thread.canonicalUrl;
  if (!url || !/^https?:/i.test(url)) return null;
  try {
    return threadLink(url, thread.id);
  } catch {
    return null;
  }
}

async function readDiagnostics(thread: ThreadResponse): Promise<DiagnosticsView | null> {
  const file = thread.messages[0]?.attachments?.find(isDiagnostics);
  if (!file) return null;
  return diagnosticsView(await getStoredJson(file.url));
}

interface ThreadToolsProps {
  thread: ThreadResponse;
  title: string;
  markupName?: string | undefined;
  /** More tools at the end of the row (ThreadActions: move, delete). */
  children?: ComponentChildren;
}

export function ThreadTools({ thread, title, markupName, children }: ThreadToolsProps) {
  const words = t().threadTools;
  const [note, setNote] = useState('');
  const [working, setWorking] = useState(false);
  const href = openOnPageHref(thread);

  const markdown = async () => {
    // The Markdown writer is a chunk of its own: most visits never export a thread.
    const [{ threadToMarkdown }, diagnostics] = await Promise.all([
      import('../export/thread-markdown'),
      readDiagnostics(thread).catch(() => undefined),
    ]);
    return threadToMarkdown({ thread, title, markupName, diagnostics, appLink: threadAppLink(location.origin, thread.id) });
  };
  const act = async (how: 'copy' | 'download') => {
    setWorking(true);
    setNote(words.preparing);
    try {
      const text = await markdown();
      if (how === 'download') {
        downloadText(text, datedName(`pinmark-thread-${thread.number}`, 'md'), 'text/markdown;charset=utf-8');
        setNote(words.downloaded);
        return;
      }
      try {
        await navigator.clipboard.writeText(text);
        setNote(words.copied);
      } catch {
        setNote(words.copyFailed);
      }
    } finally {
      setWorking(false);
    }
  };

  return (
    <div class="thread-tools">
      {href && (
        <a class="button button--small" href={href} target="_blank" rel="noopener noreferrer">
          {words.openOnPage}
          <span class="visually-hidden"> {words.newTab}</span>
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M9 2h5v5M14 2 7 9M12 10v4H2V4h4" fill="none" stroke="currentColor" stroke-width="1.6" />
          </svg>
        </a>
      )}
      <button type="button" class="button button--small" disabled={working} onClick={() => void act('copy')}>
        {words.copyMarkdown}
      </button>
      <button type="button" class="button button--small button--quiet" disabled={working} onClick={() => void act('download')}>
        {words.downloadMarkdown}
      </button>
      <span class="small muted" role="status">
        {note}
      </span>
      {children}
    </div>
  );
}
