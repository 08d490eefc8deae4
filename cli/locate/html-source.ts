/**
 * Where the start tags of one element name are in an HTML file: a small scanner over the raw text
 * that skips comments, doctypes and the text of raw-text elements (script, style, textarea, title…),
 * as the HTML tokenizer does. The locator counts the pinned element among the elements of its tag
 * in a real parse of the same text (page-script.ts) and picks the start tag with that count — only
 * when both counts agree, so a position is either right or not given.
 */
export interface SourcePosition {
  /** 1-based, as editors count. */
  line: number;
  column: number;
  offset: number;
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

export function startTags(html: string, tag: string): number[] {
  const wanted = tag.toLowerCase();
  const offsets: number[] = [];
  const lower = html.toLowerCase();
  let i = 0;
  while (i < html.length) {
    const lt = lower.indexOf('<', i);
    if (lt < 0) break;
    if (lower.startsWith('<!--', lt)) {
      const end = lower.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (lower[lt + 1] === '!' || lower[lt + 1] === '?') {
      const end = lower.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const name = /^<([a-z][^\s/>]*)/.exec(lower.slice(lt, lt + 64))?.[1];
    if (!name) {
      i = lt + 1;
      continue;
    }
    if (name === wanted) offsets.push(lt);
    const close = tagEnd(lower, lt);
    i = close;
    if (RAW_TEXT.has(name)) {
      const end = lower.indexOf(`</${name}`, close);
      i = end < 0 ? html.length : end;
    }
  }
  return offsets;
}

/** The index just past a start tag's `>`, skipping quoted attribute values. */
function tagEnd(lower: string, from: number): number {
  let quote: string | null = null;
  for (let j = from + 1; j < lower.length; j++) {
    const c = lower[j]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      // Only a quote right after `=` (and spaces) opens a value.
      if (/=\s*$/.test(lower.slice(Math.max(from, j - 8), j))) quote = c;
    } else if (c === '>') return j + 1;
  }
  return lower.length;
}

export function positionAt(html: string, offset: number): SourcePosition {
  const before = html.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n'), offset };
}

/** The `index`-th start tag of `tag`, when the file has exactly `count` of them (else null). */
export function startTagPosition(html: string, ordinal: { tag: string; index: number; count: number }): SourcePosition | null {
  const offsets = startTags(html, ordinal.tag);
  if (offsets.length !== ordinal.count || ordinal.index < 0 || ordinal.index >= offsets.length) return null;
  return positionAt(html, offsets[ordinal.index]!);
}
