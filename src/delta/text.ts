/**
 * Plain text ↔ Delta. The plain text follows the server's rules (docs/api-decisions.md, "Plain text
 * of a Delta"), so what the widget shows before a round trip matches what the server derives.
 */
import type { Delta } from '../api/wire';
import { eachInsert, mentionText } from './read';

/** A document Delta holding `text` (line breaks kept) and the final newline every Delta ends with. */
export function textToDelta(text: string): Delta {
  return { ops: [{ insert: text.replace(/\r\n?/g, '\n') + '\n' }] };
}

/** The text of a Delta: text inserts as they are, mentions as `@name`, other embeds dropped, no trailing newlines. */
export function deltaToPlainText(delta: unknown): string {
  let text = '';
  eachInsert(delta, (insert) => {
    text += typeof insert === 'string' ? insert : mentionText(insert);
  });
  // Not /\n+$/: that regex is quadratic on many newlines followed by other text.
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  return text.slice(0, end);
}

/** Ids of the Delta's mentions, each once, in order of first appearance. */
export function mentionIdsOf(delta: unknown): string[] {
  const ids = new Set<string>();
  eachInsert(delta, (insert) => {
    if (typeof insert !== 'string') ids.add(insert.id);
  });
  return [...ids];
}

/** An empty document (one newline). Shared: never mutate it. */
export const EMPTY_DELTA: Delta = Object.freeze({ ops: Object.freeze([Object.freeze({ insert: '\n' })]) }) as unknown as Delta;
