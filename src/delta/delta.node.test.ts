import { describe, expect, it } from 'vitest';
import { deltaToPlainText, textToDelta } from './index';

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
    expect(deltaToPlainText({ ops: [{ insert: 'Bold', attributes: { bold: true } }, { insert: ' text\n' }] })).toBe(
      'Bold text',
    );
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
