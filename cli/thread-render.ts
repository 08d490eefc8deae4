/**
 * A thread as text: for the terminal (`pinmark show`) and as Markdown (`export --format md`, the
 * MCP server). The Markdown is the review app's "copy as Markdown" (app/export/thread-markdown.ts)
 * with the element's every selector and ancestor added, which an agent needs to find it in source.
 */
import type { BrowserContext } from '../src/api/wire';
import { threadToMarkdown } from '../app/export/thread-markdown';
import { shortTime } from './table.ts';
import { threadTitle, type ThreadDetails } from './thread-details.ts';

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

export function browserSummary(context: ThreadDetails['thread']['browserContext']): string {
  const c = (context ?? {}) as Partial<BrowserContext>;
  return [
    [c.browserName, c.browserVersion].filter(Boolean).join(' '),
    [c.os, c.osVersion].filter(Boolean).join(' '),
    c.viewportWidth ? `viewport ${c.viewportWidth}×${c.viewportHeight}` : '',
    c.screenWidth ? `screen ${c.screenWidth}×${c.screenHeight}${c.devicePixelRatio ? ` @${c.devicePixelRatio}x` : ''}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function threadMarkdown(details: ThreadDetails): string {
  const { thread, element } = details;
  const base = threadToMarkdown({
    thread,
    title: threadTitle(thread),
    appLink: details.link,
    diagnostics: details.diagnostics,
    ...(details.markupName ? { markupName: details.markupName } : {}),
  });
  const lines = ['', '### Element', '', element.description, ''];
  for (const selector of element.selectors) lines.push(`- ${code(selector)}`);
  if (element.ancestors.length) {
    lines.push('', 'Ancestors (nearest first):', '');
    for (const a of element.ancestors) lines.push(`- ${a.depth}: ${code(a.path)}`);
  }
  lines.push(
    '',
    `Thread id: ${code(thread.id)}${thread.screenshot ? ` · screenshot ${thread.screenshot.width}×${thread.screenshot.height}` : ''}`,
  );
  return `${base.trimEnd()}\n${lines.join('\n')}\n`;
}

function indent(text: string, by = '    '): string {
  return text
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n');
}

/** `pinmark show`: the facts first, then diagnostics, then the conversation. */
export function threadText(details: ThreadDetails, screenshotSavedTo?: string): string {
  const { thread, element, diagnostics } = details;
  const shot = thread.screenshot;
  const rows: [string, string][] = [
    ['Status', thread.resolved ? 'resolved' : 'open'],
    ['Site', details.markupName ?? thread.projectId],
    ['Page', thread.originalUrl || thread.canonicalUrl || ''],
    ['Device', thread.viewModeId ?? ''],
    ['Browser', browserSummary(thread.browserContext)],
    ['Element', element.selectors[0] ?? '(page position only)'],
    ...element.selectors.slice(1).map((s): [string, string] => ['', s]),
    ['', element.description],
    [
      'Screenshot',
      shot
        ? `${shot.width}×${shot.height} ${shot.mimeType}${screenshotSavedTo ? `, saved to ${screenshotSavedTo}` : ' (--screenshot FILE saves it)'}`
        : 'none',
    ],
    ['Link', details.link],
  ];
  const out = [`#${thread.number}  ${threadTitle(thread)}`, '', ...rows.filter(([, v]) => v).map(([k, v]) => `${k.padEnd(11)} ${v}`)];
  out.push('', 'Diagnostics');
  if (details.diagnosticsError) out.push(`    could not be read: ${details.diagnosticsError}`);
  else if (!diagnostics) out.push('    none recorded');
  else {
    out.push(
      `    ${diagnostics.consoleErrors} console error(s), ${diagnostics.consoleWarnings} warning(s), ${diagnostics.failedRequests} failed request(s)`,
    );
    for (const e of diagnostics.console) out.push(`    ${e.level.padEnd(5)} ${e.message.split('\n')[0]!.slice(0, 200)}`);
    for (const r of diagnostics.requests) out.push(`    ${String(r.status || 'ERR').padEnd(5)} ${r.method} ${r.url}`);
  }
  out.push('', `Messages (${thread.messages.length})`);
  for (const message of thread.messages) {
    out.push(
      '',
      `  ${message.user?.name || 'Someone'} · ${shortTime(message.createdAt)} UTC`,
      indent(message.message.trimEnd() || '(no text)'),
    );
    for (const a of message.attachments ?? []) out.push(`    [attachment] ${a.originalFilename} (${a.mimeType}, ${a.filesize} B)`);
  }
  return out.join('\n') + '\n';
}
