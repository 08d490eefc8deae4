/** The Delta → Markdown converter the thread export uses: formats, lists, mentions, escaping. */
import { describe, expect, it } from 'vitest';
import type { DeltaOp } from '../../src/api/wire';
import { deltaToMarkdown } from './delta-markdown';

const md = (...ops: DeltaOp[]) => deltaToMarkdown({ ops });

describe('deltaToMarkdown', () => {
  it('writes bold, italic, strike and inline code, spaces outside the markers', () => {
    expect(
      md(
        { insert: 'a ' },
        { insert: 'bold ', attributes: { bold: true } },
        { insert: 'it', attributes: { italic: true } },
        { insert: ' ' },
        { insert: 'gone', attributes: { strike: true } },
        { insert: ' ' },
        { insert: 'x = `y`', attributes: { code: true } },
        { insert: '\n' },
      ),
    ).toBe('a **bold** _it_ ~~gone~~ `` x = `y` ``');
  });

  it('links only http(s) and mailto addresses', () => {
    expect(md({ insert: 'docs', attributes: { link: 'https://e.com/a (b)' } }, { insert: '\n' })).toBe('[docs](https://e.com/a%20%28b%29)');
    expect(md({ insert: 'bad', attributes: { link: 'javascript:alert(1)' } }, { insert: '\n' })).toBe('bad');
  });

  it('writes bullet and ordered lists, numbering each list from 1', () => {
    expect(
      md(
        { insert: 'Steps:\none' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'two' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'Also:\nx' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'y' },
        { insert: '\n', attributes: { list: 'bullet' } },
      ),
    ).toBe('Steps:\n\n1. one\n2. two\n\nAlso:\n\n- x\n- y');
  });

  it('writes mentions as @name and escapes Markdown in text', () => {
    expect(md({ insert: { mention: { id: 'u1', value: 'Ana_B', denotationChar: '@' } } }, { insert: ' see *this* [x]\n' })).toBe(
      '@Ana\\_B see \\*this\\* \\[x\\]',
    );
    expect(md({ insert: '# not a heading\n- not a list\n' })).toBe('\\# not a heading\n\n\\- not a list');
  });

  it('is empty for no Delta or no ops', () => {
    expect(deltaToMarkdown(undefined)).toBe('');
    expect(deltaToMarkdown({ ops: [] })).toBe('');
  });
});
