/** The live merge keeps the list still: new threads on top, rows updated in place, selection kept. */
import { describe, expect, it } from 'vitest';
import type { InboxThread } from '../../src/api/wire';
import { mergeFirstPage } from './live-merge';

const row = (id: string, lastActivityAt: number, extra: Partial<InboxThread> = {}) =>
  ({ id, lastActivityAt, unread: false, resolved: false, messageCount: 1, ...extra }) as InboxThread;

describe('mergeFirstPage', () => {
  it('puts new threads on top and moves the selection with its row', () => {
    const shown = [row('b', 20), row('a', 10)];
    const merged = mergeFirstPage(shown, [row('c', 30), row('b', 20), row('a', 10)], 1);
    expect(merged.items.map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(merged.added).toBe(1);
    expect(merged.items[merged.selected]!.id).toBe('a');
  });

  it('updates a row with new activity where it is, without moving it', () => {
    const shown = [row('b', 20), row('a', 10)];
    const merged = mergeFirstPage(shown, [row('a', 40, { messageCount: 2, unread: true }), row('b', 20)], 0);
    expect(merged.items.map((r) => r.id)).toEqual(['b', 'a']);
    expect(merged.items[1]!.messageCount).toBe(2);
    expect(merged.updated).toBe(1);
    expect(merged.items[0]).toBe(shown[0]);
  });

  it('leaves the list as it is when nothing changed, and fills an empty one', () => {
    const shown = [row('a', 10)];
    const same = mergeFirstPage(shown, [row('a', 10)], 0);
    expect(same.items[0]).toBe(shown[0]);
    expect(same.added + same.updated).toBe(0);
    expect(mergeFirstPage([], [row('a', 10)], 0).items).toHaveLength(1);
  });
});
