import { describe, expect, it } from 'vitest';
import { deltaToPlainText, mentionIdsOf, textToDelta } from './index';

describe('textToDelta', () => {
  it('wraps text in one insert ending with a newline', () => {
    expect(textToDelta('Hello')).toEqual({ ops: [{ insert: 'Hello\n' }] });
  });

  it('keeps line breaks and normalises CRLF', () => {
    expect(textToDelta('a\r\nb\rc\nd')).toEqual({ ops: [{ insert: 'a\nb\nc\nd\n' }] });
  });

  it('round-trips through deltaToPlainText', () => {
    const text = 'Line one\n\nLine three <b>not html</b>';
    expect(deltaToPlainText(textToDelta(text))).toBe(text);
  });
});

describe('deltaToPlainText', () => {
  it('concatenates string inserts and drops the final newline', () => {
    expect(deltaToPlainText({ ops: [{ insert: 'Bold', attributes: { bold: true } }, { insert: ' text\n' }] })).toBe('Bold text');
  });

  it('renders mentions as @name (or their denotation char)', () => {
    const delta = {
      ops: [
        { insert: 'Hi ' },
        { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@' } } },
        { insert: ' and ' },
        { insert: { mention: { id: 'u2', value: 'Bob' } } },
        { insert: { mention: { id: 't', value: 'tag', denotationChar: '#' } } },
        { insert: '\n' },
      ],
    };
    expect(deltaToPlainText(delta)).toBe('Hi @Ada and @Bob#tag');
  });

  it('drops unknown embeds', () => {
    expect(deltaToPlainText({ ops: [{ insert: { image: 'https://x/y.png' } }, { insert: 'caption\n' }] })).toBe('caption');
  });

  it.each([null, undefined, 42, 'text', [], {}, { ops: 'nope' }, { ops: [null, 3, { insert: 5 }, { retain: 2 }] }])(
    'tolerates malformed input %#',
    (input) => {
      expect(deltaToPlainText(input)).toBe('');
    },
  );

  it('ignores malformed ops among good ones', () => {
    expect(deltaToPlainText({ ops: [null, { insert: 'ok' }, { insert: { mention: null } }, { delete: 1 }, { insert: '\n' }] })).toBe('ok');
  });
});

describe('deltaToPlainText, server rules', () => {
  it('removes every trailing newline but keeps inner ones', () => {
    expect(deltaToPlainText({ ops: [{ insert: 'a\n\nb\n\n\n' }] })).toBe('a\n\nb');
  });

  it('uses a mention’s denotation char as given, even an empty one, and only valid mentions', () => {
    const delta = {
      ops: [
        { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '' } } },
        { insert: { mention: { id: '', value: 'NoId' } } },
        { insert: { mention: { id: 7, value: 'NumId' } } },
        { insert: { mention: { id: 'u2' } } },
        { insert: { mention: { id: 'u3', value: 'Cy', denotationChar: 5 } } },
        { insert: '\n' },
      ],
    };
    expect(deltaToPlainText(delta)).toBe('Ada@Cy');
  });

  it('trims trailing newlines in linear time, even after many inner ones', () => {
    const inner = '\n'.repeat(200_000);
    expect(deltaToPlainText({ ops: [{ insert: `${inner}x${inner}` }] })).toBe(`${inner}x`);
  });

  it('reads a bare ops array too', () => {
    expect(deltaToPlainText([{ insert: 'bare\n' }])).toBe('bare');
  });

  it('does not see formats or inserts through the prototype', () => {
    const op = Object.create({ insert: 'inherited' }) as object;
    expect(deltaToPlainText({ ops: [op, { insert: 'own\n' }] })).toBe('own');
  });

  it('survives a throwing getter and keeps what came before', () => {
    const bad = {
      get insert(): string {
        throw new Error('boom');
      },
    };
    expect(deltaToPlainText({ ops: [{ insert: 'kept ' }, bad, { insert: 'lost' }] })).toBe('kept ');
  });
});

describe('mentionIdsOf', () => {
  it('lists each valid mention id once, in order', () => {
    const delta = {
      ops: [
        { insert: { mention: { id: 'b', value: 'Bob' } } },
        { insert: ' ' },
        { insert: { mention: { id: 'a', value: 'Ada' } } },
        { insert: { mention: { id: 'b', value: 'Bob again' } } },
        { insert: { mention: { id: '', value: 'x' } } },
        { insert: { mention: { id: 'c' } } },
        { insert: { mention: 'd' } },
        { insert: { image: 'https://x/y.png' } },
        { insert: '\n' },
      ],
    };
    expect(mentionIdsOf(delta)).toEqual(['b', 'a']);
  });

  it.each([null, 1, 'x', {}, { ops: {} }, { ops: [null, { insert: null }] }])('is empty for malformed input %#', (input) => {
    expect(mentionIdsOf(input)).toEqual([]);
  });
});
