/**
 * The editor's document: one item per UTF-16 unit (Quill's index unit), newline or mention, each
 * with its formats. Comments are short, so this flat array keeps every edit a splice or a map and
 * every index computation obvious. Newline items carry line formats (lists), others inline ones.
 * Pure functions, no DOM: the editor applies them and renders the result.
 */
import type { Delta, DeltaAttributes, DeltaOp, MentionEmbed } from '../../api/wire';
import { pushOp } from '../../delta/dom';

export type Attrs = DeltaAttributes;
export interface Item {
  readonly i: string | MentionEmbed;
  readonly a?: Attrs | undefined;
}
export type Doc = readonly Item[];
/** A document with a selection (`from` ≤ `to`), what every command takes and returns. */
export interface State {
  doc: Doc;
  from: number;
  to: number;
}
export type InlineFormat = 'bold' | 'italic' | 'underline' | 'strike' | 'code';
export type ListKind = 'bullet' | 'ordered';

const NL: Item = { i: '\n' };

export function fromDelta(delta: Delta): Item[] {
  const doc: Item[] = [];
  for (const { insert, attributes } of delta.ops) {
    if (typeof insert !== 'string') doc.push({ i: insert as MentionEmbed, a: attributes });
    else for (const unit of insert.split('')) doc.push({ i: unit, a: attributes });
  }
  if (doc[doc.length - 1]?.i !== '\n') doc.push(NL);
  return doc;
}

export function toDelta(doc: Doc): Delta {
  const ops: DeltaOp[] = [];
  // Characters typed or pasted together share one attributes object: they join without comparing.
  let run = '';
  let attrs: Attrs | undefined;
  for (const { i, a } of doc) {
    if (typeof i === 'string' && a === attrs) run += i;
    else {
      if (run) pushOp(ops, run, attrs);
      run = '';
      attrs = a;
      if (typeof i === 'string') run = i;
      else pushOp(ops, i, a);
    }
  }
  if (run) pushOp(ops, run, attrs);
  return { ops };
}

export const isText = (item: Item | undefined): boolean => typeof item?.i === 'string' && item.i !== '\n';
export const isEmpty = (doc: Doc): boolean => doc.length === 1 && !doc[0]!.a;

export function lineStart(doc: Doc, index: number): number {
  while (index > 0 && doc[index - 1]!.i !== '\n') index--;
  return index;
}

export function lineEnd(doc: Doc, index: number): number {
  while (index < doc.length - 1 && doc[index]!.i !== '\n') index++;
  return index;
}

/** Attributes with `format` set, or removed when `value` is falsy; undefined when nothing is left. */
export function withFormat(attrs: Attrs | undefined, format: string, value: unknown): Attrs | undefined {
  const next: Attrs = { ...attrs, [format]: value };
  if (!value) delete next[format];
  return Object.keys(next).length ? next : undefined;
}

/** What typing at `index` writes: the formats of the character before (after, at a line start). */
export function typingFormats(doc: Doc, index: number): Attrs {
  const before = index > lineStart(doc, index) ? doc[index - 1] : undefined;
  const after = doc[index];
  const source = isText(before) ? before : !before && isText(after) ? after : undefined;
  const attrs: Attrs = { ...source?.a };
  // A link goes on only inside it: typing right after one writes plain text.
  if (attrs.link && (!isText(after) || after!.a?.link !== attrs.link)) delete attrs.link;
  return attrs;
}

/** Formats common to the selection (toolbar state); a caret shows what typing would write. */
export function formatsIn({ doc, from, to }: State): Attrs {
  const texts = doc.slice(from, to).filter(isText);
  let common: Attrs = texts.length ? { ...texts[0]!.a } : typingFormats(doc, from);
  for (const item of texts) for (const k of Object.keys(common)) if (item.a?.[k] !== common[k]) delete common[k];
  const lists = new Set(lineEnds(doc, from, to).map((n) => doc[n]!.a?.list));
  if (lists.size === 1) common = { ...common, list: [...lists][0] };
  return common;
}

/** Indexes of the newlines ending the lines the selection touches. */
function lineEnds(doc: Doc, from: number, to: number): number[] {
  const ends: number[] = [];
  const last = lineEnd(doc, to > from ? to - 1 : to);
  for (let n = lineEnd(doc, from); n <= last; n = lineEnd(doc, n + 1)) {
    ends.push(n);
    if (n >= doc.length - 1) break;
  }
  return ends;
}

/** Replaces the selection with `items`; the caret goes after them. The final newline is never removed. */
export function replace(state: State, items: readonly Item[]): State {
  const { doc } = state;
  const from = Math.min(state.from, doc.length - 1);
  const to = Math.min(state.to, doc.length - 1);
  // Everything selected and deleted: an empty plain line, not a leftover list item.
  const tail = from === 0 && to === doc.length - 1 && !items.length ? [NL] : doc.slice(to);
  return { doc: [...doc.slice(0, from), ...items, ...tail], from: from + items.length, to: from + items.length };
}

/** Items for `text`; newlines in it continue the current line's format (as Enter does). */
export function textItems(state: State, text: string, attrs: Attrs | undefined): Item[] {
  const line = state.doc[lineEnd(state.doc, state.from)]!.a;
  let a: Attrs | undefined;
  for (const [k, v] of Object.entries(attrs ?? {})) if (v) a = { ...a, [k]: v };
  return text
    .replace(/\r\n?/g, '\n')
    .split('')
    .map((unit) => (unit === '\n' ? { i: unit, a: line } : { i: unit, a }));
}

/** Sets (or with a falsy value removes) an inline format on the selected text; mentions stay plain. */
export function formatText(state: State, format: string, value: unknown): State {
  const doc = state.doc.map((item, n) =>
    n >= state.from && n < state.to && isText(item) ? { i: item.i, a: withFormat(item.a, format, value) } : item,
  );
  return { ...state, doc };
}

export const toggleInline = (state: State, format: InlineFormat): State => formatText(state, format, !formatsIn(state)[format]);

/** The whole link run around a caret (or the selection itself), for editing or removing a link. */
export function linkRange(state: State): { from: number; to: number; href: string | null } {
  const { doc } = state;
  let { from, to } = state;
  const href = (from === to ? (doc[from]?.a?.link ?? doc[from - 1]?.a?.link) : doc[from]?.a?.link) as string | undefined;
  if (from === to && href) {
    while (from > 0 && doc[from - 1]!.a?.link === href) from--;
    while (to < doc.length - 1 && doc[to]!.a?.link === href) to++;
  }
  return { from, to, href: href ?? null };
}

export function toggleList(state: State, kind: ListKind): State {
  const ends = lineEnds(state.doc, state.from, state.to);
  const on = !ends.every((n) => state.doc[n]!.a?.list === kind);
  return setLines(state, ends, on ? kind : undefined);
}

function setLines(state: State, ends: number[], kind?: ListKind): State {
  const lines = new Set(ends);
  const doc = state.doc.map((item, n) => (lines.has(n) ? { i: '\n', a: withFormat(item.a, 'list', kind) } : item));
  return { ...state, doc };
}

/** Enter: a new line continuing the list; on an empty list item, leave the list instead. */
export function enter(state: State): State {
  const cleared = state.from === state.to ? state : replace(state, []);
  const { doc, from } = cleared;
  const end = lineEnd(doc, from);
  const line = doc[end]!.a;
  if (line?.list && end === from && lineStart(doc, from) === from) return setLines(cleared, [end]);
  return replace(cleared, [{ i: '\n', a: line }]);
}

/**
 * Backspace (or Delete, `forward`) at a caret. Backspace at the start of a list item ends the list.
 * Joining two lines keeps the upper line's format unless it is empty, as Quill does. `range` is the
 * browser's idea of what to delete (a whole emoji), used when it starts or ends at the caret.
 */
export function deleteChar(state: State, forward: boolean, range?: [number, number]): State {
  if (state.from !== state.to) return replace(state, []);
  const { doc, from } = state;
  const start = lineStart(doc, from);
  const end = lineEnd(doc, from);
  if (!forward && from === start && doc[end]!.a?.list) return setLines(state, [end]);
  if (from === (forward ? end : start)) {
    const k = forward ? from : from - 1;
    if (k < 0 || k >= doc.length - 1) return state;
    const lower = lineEnd(doc, k + 1);
    const joined = k && doc[k - 1]!.i !== '\n' ? doc.map((item, n) => (n === lower ? { i: '\n', a: doc[k]!.a } : item)) : doc;
    return replace({ doc: joined, from: k, to: k + 1 }, []);
  }
  const pair = forward ? isHigh(doc[from]) && isLow(doc[from + 1]) : isLow(doc[from - 1]) && isHigh(doc[from - 2]);
  const fits = range && (forward ? range[0] === from && range[1] <= end : range[1] === from && range[0] >= start) && range[1] > range[0];
  const size = fits ? range[1] - range[0] : pair ? 2 : 1;
  return replace({ doc, from: forward ? from : from - size, to: forward ? from + size : from }, []);
}

const unit = (item: Item | undefined) => (typeof item?.i === 'string' ? item.i.charCodeAt(0) >> 10 : 0);
const isHigh = (item: Item | undefined) => unit(item) === 54;
const isLow = (item: Item | undefined) => unit(item) === 55;

/** The `@query` right before a caret, if a mention is being typed there: `@` at a line start or after a space. */
export function mentionQuery(state: State): { start: number; query: string } | null {
  const { doc, from, to } = state;
  if (from !== to) return null;
  for (let n = from - 1; n >= Math.max(0, from - 41); n--) {
    const item = doc[n]!;
    if (!isText(item)) return null;
    if (item.i === '@' && (n === 0 || /^[\s\n]$/.test(String(doc[n - 1]!.i)))) {
      const query = doc
        .slice(n + 1, from)
        .map((x) => x.i)
        .join('');
      return /^\s/.test(query) ? null : { start: n, query };
    }
  }
  return null;
}
