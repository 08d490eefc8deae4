/**
 * What the widget sends: a Delta reduced to what Pinmark renders, so a message never carries
 * formats other readers would show differently, links they would refuse, or embeds they drop.
 */
import type { Delta } from '../api/wire';
import { cleanOps } from './clean';

/**
 * Inserts only; inline formats (bold, italic, underline, strike, code, safe link) on text and
 * mentions, list formats on newlines; other formats, embeds and malformed ops dropped; adjacent ops
 * with equal formats merged; a final newline guaranteed. Nothing is cut short: length limits are
 * the composer's to explain (the server refuses over-long messages with a clear error).
 */
export function normalizeDelta(delta: unknown): Delta {
  const { ops } = cleanOps(delta);
  const last = ops[ops.length - 1];
  if (last && typeof last.insert === 'string' && last.insert.endsWith('\n')) return { ops };
  // Merged as Quill would: unformatted text takes the newline, anything else gets its own op.
  if (last && typeof last.insert === 'string' && !last.attributes) last.insert += '\n';
  else ops.push({ insert: '\n' });
  return { ops };
}
