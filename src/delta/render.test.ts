/**
 * renderDelta in a real browser on ordinary Deltas: lines, lists, inline formats, links, mentions
 * and embeds. Hostile and malformed input is in render-hostile.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mount, unmountAll } from './render-test-kit';
import { pinmarkMeaning } from './testing';

afterEach(unmountAll);

describe('renderDelta', () => {
  it('renders lines, empty lines and text after the last newline', () => {
    const container = mount({ ops: [{ insert: 'one\n\n\nfour\nfive' }] });
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('pm-delta');
    expect(Array.from(root.children).map((p) => [p.tagName, p.textContent, p.querySelector('br') !== null])).toEqual([
      ['P', 'one', false],
      ['P', '', true],
      ['P', '', true],
      ['P', 'four', false],
      ['P', 'five', false],
    ]);
  });

  it('groups list lines by kind; unknown list values are bullets', () => {
    const li = (text: string, list: unknown) => [{ insert: text }, { insert: '\n', attributes: { list } }];
    const delta = {
      ops: [
        ...li('a', 'bullet'),
        ...li('b', 'checked'),
        ...li('c', 'ordered'),
        ...li('d', 'ordered'),
        { insert: 'p\n' },
        ...li('', 'unchecked'),
      ],
    };
    const root = mount(delta).firstElementChild as HTMLElement;
    expect(root.innerHTML).toBe('<ul><li>a</li><li>b</li></ul><ol><li>c</li><li>d</li></ol><p>p</p><ul><li><br></li></ul>');
  });

  it('nests inline formats in one fixed order, the link outermost', () => {
    const attributes = { code: true, bold: true, strike: true, italic: true, underline: true, link: 'https://example.com' };
    const root = mount({ ops: [{ insert: 'x', attributes }, { insert: '\n' }] }).firstElementChild as HTMLElement;
    expect(root.innerHTML).toBe(
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow"><strong><em><u><s><code>x</code></s></u></em></strong></a></p>',
    );
  });

  it('shows mentions as chips with their name as text and nothing from them in attributes', () => {
    const delta = {
      ops: [
        { insert: 'Hi ' },
        { insert: { mention: { id: 'u"1', value: 'Ada <b>', denotationChar: '@' } }, attributes: { bold: true } },
        { insert: '\n' },
      ],
    };
    const root = mount(delta).firstElementChild as HTMLElement;
    expect(root.innerHTML).toBe('<p>Hi <strong><span class="pm-mention">@Ada &lt;b&gt;</span></strong></p>');
    expect(pinmarkMeaning(root)).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'Hi ', formats: [] },
          { text: '@Ada <b>', formats: ['bold', 'mention'] },
        ],
      },
    ]);
  });

  it('renders nothing for other embeds', () => {
    const delta = {
      ops: [
        { insert: 'a' },
        { insert: { image: 'https://tracker.example/p.gif' } },
        { insert: { video: 'https://x' } },
        { insert: { formula: 'e=mc^2' } },
        { insert: 'b\n' },
      ],
    };
    expect(mount(delta).innerHTML).toBe('<div class="pm-delta"><p>ab</p></div>');
  });

  it('keeps spaces, tabs and control-looking text as text', () => {
    const text = '  two  spaces\tand a tab &amp; \u202Ertl';
    expect(mount({ ops: [{ insert: `${text}\n` }] }).textContent).toBe(text);
  });
});
