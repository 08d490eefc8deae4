/**
 * One thread as Markdown to paste into an issue tracker: the title, where (site, page, element),
 * the browser context, a diagnostics summary (console errors and failed requests), the screenshot
 * link, and every message (author, time, the text from its Delta).
 */
import type { BrowserContext, ThreadResponse } from '../../src/api/wire';
import type { DiagnosticsView } from '../../src/state/actions/diagnostics-summary';
import { deltaToMarkdown, escapeMarkdown } from './delta-markdown';

export interface ThreadExport {
  thread: ThreadResponse;
  title: string;
  markupName?: string;
  /** The thread in the review app. */
  appLink: string;
  /** Null: no diagnostics recorded; undefined: not read (left out). */
  diagnostics?: DiagnosticsView | null;
}

const MAX_ENTRIES = 10;
const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString().replace('.000Z', 'Z') : '');
const safeUrl = (url: string | null | undefined) => (url && /^https?:/i.test(url) ? url : '');
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

function browserLine(thread: ThreadResponse): string {
  const c = (thread.browserContext ?? {}) as Partial<BrowserContext>;
  const parts = [
    [c.browserName, c.browserVersion].filter(Boolean).join(' '),
    [c.os, c.osVersion].filter(Boolean).join(' '),
    c.viewportWidth ? `viewport ${c.viewportWidth}×${c.viewportHeight}` : '',
    c.screenWidth ? `screen ${c.screenWidth}×${c.screenHeight}${c.devicePixelRatio ? ` @${c.devicePixelRatio}x` : ''}` : '',
    thread.viewModeId,
  ];
  return parts.filter(Boolean).join(', ');
}

function diagnosticsLines(view: DiagnosticsView | null): string[] {
  if (!view) return ['No diagnostics were recorded.'];
  const lines = [`${view.consoleErrors} console error(s), ${view.consoleWarnings} warning(s), ${view.failedRequests} failed request(s).`];
  const errors = view.console.filter((e) => e.level !== 'warn' && e.level !== 'warning').slice(-MAX_ENTRIES);
  if (errors.length) lines.push('', 'Console errors:', '', ...errors.map((e) => `- ${code(e.message.split('\n')[0]!.slice(0, 300))}`));
  const requests = view.requests.slice(-MAX_ENTRIES);
  if (requests.length)
    lines.push('', 'Failed requests:', '', ...requests.map((r) => `- ${code(`${r.method} ${r.url}`)} → ${r.status || 'network error'}`));
  return lines;
}

export function threadToMarkdown({ thread, title, markupName, appLink, diagnostics }: ThreadExport): string {
  const page = safeUrl(thread.originalUrl || thread.canonicalUrl);
  const shot = safeUrl(thread.screenshot?.url);
  const element = thread.elements?.[0]?.path;
  const out: string[] = [`## ${escapeMarkdown(title)} (#${thread.number})`, ''];
  const facts: [string, string][] = [
    ['Status', thread.resolved ? 'resolved' : 'open'],
    ['Site', markupName ? escapeMarkdown(markupName) : ''],
    ['Page', page ? `<${page}>` : ''],
    ['Element', element ? code(element) : ''],
    ['Browser', escapeMarkdown(browserLine(thread))],
    ['Screenshot', shot ? `[screenshot](${shot})` : 'none'],
    ['In Pinmark', `<${appLink}>`],
  ];
  for (const [label, value] of facts) if (value) out.push(`- **${label}:** ${value}`);
  if (diagnostics !== undefined) out.push('', '### Diagnostics', '', ...diagnosticsLines(diagnostics));
  out.push('', '### Messages');
  for (const message of thread.messages) {
    const who = escapeMarkdown(message.user?.name || 'Someone');
    out.push('', `**${who}** · ${iso(message.createdAt)}`, '', deltaToMarkdown(message.messageJson) || '_(no text)_');
  }
  return out.join('\n') + '\n';
}
