/**
 * The one tolerant walk over a Delta's inserts. Messages come from the server, but they were
 * written by any client and are rendered on customers' pages, so nothing here trusts the input:
 * only own properties are read (an object whose prototype carries `insert` or `bold` adds nothing),
 * only text and valid mentions are visited, and any exception (a throwing getter, a revoked Proxy)
 * ends the walk instead of reaching the host page. Kept apart from clean.ts because plain text
 * needs only this, and plain text is in the widget's first load.
 */
import type { MentionEmbed } from '../api/wire';

export type Mention = MentionEmbed['mention'];

export function own(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A mention as the server accepts it (a non-empty id and a value), copied to a fresh object. */
export function mentionOf(insert: unknown): Mention | undefined {
  const mention = own(insert, 'mention');
  const id = own(mention, 'id');
  const value = own(mention, 'value');
  if (typeof id !== 'string' || !id || typeof value !== 'string') return undefined;
  const clean: Mention = { id, value };
  const denotationChar = own(mention, 'denotationChar');
  if (typeof denotationChar === 'string') clean.denotationChar = denotationChar;
  const index = own(mention, 'index');
  if (typeof index === 'string' || (typeof index === 'number' && Number.isFinite(index))) clean.index = index;
  return clean;
}

/** How a mention reads in text: its denotation char (default `@`) and its name, as the server does. */
export function mentionText(mention: Mention): string {
  return (mention.denotationChar ?? '@') + mention.value;
}

/**
 * Calls `visit` with each non-empty text insert and each valid mention, with the op's raw
 * attributes; other embeds and malformed ops are skipped, as the server refuses or drops them. The
 * ops of a bare array are read too (a shape other clients store). `visit` returns false to stop.
 * Returns false when the walk ended early: stopped, `maxOps` reached, or an exception.
 */
export function eachInsert(
  delta: unknown,
  visit: (insert: string | Mention, attributes: unknown) => boolean | void,
  maxOps = Infinity,
): boolean {
  try {
    const ops = Array.isArray(delta) ? delta : own(delta, 'ops');
    if (!Array.isArray(ops)) return true;
    const count = Math.min(ops.length, maxOps);
    for (let i = 0; i < count; i++) {
      const op: unknown = ops[i];
      const insert = own(op, 'insert');
      const content = typeof insert === 'string' ? insert : mentionOf(insert);
      if (content && visit(content, own(op, 'attributes')) === false) return false;
    }
    return ops.length <= maxOps;
  } catch {
    return false;
  }
}
