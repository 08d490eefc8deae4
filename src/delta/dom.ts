/**
 * DOM ↔ Quill Delta for the rich-text editor and for what is pasted into it.
 *
 * The DOM is never trusted: `domToDelta` reads only the formats Pinmark supports (bold, italic,
 * underline, strike, inline code, http/https/mailto links, bullet/numbered lists, mentions) and
 * turns everything else into plain text or nothing. `deltaToDom` builds nodes with createElement and
 * text nodes only (never HTML strings), so a stored Delta cannot inject markup. The DOM it builds is
 * the editor's canonical form, and reading it back gives the same normalized Delta.
 */
import type { Delta, DeltaAttributes, DeltaOp, MentionEmbed } from '../api/wire';
import { natives } from '../util/natives';

type InlineFormat = 'bold' | 'italic' | 'underline' | 'strike' | 'code';
type Mention = MentionEmbed['mention'];

/** Written innermost first; a link wraps them all (the nesting Quill also produces). */
const WRITE: Array<[InlineFormat, string]> = [
  ['code', 'code'],
  ['strike', 's'],
  ['underline', 'u'],
  ['italic', 'em'],
  ['bold', 'strong'],
];
const READ: Record<string, InlineFormat> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  code: 'code',
};
const BLOCK =
  /^(p|div|li|[uod]l|h\d|blockquote|pre|table|t[rdh]|section|article|header|footer|aside|nav|main|figure|figcaption|address|d[td]|hr|details|summary|form|fieldset)$/;
/** Elements whose content is never text a person meant to paste. */
const SKIP =
  /^(script|style|template|noscript|i?frame|object|embed|svg|math|title|img|picture|video|audio|canvas|input|select|textarea|button)$/;

/** The link as stored, or null unless it is an absolute http(s) or mailto URL. */
export function safeLink(href: unknown): string | null {
  const url = typeof href === 'string' ? href.trim() : '';
  // eslint-disable-next-line no-control-regex -- a link with control characters is refused
  return url.length < 2049 && /^(https?:\/\/[^\s/?#]+|mailto:\S)/i.test(url) && !/[\0-\x1f\x7f]/.test(url) ? url : null;
}

/** The mention as stored (only the fields Pinmark writes, so Deltas stay comparable), if valid. */
export function mentionOf(insert: unknown): MentionEmbed | undefined {
  const m = (insert as MentionEmbed | null)?.mention;
  if (!m || typeof m.id !== 'string' || !m.id || typeof m.value !== 'string' || !m.value) return;
  const mention: Mention = { id: m.id, value: m.value };
  if (typeof m.denotationChar === 'string' && m.denotationChar) mention.denotationChar = m.denotationChar;
  return { mention };
}

/** A stable key of an attribute set (key order aside), for merging and comparing. */
export const attributesKey = (attributes: DeltaAttributes | undefined): string =>
  attributes ? natives().stringify(Object.entries(attributes).sort()) : '';

/** Appends an insert to `ops`, merged into the last op when both are text with equal attributes. */
export function pushOp(ops: DeltaOp[], insert: string | MentionEmbed, attributes?: DeltaAttributes): void {
  const last = ops[ops.length - 1];
  const keyed = attributes && Object.keys(attributes).length ? { ...attributes } : undefined;
  if (typeof insert === 'string' && typeof last?.insert === 'string' && attributesKey(last.attributes) === attributesKey(keyed))
    last.insert += insert;
  else ops.push(keyed ? { insert, attributes: keyed } : { insert });
}

/** The editor's DOM for `delta`: `<p>` per line, `<ul>/<ol><li>` for lists, `<br>` in empty lines. */
export function deltaToDom(delta: unknown, doc: Document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  let line: Node[] = [];
  let list: HTMLElement | null = null;
  const endLine = (attributes?: DeltaAttributes) => {
    const kind = attributes?.list;
    const tag = kind === 'ordered' ? 'ol' : typeof kind === 'string' && kind ? 'ul' : '';
    let block: HTMLElement;
    if (tag) {
      if (list?.localName !== tag) fragment.append((list = doc.createElement(tag)));
      list.append((block = doc.createElement('li')));
    } else {
      list = null;
      fragment.append((block = doc.createElement('p')));
    }
    block.append(...(line.length ? line : [doc.createElement('br')]));
    line = [];
  };
  try {
    const ops = (delta as Delta | null)?.ops;
    for (const op of Array.isArray(ops) ? ops : []) {
      const insert = (op as DeltaOp | null)?.insert;
      const attributes = (op as DeltaOp | null)?.attributes;
      if (typeof insert === 'string') {
        insert.split('\n').forEach((text, i) => {
          if (i) endLine(attributes);
          if (text) line.push(wrap(doc.createTextNode(text.replace(/\r/g, '')), attributes, doc));
        });
      } else {
        const embed = mentionOf(insert);
        if (embed) line.push(chip(embed.mention, doc));
      }
    }
  } catch {
    // A Delta from anywhere: what was read so far is shown rather than nothing.
  }
  if (line.length || !fragment.firstChild) endLine();
  return fragment;
}

function wrap(node: Node, attributes: DeltaAttributes | undefined, doc: Document): Node {
  if (!attributes) return node;
  for (const [format, tag] of WRITE) {
    if (!attributes[format]) continue;
    const element = doc.createElement(tag);
    element.append(node);
    node = element;
  }
  const href = safeLink(attributes.link);
  if (!href) return node;
  const anchor = doc.createElement('a');
  anchor.setAttribute('href', href);
  anchor.append(node);
  return anchor;
}

/** A mention chip, in the markup of the common quill-mention module (so pastes between them work). */
function chip(mention: Mention, doc: Document): HTMLElement {
  const element = doc.createElement('span');
  element.className = 'mention';
  element.contentEditable = 'false';
  element.dataset.id = mention.id;
  element.dataset.value = mention.value;
  if (mention.denotationChar) element.dataset.denotationChar = mention.denotationChar;
  element.textContent = (mention.denotationChar || '@') + mention.value;
  return element;
}

export interface DomToDeltaOptions {
  /** Foreign HTML (clipboard): collapse whitespace as a browser would show it, except in `<pre>`. */
  paste?: boolean;
}

/** The normalized Delta of what `root` shows; always valid and ending in '\n'. Never throws on odd DOM. */
export function domToDelta(root: Node, options: DomToDeltaOptions = {}): Delta {
  return serializeDom(root, [], options.paste).delta;
}

export type DomPoint = readonly [node: Node, offset: number];

/**
 * `domToDelta` that also tells where DOM boundary points (a selection) fall in the Delta, so the
 * mapping between DOM and index always agrees with the serialization. Points it cannot place are -1.
 */
export function serializeDom(root: Node, points: readonly DomPoint[], paste = false): { delta: Delta; indices: number[] } {
  const ops: DeltaOp[] = [];
  const indices = points.map(() => -1);
  let length = 0;
  /** The current line has content (or a placeholder `<br>`) that a line break must still end. */
  let open = false;

  const mark = (node: Node, offset: number) =>
    points.forEach(([n, o], i) => {
      if (n === node && (node.nodeType === 3 || o === offset)) indices[i] = length + (node.nodeType === 3 ? Math.min(o, offset) : 0);
    });
  /** Points inside something not walked (a chip, skipped markup) land after it. */
  const markInside = (element: Node) =>
    points.forEach(([n], i) => {
      if (indices[i]! < 0 && element.contains(n)) indices[i] = length;
    });
  const push = (insert: string | MentionEmbed, attributes?: DeltaAttributes) => {
    pushOp(ops, insert, attributes);
    length += typeof insert === 'string' ? insert.length : 1;
  };
  const breakLine = (line: DeltaAttributes | undefined) => {
    const last = ops[ops.length - 1];
    // Spaces a browser would not show at the end of a pasted line.
    if (paste && typeof last?.insert === 'string' && !last.insert.endsWith('\n') && last.insert.endsWith(' ')) {
      const trimmed = last.insert.replace(/ +$/, '');
      length -= last.insert.length - trimmed.length;
      if (!(last.insert = trimmed)) ops.pop();
    }
    push('\n', line);
    open = false;
  };
  const isBlock = (node: Node) => node.nodeType === 1 && BLOCK.test((node as Element).localName);
  /** A `<br>` with nothing after it in its block only keeps an empty line open; it adds no line. */
  const trailing = (br: Node) => {
    for (let node: Node = br; node !== root && !isBlock(node) && node.parentNode; node = node.parentNode) {
      for (let next = node.nextSibling; next; next = next.nextSibling) {
        if (next.nodeType === 1 || (next.nodeType === 3 && (next as Text).data)) return false;
      }
    }
    return true;
  };

  const text = (node: Text, attributes: DeltaAttributes, line: DeltaAttributes | undefined, pre: boolean) => {
    let data = node.data;
    mark(node, data.length);
    if (paste) {
      if (pre) data = data.replace(/\r\n?/g, '\n');
      else {
        data = data.replace(/[ \t\n\r\f]+/g, ' ');
        const last = ops[ops.length - 1]?.insert;
        if (!open || (typeof last === 'string' && last.endsWith(' '))) data = data.replace(/^ /, '');
      }
      data = data.replace(/\u00a0/g, ' ');
    }
    data.split('\n').forEach((part, i) => {
      if (i) breakLine(line);
      if (part) {
        push(part, attributes);
        open = true;
      }
    });
  };

  const walk = (node: Node, attributes: DeltaAttributes, line: DeltaAttributes | undefined, pre: boolean) => {
    if (node.nodeType === 3) return text(node as Text, attributes, line, pre);
    if (node.nodeType !== 1 && node.nodeType !== 11) return;
    const element = node as HTMLElement;
    const name = element.localName;
    let block = false;
    if (name) {
      if (SKIP.test(name) || element.hidden || element.style?.display === 'none') return markInside(element);
      const id = element.getAttribute('data-id');
      const value = element.getAttribute('data-value');
      if (id && value && element.classList.contains('mention')) {
        push(mentionOf({ mention: { id, value, denotationChar: element.getAttribute('data-denotation-char') } })!);
        open = true;
        return markInside(element);
      }
      if (name === 'br') {
        if (trailing(element)) open = true;
        else breakLine(line);
        return;
      }
      attributes = formatsOf(element, attributes);
      if ((block = BLOCK.test(name))) {
        if (open) breakLine(line);
        line = lineOf(element, line);
        pre ||= name === 'pre';
      }
    }
    element.childNodes.forEach((child, i) => {
      mark(element, i);
      walk(child, attributes, line, pre);
    });
    mark(element, element.childNodes.length);
    if (block && open) breakLine(line);
  };

  try {
    walk(root, {}, undefined, false);
  } catch {
    // Whatever was read so far is kept: odd DOM must never cost the user their text.
  }
  if (open) breakLine(undefined);
  const last = ops[ops.length - 1];
  if (typeof last?.insert !== 'string' || !last.insert.endsWith('\n')) push('\n');
  return { delta: { ops }, indices };
}

function set(attributes: DeltaAttributes, format: string, on: boolean | string): DeltaAttributes {
  const next = { ...attributes, [format]: on };
  if (!on) delete next[format];
  return next;
}

function formatsOf(element: HTMLElement, attributes: DeltaAttributes): DeltaAttributes {
  const name = element.localName;
  const format = READ[name];
  if (format) attributes = set(attributes, format, true);
  if (name === 'a') {
    const href = safeLink(element.getAttribute('href'));
    if (href) attributes = set(attributes, 'link', href);
  }
  // Inline styles carry formats in pastes from word processors (Google Docs even wraps everything
  // in a `<b style="font-weight:normal">`); they are read, never applied.
  const style = element.style;
  if (!style) return attributes;
  const weight = style.fontWeight;
  if (weight) attributes = set(attributes, 'bold', /bold/.test(weight) || Number(weight) >= 600);
  if (style.fontStyle) attributes = set(attributes, 'italic', /italic|oblique/.test(style.fontStyle));
  const decoration = style.textDecorationLine || style.textDecoration;
  if (/underline/.test(decoration)) attributes = set(attributes, 'underline', true);
  if (/line-through/.test(decoration)) attributes = set(attributes, 'strike', true);
  return attributes;
}

function lineOf(element: Element, outer: DeltaAttributes | undefined): DeltaAttributes | undefined {
  if (element.localName !== 'li') return outer;
  // Quill 2 writes every list as <ol> with data-list on the items.
  const kind = element.getAttribute('data-list') || (element.parentElement?.localName === 'ol' ? 'ordered' : 'bullet');
  return { list: kind === 'ordered' ? 'ordered' : 'bullet' };
}
