/**
 * The Markdown a tracker's issue is made of (GitHub, and Linear, which also reads Markdown): the
 * reporter's words, then the facts a developer needs (page, element, browser, diagnostics,
 * screenshot) and the way back to the thread. Jira gets the same lines as Atlassian Document Format.
 */
import type { MessageContent, ThreadContent } from './connector.ts';

/** The facts below the reporter's words, as label/value lines; links kept apart for formats that link them. */
export function threadFacts(thread: ThreadContent): { label: string; value: string; href?: string }[] {
  const facts: { label: string; value: string; href?: string }[] = [];
  if (thread.pageUrl) facts.push({ label: 'Page', value: thread.pageUrl, href: thread.pageUrl });
  if (thread.element) facts.push({ label: 'Element', value: thread.element });
  if (thread.browser.length > 0) facts.push({ label: 'Browser', value: thread.browser.join(', ') });
  if (thread.diagnosticsUrl) facts.push({ label: 'Diagnostics', value: 'pinmark-diagnostics.json', href: thread.diagnosticsUrl });
  if (thread.screenshotUrl) facts.push({ label: 'Screenshot', value: 'screenshot', href: thread.screenshotUrl });
  facts.push({ label: 'Pinmark', value: `thread #${thread.number} on ${thread.markupName}`, href: thread.appLink });
  return facts;
}

const escapeInline = (text: string) => text.replace(/([\\`*_[\]<>|])/g, '\\$1');

export function issueMarkdown(thread: ThreadContent): string {
  const lines = [thread.text || '(no text)', '', `Reported by ${escapeInline(thread.authorName)} with Pinmark.`, ''];
  for (const fact of threadFacts(thread)) {
    const value = fact.label === 'Element' ? `\`${fact.value.replace(/`/g, "'")}\`` : escapeInline(fact.value);
    lines.push(`- **${fact.label}:** ${fact.href ? `[${value}](${fact.href})` : value}`);
  }
  if (thread.screenshotUrl) lines.push('', `![Screenshot](${thread.screenshotUrl})`);
  return lines.join('\n');
}

export function commentMarkdown(message: MessageContent, thread: ThreadContent): string {
  return `**${escapeInline(message.authorName)}** replied in [Pinmark](${thread.appLink}):\n\n${message.text || '(no text)'}`;
}
