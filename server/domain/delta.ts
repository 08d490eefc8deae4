/**
 * Quill Delta, the rich text of messages (docs/api-decisions.md, "Delta"). The Delta is the source
 * of truth: the server validates it, normalizes it (always ends in a newline) and derives the
 * plain text and the mention ids from it, ignoring whatever plain text a client claims.
 */
import { z } from 'zod';
import type { Delta, DeltaOp } from '../../src/api/wire.ts';

export const MAX_OPS = 5000;
export const MAX_TEXT = 20_000;

const mentionSchema = z.object({
  id: z.string().min(1).max(200),
  value: z.string().max(200),
  denotationChar: z.string().max(4).optional(),
  index: z.union([z.string(), z.number()]).optional(),
});

const opSchema = z
  .looseObject({
    insert: z.union([z.string().min(1, 'a text insert must not be empty'), z.record(z.string(), z.unknown())]).optional(),
    attributes: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((op, ctx) => {
    if (op.insert === undefined && !('retain' in op) && !('delete' in op)) {
      ctx.addIssue({ code: 'custom', message: 'insert is required', path: ['insert'] });
    }
    // A document Delta has inserts only; other unknown keys are dropped like any unknown field.
    for (const key of ['retain', 'delete'] as const) {
      if (key in op) ctx.addIssue({ code: 'custom', message: `only insert ops are allowed (found "${key}")`, path: [key] });
    }
    if (typeof op.insert === 'object') {
      const keys = Object.keys(op.insert);
      if (keys.length !== 1) {
        ctx.addIssue({ code: 'custom', message: 'an embed insert must have exactly one key', path: ['insert'] });
      } else if (keys[0] === 'mention') {
        const mention = mentionSchema.safeParse(op.insert.mention);
        if (!mention.success) {
          ctx.addIssue({ code: 'custom', message: 'a mention needs an id and a value', path: ['insert', 'mention'] });
        }
      }
    }
  });

export const deltaSchema = z
  .object({
    ops: z.array(opSchema).min(1, 'a Delta needs at least one op').max(MAX_OPS, `a Delta has at most ${MAX_OPS} ops`),
  })
  .superRefine((delta, ctx) => {
    let text = 0;
    let hasEmbed = false;
    let hasContent = false;
    for (const op of delta.ops) {
      if (typeof op.insert === 'string') {
        text += op.insert.length;
        if (op.insert.trim() !== '') hasContent = true;
      } else {
        hasEmbed = true;
      }
    }
    if (text > MAX_TEXT) ctx.addIssue({ code: 'custom', message: `the text is longer than ${MAX_TEXT} characters`, path: ['ops'] });
    if (!hasContent && !hasEmbed) ctx.addIssue({ code: 'custom', message: 'the message is empty', path: ['ops'] });
  });

/** The validated Delta, ending in a newline, with only `insert` and `attributes` kept. */
export function normalizeDelta(input: z.output<typeof deltaSchema>): Delta {
  const ops: DeltaOp[] = input.ops.map((op) => {
    const out: DeltaOp = { insert: op.insert as DeltaOp['insert'] };
    if (op.attributes && Object.keys(op.attributes).length > 0) out.attributes = op.attributes;
    return out;
  });
  const last = ops[ops.length - 1];
  if (!last || typeof last.insert !== 'string' || !last.insert.endsWith('\n')) ops.push({ insert: '\n' });
  return { ops };
}

export function deltaFromText(content: string): Delta {
  return { ops: [{ insert: content.endsWith('\n') ? content : `${content}\n` }] };
}

function mentionOf(insert: DeltaOp['insert']): { id: string; value: string; denotationChar?: string } | undefined {
  if (typeof insert !== 'object' || insert === null || !('mention' in insert)) return undefined;
  return insert.mention as { id: string; value: string; denotationChar?: string };
}

/** Plain text: text inserts as they are, mentions as "@Name", other embeds dropped, no trailing newlines. */
export function deltaToPlainText(delta: Delta): string {
  let text = '';
  for (const op of delta.ops) {
    if (typeof op.insert === 'string') text += op.insert;
    else {
      const mention = mentionOf(op.insert);
      if (mention) text += `${mention.denotationChar ?? '@'}${mention.value}`;
    }
  }
  // A loop, not /\n+$/: that regex is quadratic on a long run of newlines followed by text.
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return text.slice(0, end);
}

/** Ids of the mention embeds, first occurrence order, without repeats. */
export function deltaMentionIds(delta: Delta): string[] {
  const ids: string[] = [];
  for (const op of delta.ops) {
    const mention = mentionOf(op.insert);
    if (mention && !ids.includes(mention.id)) ids.push(mention.id);
  }
  return ids;
}
