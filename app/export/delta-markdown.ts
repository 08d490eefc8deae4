/**
 * A message's Delta as Markdown, for pasting a thread into an issue tracker (GitHub, GitLab, Jira's
 * Markdown): bold, italic, strike, inline code, links, bullet and ordered lists, mentions as
 * `@name`. Text is escaped so a reviewer's `*` or `[` stays literal; only http(s) and mailto links
 * become links. Quill's model: a `\n` insert ends a line and carries the line's attributes (list).
 */
import type { Delta, DeltaAttributes, DeltaOp } from '../../src/api/wire';

interface Line {
  text: string;
  list: 'bullet' | 'ordered' | null;
}

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Backslash-escapes what Markdown would read as syntax inside running text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, '\\$&');
}

/** Escapes what only matters at the start of a line: headings, quotes, list markers. */
function escapeLineStart(text: string): string {
  return text.replace(/^(\s*)([#>+-]|\d+[.)])(?=\s|$)/, (_m, space: string, mark: string) => `${space}\\${mark}`);
}

function codeSpan(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((run) => run.length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Wraps the text in a marker, keeping edge spaces outside (`** x**` is not bold in CommonMark). */
function wrap(text: string, marker: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return match[2] ? `${match[1]}${marker}${match[2]}${marker}${match[3]}` : text;
}

function inline(text: string, attributes: DeltaAttributes | undefined): string {
  if (!text) return '';
  let out = attributes?.code ? codeSpan(text) : escapeMarkdown(text);
  if (!attributes) return out;
  if (attributes.bold) out = wrap(out, '**');
  if (attributes.italic) out = wrap(out, '_');
  if (attributes.strike) out = wrap(out, '~~');
  const link = typeof attributes.link === 'string' ? attributes.link.trim() : '';
  if (link && SAFE_LINK.test(link))
    out = `[${out}](${link.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
  return out;
}

function embed(insert: Exclude<DeltaOp['insert'], string>): string {
  const mention = (insert as { mention?: { value?: unknown; denotationChar?: unknown } }).mention;
  if (mention && typeof mention.value === 'string') {
    const char = typeof mention.denotationChar === 'string' ? mention.denotationChar : '@';
    return escapeMarkdown(`${char}${mention.value}`);
  }
  return '';
}

function linesOf(delta: Delta | null | undefined): Line[] {
  const lines: Line[] = [];
  let current = '';
  for (const op of Array.isArray(delta?.ops) ? delta.ops : []) {
    if (typeof op.insert !== 'string') {
      if (op.insert && typeof op.insert === 'object') current += embed(op.insert);
      continue;
    }
    const parts = op.insert.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) {
        const list = op.attributes?.list;
        lines.push({ text: current, list: list === 'bullet' || list === 'ordered' ? list : null });
        current = '';
      }
      current += inline(part, op.attributes);
    });
  }
  if (current) lines.push({ text: current, list: null });
  return lines;
}

/** The Delta as Markdown: paragraphs apart by a blank line, list items on consecutive lines. */
export function deltaToMarkdown(delta: Delta | null | undefined): string {
  const out: string[] = [];
  let previous: Line['list'] | 'start' = 'start';
  let number = 0;
  for (const line of linesOf(delta)) {
    if (line.list === 'ordered') number = previous === 'ordered' ? number + 1 : 1;
    const separator = previous === 'start' ? '' : line.list && line.list === previous ? '\n' : '\n\n';
    const body =
      line.list === 'bullet' ? `- ${line.text}` : line.list === 'ordered' ? `${number}. ${line.text}` : escapeLineStart(line.text);
    out.push(separator + body);
    previous = line.list;
  }
  return out
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
