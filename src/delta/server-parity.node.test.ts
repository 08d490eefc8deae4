/**
 * What the widget sends must be what the server accepts, and the widget's plain text and mention
 * ids must be what the server derives: run both on the same messy Deltas.
 */
import { describe, expect, it } from 'vitest';
import {
  deltaMentionIds,
  deltaSchema,
  deltaToPlainText as serverPlainText,
  normalizeDelta as serverNormalize,
} from '../../server/domain/delta.ts';
import { deltaToPlainText, mentionIdsOf, normalizeDelta } from './index';

const messy: unknown[] = [
  { ops: [{ insert: 'Hello' }] },
  { ops: [{ insert: 'a\n\n\nb\n\n' }] },
  {
    ops: [
      { insert: 'Hi ', attributes: { bold: true, color: '#f00' } },
      { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@', extra: 1 } } },
      { insert: { mention: { id: 'u2', value: 'Bob' } }, attributes: { italic: true } },
      { insert: { mention: { id: 'u1', value: 'Ada' } } },
      { insert: { image: 'https://x/y.png' } },
      { insert: ' see ' },
      { insert: 'this', attributes: { link: 'javascript:alert(1)' } },
      { insert: ' and ', attributes: { link: 'https://example.com' } },
      { insert: '\n', attributes: { list: 'checked' } },
      { insert: 'two', attributes: { code: true } },
      { insert: '\n', attributes: { list: 'ordered', indent: 1 } },
    ],
  },
  { ops: [{ insert: 'x' }, { insert: '' }, { retain: 1 }, { insert: { mention: { id: 'm', value: '' } } }] },
];

describe('server parity', () => {
  it.each(messy.map((delta, i) => [i, delta] as const))('Delta %i: accepted as sent, same text and mentions', (_, delta) => {
    const sent = normalizeDelta(delta);
    const parsed = deltaSchema.safeParse(sent);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    if (!parsed.success) return;
    const stored = serverNormalize(parsed.data);
    expect(stored).toEqual(sent);
    expect(deltaToPlainText(stored)).toBe(serverPlainText(stored));
    expect(mentionIdsOf(stored)).toEqual(deltaMentionIds(stored));
    // And on the original: the widget reads the stored Delta exactly as the server did.
    expect(deltaToPlainText(delta)).toBe(serverPlainText(stored));
  });
});
