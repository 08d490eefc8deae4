/**
 * Any input → canonical, safe insert ops: text carrying only the inline formats Pinmark knows
 * (links only to absolute http/https/mailto URLs), newlines carrying only list formats, mentions
 * carrying inline formats, other embeds gone; adjacent ops with equal formats merged as Quill
 * does. Rendering and `normalizeDelta` both build on it, so what we show and what we send follow
 * the same rules.
 */
import type { DeltaAttributes, MentionEmbed } from '../api/wire';
import { eachInsert, mentionText, own } from './read';

export type CleanInsert = string | MentionEmbed;
export type ListKind = 'bullet' | 'ordered';

/** An op of a clean Delta (a `DeltaOp` narrowed to what Pinmark keeps). */
export interface CleanOp {
  insert: CleanInsert;
  attributes?: DeltaAttributes;
}

/** Inline formats whose value is a flag (Quill writes `true`; like Quill, any truthy value counts). */
export const FLAG_FORMATS = ['bold', 'italic', 'underline', 'strike', 'code'] as const;
export type FlagFormat = (typeof FLAG_FORMATS)[number];

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];
/** Longer "links" are not links anyone typed; they render as their text. */
const MAX_LINK_LENGTH = 4096;

export interface CleanLimits {
  /** Ops inspected (junk included), bounding the work on hostile input. */
  maxOps: number;
  /** Characters kept (a mention counts as its text: its value could be a megabyte too). */
  maxChars: number;
}

/**
 * The href of a link format, or undefined when it must render as plain text. Parsing with URL and
 * no base rejects relative and protocol-relative values; the URL parser also strips the leading
 * whitespace/control characters browsers ignore, so `" jAvAsCrIpT:"` is seen for what it is. The
 * serialised URL is returned, so the href is exactly what was checked.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH) return undefined;
  try {
    const url = new URL(value);
    return SAFE_PROTOCOLS.includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A list line's kind. Quill 2 writes 'bullet' | 'ordered' | 'checked' | 'unchecked'; Quill 1 and
 * other editors wrote other values. Anything but 'ordered' degrades to a bullet rather than losing
 * the list; checkboxes are not a Pinmark format.
 */
function listKind(value: unknown): ListKind | undefined {
  if (!value) return undefined;
  return value === 'ordered' ? 'ordered' : 'bullet';
}

function inlineAttributes(raw: unknown): DeltaAttributes | undefined {
  let attrs: DeltaAttributes | undefined;
  for (const name of FLAG_FORMATS) if (own(raw, name)) (attrs ??= {})[name] = true;
  const link = safeHref(own(raw, 'link'));
  if (link) (attrs ??= {}).link = link;
  return attrs;
}

function lineAttributes(raw: unknown): DeltaAttributes | undefined {
  const list = listKind(own(raw, 'list'));
  return list ? { list } : undefined;
}

function sameAttributes(a: DeltaAttributes | undefined, b: DeltaAttributes | undefined): boolean {
  const aKeys = a ? Object.keys(a) : [];
  const bKeys = b ? Object.keys(b) : [];
  return aKeys.length === bKeys.length && aKeys.every((key) => a?.[key] === b?.[key]);
}

/**
 * Appends a clean op, merging it into the previous one when both are text with the same formats.
 * Text carries only inline formats and newlines only line formats, so a merged op mixing both has none.
 */
function push(ops: CleanOp[], insert: CleanInsert, attributes: DeltaAttributes | undefined): void {
  const last = ops[ops.length - 1];
  if (last && typeof last.insert === 'string' && typeof insert === 'string' && sameAttributes(last.attributes, attributes)) {
    last.insert += insert;
    return;
  }
  ops.push(attributes ? { insert, attributes } : { insert });
}

/**
 * Canonical, safe insert ops of any input. `truncated` says that limits (or an exception) cut the
 * content short, for the caller to show an ellipsis; malformed ops are skipped silently.
 */
export function cleanOps(
  delta: unknown,
  limits: CleanLimits = { maxOps: Infinity, maxChars: Infinity },
): { ops: CleanOp[]; truncated: boolean } {
  const ops: CleanOp[] = [];
  let chars = 0;
  const complete = eachInsert(
    delta,
    (insert, raw) => {
      if (typeof insert !== 'string') {
        const size = mentionText(insert).length;
        if (chars + size > limits.maxChars) return false;
        chars += size;
        push(ops, { mention: insert }, inlineAttributes(raw));
        return true;
      }
      let text = insert;
      const room = limits.maxChars - chars;
      // Cut at the limit, never between the halves of a surrogate pair.
      if (text.length > room) text = text.slice(0, room).replace(/[\uD800-\uDBFF]$/, '');
      chars += text.length;
      const inline = inlineAttributes(raw);
      const line = lineAttributes(raw);
      // Line formats belong on the newlines, inline formats on the text between them.
      for (const part of text.split(/(\n+)/)) if (part) push(ops, part, part[0] === '\n' ? line : inline);
      return text.length === insert.length;
    },
    limits.maxOps,
  );
  return { ops, truncated: !complete };
}
