/**
 * A message's Delta (server/domain/delta.ts) as e-mail HTML: every piece of text escaped; bold,
 * italic, underline, strike, inline code, links (http, https and mailto only), bullet and ordered
 * lists, mentions as a bold "@Name". Anything else — other embeds, unknown attributes — is dropped,
 * so nothing a reviewer typed can become markup. The plain-text part is deltaToPlainText's.
 * Quill's model: a `\n` insert ends a line and carries the line's attributes (list).
 */
import type { Delta, DeltaAttributes } from '../../src/api/wire.ts';

const SAFE_LINK = /^(https?:|mailto:)/i;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function inline(text: string, attributes: DeltaAttributes | undefined): string {
  let html = escapeHtml(text);
  if (!attributes) return html;
  if (attributes.code) html = `<code>${html}</code>`;
  if (attributes.bold) html = `<strong>${html}</strong>`;
  if (attributes.italic) html = `<em>${html}</em>`;
  if (attributes.underline) html = `<u>${html}</u>`;
  if (attributes.strike) html = `<s>${html}</s>`;
  const link = typeof attributes.link === 'string' ? attributes.link : undefined;
  if (link && SAFE_LINK.test(link)) html = `<a href="${escapeHtml(link)}">${html}</a>`;
  return html;
}

interface Line {
  html: string;
  list: 'bullet' | 'ordered' | null;
}

function lines(delta: Delta): Line[] {
  const out: Line[] = [];
  let current = '';
  for (const op of delta.ops) {
    if (typeof op.insert !== 'string') {
      const mention = (op.insert as { mention?: { value?: unknown; denotationChar?: unknown } }).mention;
      if (mention && typeof mention.value === 'string') {
        const char = typeof mention.denotationChar === 'string' ? mention.denotationChar : '@';
        current += `<strong>${escapeHtml(char + mention.value)}</strong>`;
      }
      continue;
    }
    const parts = op.insert.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) {
        const list = op.attributes?.list;
        out.push({ html: current, list: list === 'bullet' || list === 'ordered' ? list : null });
        current = '';
      }
      if (part) current += inline(part, op.attributes);
    });
  }
  if (current) out.push({ html: current, list: null });
  return out;
}

export function deltaToHtml(delta: Delta): string {
  let html = '';
  let openList: 'bullet' | 'ordered' | null = null;
  for (const line of lines(delta)) {
    if (line.list !== openList) {
      if (openList) html += openList === 'bullet' ? '</ul>' : '</ol>';
      if (line.list) html += line.list === 'bullet' ? '<ul>' : '<ol>';
      openList = line.list;
    }
    html += line.list ? `<li>${line.html}</li>` : `<p>${line.html || '<br>'}</p>`;
  }
  if (openList) html += openList === 'bullet' ? '</ul>' : '</ol>';
  return html;
}
