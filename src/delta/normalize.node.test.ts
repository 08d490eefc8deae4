import { describe, expect, it } from 'vitest';
import { normalizeDelta } from './index';

describe('normalizeDelta', () => {
  it('keeps a clean Delta as it is', () => {
    const delta = {
      ops: [
        { insert: 'Hi ' },
        { insert: 'there', attributes: { bold: true, link: 'https://example.com/' } },
        { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@', index: 0 } } },
        { insert: '\nitem' },
        { insert: '\n', attributes: { list: 'ordered' } },
      ],
    };
    expect(normalizeDelta(delta)).toEqual(delta);
  });

  it('guarantees a final newline', () => {
    expect(normalizeDelta({ ops: [{ insert: 'a' }] })).toEqual({ ops: [{ insert: 'a\n' }] });
    expect(normalizeDelta({ ops: [{ insert: { mention: { id: 'u', value: 'U' } } }] })).toEqual({
      ops: [{ insert: { mention: { id: 'u', value: 'U' } } }, { insert: '\n' }],
    });
    expect(normalizeDelta(null)).toEqual({ ops: [{ insert: '\n' }] });
    expect(normalizeDelta({ ops: [{ insert: 'x' }, { insert: '\n', attributes: { list: 'bullet' } }] })).toEqual({
      ops: [{ insert: 'x' }, { insert: '\n', attributes: { list: 'bullet' } }],
    });
  });

  it('merges adjacent ops with equal formats, and only those', () => {
    const delta = {
      ops: [
        { insert: 'a', attributes: { bold: true, italic: true } },
        { insert: 'b', attributes: { italic: true, bold: true } },
        { insert: 'c', attributes: { bold: true } },
        { insert: 'd', attributes: { bold: true, color: 'red' } },
        { insert: 'e' },
        { insert: 'f', attributes: {} },
        { insert: '\n' },
      ],
    };
    expect(normalizeDelta(delta).ops).toEqual([
      { insert: 'ab', attributes: { bold: true, italic: true } },
      { insert: 'cd', attributes: { bold: true } },
      { insert: 'ef\n' },
    ]);
  });

  it('puts line formats on newlines and inline formats on text only', () => {
    const delta = { ops: [{ insert: 'one\ntwo\n', attributes: { bold: true, list: 'bullet' } }] };
    expect(normalizeDelta(delta).ops).toEqual([
      { insert: 'one', attributes: { bold: true } },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'two', attributes: { bold: true } },
      { insert: '\n', attributes: { list: 'bullet' } },
    ]);
  });

  it('keeps ordered lists and turns other list values into bullets', () => {
    const lines = ['ordered', 'bullet', 'checked', 'unchecked', true, 'anything'].map((list) => ({
      insert: '\n',
      attributes: { list },
    }));
    const ops = normalizeDelta({ ops: lines }).ops;
    expect(ops).toEqual([
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: '\n\n\n\n\n', attributes: { list: 'bullet' } },
    ]);
  });

  it('drops unknown formats, falsy flags and line formats on embeds; flags become true', () => {
    const delta = {
      ops: [
        { insert: 'x', attributes: { bold: 'yes', italic: false, underline: 0, strike: 1, code: null, color: 'red', header: 1 } },
        { insert: { mention: { id: 'u', value: 'U' } }, attributes: { list: 'bullet', italic: true } },
        { insert: '\n', attributes: { bold: true, align: 'center' } },
      ],
    };
    expect(normalizeDelta(delta).ops).toEqual([
      { insert: 'x', attributes: { bold: true, strike: true } },
      { insert: { mention: { id: 'u', value: 'U' } }, attributes: { italic: true } },
      { insert: '\n' },
    ]);
  });

  it('keeps only http(s)/mailto links, serialised by the URL parser', () => {
    const link = (href: unknown) => normalizeDelta({ ops: [{ insert: 'l', attributes: { link: href } }] }).ops[0];
    expect(link('https://example.com')).toEqual({ insert: 'l', attributes: { link: 'https://example.com/' } });
    expect(link('  HTTP://Example.COM/a b')).toEqual({ insert: 'l', attributes: { link: 'http://example.com/a%20b' } });
    expect(link('mailto:ada@example.com')).toEqual({ insert: 'l', attributes: { link: 'mailto:ada@example.com' } });
    for (const bad of [
      'javascript:alert(1)',
      ' \u0001JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      '/relative',
      '//evil.example',
      'ftp://x.example',
      '',
      42,
      { href: 'https://x' },
      'https://' + 'a'.repeat(5000),
    ]) {
      expect(link(bad), String(bad)).toEqual({ insert: 'l\n' });
    }
  });

  it('drops other embeds, retain/delete ops, empty and malformed inserts', () => {
    const delta = {
      ops: [
        { insert: { image: 'https://x/y.png' } },
        { insert: { mention: { id: 'u' } } },
        { retain: 3 },
        { delete: 2 },
        { insert: '' },
        { insert: 5 },
        null,
        'text',
        [],
        { insert: 'kept\n', retain: 1, extra: true },
      ],
    };
    expect(normalizeDelta(delta)).toEqual({ ops: [{ insert: 'kept\n' }] });
  });

  it('copies mentions field by field, dropping unknown and mistyped fields', () => {
    const mention = { id: 'u', value: 'U', denotationChar: 3, index: Infinity, avatar: 'https://x', onclick: 'alert(1)' };
    expect(normalizeDelta({ ops: [{ insert: { mention } }, { insert: '\n' }] }).ops[0]).toEqual({
      insert: { mention: { id: 'u', value: 'U' } },
    });
  });

  it('never carries prototype keys and pollutes nothing', () => {
    const attributes = JSON.parse(
      '{"__proto__": {"bold": true, "polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "italic": true}',
    );
    const result = normalizeDelta({ ops: [{ insert: 'x\n', attributes }] });
    expect(result.ops).toEqual([{ insert: 'x', attributes: { italic: true } }, { insert: '\n' }]);
    expect(Object.getPrototypeOf(result.ops[0]?.attributes)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // An object whose real prototype carries formats: only own properties count.
    const inherited = { __proto__: { bold: true, link: 'https://x.example' } };
    expect(normalizeDelta({ ops: [{ insert: 'y\n', attributes: inherited }] }).ops).toEqual([{ insert: 'y\n' }]);
  });

  it('does not cut long content (the composer and server explain limits)', () => {
    const text = 'x'.repeat(200_000);
    const insert = normalizeDelta({ ops: [{ insert: text }] }).ops[0]?.insert;
    expect(insert === text + '\n').toBe(true);
  });
});
