import { describe, expect, it } from 'vitest';
import type { Delta } from '../../api/wire';
import * as m from './model';

const state = (delta: Delta, from: number, to = from): m.State => ({ doc: m.fromDelta(delta), from, to });
const delta = (s: m.State) => m.toDelta(s.doc);
const list = (kind: 'bullet' | 'ordered') => ({ insert: '\n', attributes: { list: kind } });

describe('model', () => {
  it('converts Deltas to items and back, merging equal neighbours and adding a missing final newline', () => {
    const d: Delta = {
      ops: [
        { insert: 'a' },
        { insert: 'b' },
        { insert: 'c', attributes: { bold: true } },
        { insert: { mention: { id: '1', value: 'A' } } },
        { insert: 'd' },
      ],
    };
    expect(m.toDelta(m.fromDelta(d))).toEqual({
      ops: [
        { insert: 'ab' },
        { insert: 'c', attributes: { bold: true } },
        { insert: { mention: { id: '1', value: 'A' } } },
        { insert: 'd\n' },
      ],
    });
    expect(m.fromDelta({ ops: [{ insert: '👋\n' }] })).toHaveLength(3);
  });

  it('Enter splits a line, continues a list, and leaves it on an empty item', () => {
    const items = { ops: [{ insert: 'ab' }, list('bullet')] };
    const split = m.enter(state(items, 1));
    expect(delta(split)).toEqual({ ops: [{ insert: 'a' }, list('bullet'), { insert: 'b' }, list('bullet')] });
    expect(split.from).toBe(2);
    const empty = m.enter(state({ ops: [{ insert: 'a' }, { insert: '\n\n', attributes: { list: 'bullet' } }] }, 2));
    expect(delta(empty)).toEqual({ ops: [{ insert: 'a' }, list('bullet'), { insert: '\n' }] });
    // Over a selection: the selection goes, then the line splits.
    expect(delta(m.enter(state({ ops: [{ insert: 'abcd\n' }] }, 1, 3)))).toEqual({ ops: [{ insert: 'a\nd\n' }] });
  });

  it('Backspace ends a list at an item start, joins lines keeping the upper format, removes surrogate pairs whole', () => {
    const doc = { ops: [{ insert: 'a' }, list('ordered'), { insert: 'b' }, list('ordered')] };
    expect(delta(m.deleteChar(state(doc, 2), false))).toEqual({ ops: [{ insert: 'a' }, list('ordered'), { insert: 'b\n' }] });
    const joined = m.deleteChar(state({ ops: [{ insert: 'a' }, list('bullet'), { insert: 'b\n' }] }, 2), false);
    expect(delta(joined)).toEqual({ ops: [{ insert: 'ab' }, list('bullet')] });
    expect(joined.from).toBe(1);
    // An empty upper line just goes away, even a list item.
    expect(delta(m.deleteChar(state({ ops: [list('bullet'), { insert: 'b\n' }] }, 1), false))).toEqual({ ops: [{ insert: 'b\n' }] });
    expect(delta(m.deleteChar(state({ ops: [{ insert: 'x👋\n' }] }, 3), false))).toEqual({ ops: [{ insert: 'x\n' }] });
    expect(m.deleteChar(state({ ops: [{ insert: 'x\n' }] }, 0), false).doc).toHaveLength(2);
  });

  it('Delete joins the next line into this one, keeping this line format', () => {
    const doc = { ops: [{ insert: 'a' }, list('bullet'), { insert: 'b\n' }] };
    expect(delta(m.deleteChar(state(doc, 1), true))).toEqual({ ops: [{ insert: 'ab' }, list('bullet')] });
    expect(delta(m.deleteChar(state({ ops: [{ insert: '👋x\n' }] }, 0), true))).toEqual({ ops: [{ insert: 'x\n' }] });
    // The final newline stays.
    expect(delta(m.deleteChar(state({ ops: [{ insert: 'x\n' }] }, 1), true))).toEqual({ ops: [{ insert: 'x\n' }] });
  });

  it('deleting everything leaves an empty plain line', () => {
    expect(delta(m.replace(state({ ops: [{ insert: 'a' }, list('bullet')] }, 0, 1), []))).toEqual({ ops: [{ insert: '\n' }] });
  });

  it('typing continues the formats before the caret, but not a link it is at the end of', () => {
    const doc = m.fromDelta({ ops: [{ insert: 'ab', attributes: { bold: true, link: 'https://x.test' } }, { insert: 'c\n' }] });
    expect(m.typingFormats(doc, 1)).toEqual({ bold: true, link: 'https://x.test' });
    expect(m.typingFormats(doc, 2)).toEqual({ bold: true });
    expect(m.typingFormats(doc, 0)).toEqual({ bold: true, link: 'https://x.test' });
  });

  it('toggles inline formats on text only and lists per line', () => {
    const s = state(
      {
        ops: [
          { insert: 'a' },
          { insert: { mention: { id: '1', value: 'A' } } },
          { insert: 'b', attributes: { bold: true } },
          { insert: '\nc\n' },
        ],
      },
      0,
      5,
    );
    const bold = m.toggleInline(s, 'bold');
    expect(delta(bold)).toEqual({
      ops: [
        { insert: 'a', attributes: { bold: true } },
        { insert: { mention: { id: '1', value: 'A' } } },
        { insert: 'b', attributes: { bold: true } },
        { insert: '\n' },
        { insert: 'c', attributes: { bold: true } },
        { insert: '\n' },
      ],
    });
    expect(delta(m.toggleInline(bold, 'bold'))).toEqual({
      ops: [{ insert: 'a' }, { insert: { mention: { id: '1', value: 'A' } } }, { insert: 'b\nc\n' }],
    });
    expect(delta(m.toggleList(s, 'ordered'))).toEqual({
      ops: [
        { insert: 'a' },
        { insert: { mention: { id: '1', value: 'A' } } },
        { insert: 'b', attributes: { bold: true } },
        list('ordered'),
        { insert: 'c' },
        list('ordered'),
      ],
    });
  });

  it('finds the @query being typed', () => {
    const at = (text: string) => m.mentionQuery(state({ ops: [{ insert: `${text}\n` }] }, text.length));
    expect(at('hi @ad')).toEqual({ start: 3, query: 'ad' });
    expect(at('@')).toEqual({ start: 0, query: '' });
    expect(at('a@b')).toBeNull();
    expect(at('@ ad')).toBeNull();
    expect(at('@grace h')).toEqual({ start: 0, query: 'grace h' });
    expect(at(`@${'x'.repeat(45)}`)).toBeNull();
  });

  it('finds the link run around a caret', () => {
    const s = state({ ops: [{ insert: 'a ' }, { insert: 'link', attributes: { link: 'https://x.test' } }, { insert: ' b\n' }] }, 4);
    expect(m.linkRange(s)).toEqual({ from: 2, to: 6, href: 'https://x.test' });
    expect(m.linkRange({ ...s, from: 0, to: 0 })).toEqual({ from: 0, to: 0, href: null });
  });
});
