/**
 * A message's Delta as Preact elements. User content only ever becomes text nodes and a fixed set
 * of tags (p, ul/ol/li, strong, em, u, s, code, a, span, br) with fixed attributes; the only value
 * taken from the input into an attribute is a link's href, and only after `safeHref` (clean.ts)
 * accepted it. No HTML strings, no innerHTML, so `<img onerror>` in a comment is just text.
 *
 * Line structure follows Quill: every newline ends a line, an empty line stays (as `<br>`, so it
 * keeps its height), a list line's kind comes from the attributes of its newline; consecutive lines
 * of the same list kind share one list.
 *
 * Embeds other than mentions (image, video, formula, custom) render nothing — the same as the
 * server's plain text, so a reader sees what notifications and exports say, and a message cannot
 * make visitors' browsers fetch a URL (tracking pixels) or show one as if Pinmark vouched for it.
 */
import { h, type ComponentChild, type JSX, type VNode } from 'preact';
import type { DeltaAttributes } from '../api/wire';
import { cleanOps, FLAG_FORMATS, type CleanInsert, type CleanOp, type FlagFormat, type ListKind } from './clean';
import { mentionText } from './read';

/**
 * Bounds on what one message renders, so a hostile or broken message cannot freeze the host page:
 * far above what the server accepts (20 000 characters, 5 000 ops) and what a reader can use.
 */
export const RENDER_LIMITS = { maxOps: 10_000, maxChars: 100_000, maxLines: 5_000 };

const ELLIPSIS = '…';

const TAGS: Record<FlagFormat, string> = { bold: 'strong', italic: 'em', underline: 'u', strike: 's', code: 'code' };

interface Line {
  runs: ComponentChild[];
  list: ListKind | undefined;
}

function renderRun(insert: CleanInsert, attributes: DeltaAttributes | undefined): ComponentChild {
  let node: ComponentChild = typeof insert === 'string' ? insert : h('span', { class: 'pm-mention' }, mentionText(insert.mention));
  if (!attributes) return node;
  // Innermost first, so the nesting is always the same: a > strong > em > u > s > code > text.
  for (let i = FLAG_FORMATS.length - 1; i >= 0; i--) {
    const format = FLAG_FORMATS[i] as FlagFormat;
    if (attributes[format]) node = h(TAGS[format], null, node);
  }
  // `link` was checked by safeHref (clean.ts); nofollow because the author is not the site's owner.
  if (typeof attributes.link === 'string') {
    node = h('a', { href: attributes.link, target: '_blank', rel: 'noopener noreferrer nofollow' }, node);
  }
  return node;
}

/** Clean ops → lines; `truncated` when a limit cut the content (the last line gets an ellipsis). */
function linesOf(ops: CleanOp[], truncatedOps: boolean): Line[] {
  const lines: Line[] = [];
  let runs: ComponentChild[] = [];
  let truncated = truncatedOps;
  outer: for (const op of ops) {
    if (typeof op.insert !== 'string') {
      runs.push(renderRun(op.insert, op.attributes));
      continue;
    }
    // Each newline ends a line; its op's list format (clean.ts keeps it on newlines only) is the line's.
    const parts = op.insert.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) {
        if (lines.length === RENDER_LIMITS.maxLines) {
          truncated = true;
          runs = [];
          break outer;
        }
        lines.push({ runs, list: op.attributes?.list as ListKind | undefined });
        runs = [];
      }
      if (parts[i]) runs.push(renderRun(parts[i] as string, op.attributes));
    }
  }
  // Text after the last newline (a Delta without its final newline) is still a line.
  if (runs.length) lines.push({ runs, list: undefined });
  if (truncated) {
    const last = lines[lines.length - 1];
    if (last) last.runs.push(ELLIPSIS);
    else lines.push({ runs: [ELLIPSIS], list: undefined });
  }
  return lines;
}

function lineContent(line: Line): ComponentChild[] {
  return line.runs.length ? line.runs : [h('br', null)];
}

/** The Delta as elements inside `<div class="pm-delta">`; never throws, whatever `delta` is. */
export function renderDelta(delta: unknown): JSX.Element {
  const { ops, truncated } = cleanOps(delta, RENDER_LIMITS);
  const blocks: VNode[] = [];
  let items: VNode[] = [];
  let listKind: ListKind | undefined;
  const closeList = () => {
    if (listKind && items.length) blocks.push(h(listKind === 'ordered' ? 'ol' : 'ul', null, items));
    items = [];
  };
  for (const line of linesOf(ops, truncated)) {
    if (line.list !== listKind) closeList();
    listKind = line.list;
    if (line.list) items.push(h('li', null, lineContent(line)));
    else blocks.push(h('p', null, lineContent(line)));
  }
  closeList();
  return h('div', { class: 'pm-delta' }, blocks);
}
