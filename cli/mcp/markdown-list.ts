/** A list of inbox rows as Markdown for a model: one line each, with the id to call read_thread with. */
import type { InboxThread } from '../../src/api/wire';
import { escapeMarkdown } from '../../app/export/delta-markdown';

export function threadListMarkdown(threads: InboxThread[], total: number, what: string): string {
  const lines = threads.map((t) => {
    const flags = [t.hasScreenshot ? 'screenshot' : '', t.hasDiagnostics ? 'diagnostics' : ''].filter(Boolean).join(', ');
    return (
      `- **#${t.number}** \`${t.id}\` ${t.resolved ? 'resolved' : 'open'} · ${escapeMarkdown(t.markupName)} · <${t.canonicalUrl}> · ` +
      `${escapeMarkdown(t.author?.name ?? '')} · ${t.messageCount} message(s)${flags ? ` · has ${flags}` : ''}\n  ${escapeMarkdown(t.title)}`
    );
  });
  const more = total > threads.length ? `\n\n(${threads.length} of ${total} shown)` : '';
  return `# ${total} ${what}\n\n${lines.join('\n') || 'None.'}${more}\n`;
}
