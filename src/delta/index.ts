/**
 * Plain text ↔ Quill Delta, the rich-text format of messages. The composer is plain text for now,
 * so this is all the widget needs; it stays tolerant of Deltas written by richer clients
 * (formats, mentions, unknown embeds) and never throws on malformed input.
 */
import type { Delta } from '../api/wire';

/** A document Delta holding `text` (line breaks kept) and the final newline every Delta ends with. */
export function textToDelta(text: string): Delta {
  return { ops: [{ insert: text.replace(/\r\n?/g, '\n') + '\n' }] };
}

/** The text of a Delta: string inserts concatenated, mentions as `@name`, other embeds dropped. */
export function deltaToPlainText(delta: unknown): string {
  const ops = typeof delta === 'object' && delta !== null ? (delta as { ops?: unknown }).ops : undefined;
  if (!Array.isArray(ops)) return '';
  let text = '';
  for (const op of ops) {
    if (typeof op !== 'object' || op === null) continue;
    const insert = (op as { insert?: unknown }).insert;
    if (typeof insert === 'string') text += insert;
    else if (typeof insert === 'object' && insert !== null) text += embedText(insert as Record<string, unknown>);
  }
  // Every document Delta ends with a newline that is structure, not content.
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

function embedText(embed: Record<string, unknown>): string {
  const mention = embed.mention;
  if (typeof mention === 'object' && mention !== null) {
    const { value, denotationChar } = mention as { value?: unknown; denotationChar?: unknown };
    if (typeof value === 'string' && value) {
      return (typeof denotationChar === 'string' && denotationChar ? denotationChar : '@') + value;
    }
  }
  return '';
}
