import { describe, expect, it } from 'vitest';
import type { Delta, DeltaAttributes } from '../api/wire';
import { deltaToDom, domToDelta, safeLink, serializeDom } from './dom';

const text = (insert: string, attributes?: DeltaAttributes) => (attributes ? { insert, attributes } : { insert });
const mention = (id: string, value: string, denotationChar?: string) => ({
  insert: { mention: denotationChar ? { id, value, denotationChar } : { id, value } },
});

/** deltaToDom into a detached editor root. */
function rendered(delta: unknown): HTMLElement {
  const root = document.createElement('div');
  root.append(deltaToDom(delta, document));
  return root;
}

/** Foreign HTML as a paste brings it: an inert parsed document's body. */
function pasted(html: string): Delta {
  return domToDelta(new DOMParser().parseFromString(html, 'text/html').body, { paste: true });
}

const SUPPORTED: Array<[string, Delta]> = [
  ['empty', { ops: [text('\n')] }],
  ['one line', { ops: [text('hello\n')] }],
  ['spaces kept as typed', { ops: [text('  two  spaces, tab\there  \n')] }],
  ['empty lines', { ops: [text('a\n\n\nb\n')] }],
  ['leading empty line', { ops: [text('\nb\n')] }],
  [
    'each inline format',
    {
      ops: [
        text('b', { bold: true }),
        text('i', { italic: true }),
        text('u', { underline: true }),
        text('s', { strike: true }),
        text('c', { code: true }),
        text('\n'),
      ],
    },
  ],
  [
    'all formats at once',
    { ops: [text('all', { bold: true, italic: true, underline: true, strike: true, code: true, link: 'https://a.test/' }), text('\n')] },
  ],
  [
    'a link with formatted parts',
    { ops: [text('plain ', { link: 'https://a.test/x?y=1#z' }), text('bold', { link: 'https://a.test/x?y=1#z', bold: true }), text('\n')] },
  ],
  [
    'adjacent different links',
    { ops: [text('one', { link: 'https://one.test' }), text('two', { link: 'mailto:two@x.test' }), text('\n')] },
  ],
  ['bullet list', { ops: [text('a'), text('\n', { list: 'bullet' }), text('b'), text('\n', { list: 'bullet' })] }],
  [
    'ordered list after text, then text',
    { ops: [text('intro\none'), text('\n', { list: 'ordered' }), text('two'), text('\n', { list: 'ordered' }), text('outro\n')] },
  ],
  ['bullet right after ordered', { ops: [text('o'), text('\n', { list: 'ordered' }), text('b'), text('\n', { list: 'bullet' })] }],
  ['empty list items', { ops: [text('\n\n', { list: 'bullet' }), text('x'), text('\n', { list: 'bullet' })] }],
  ['formats inside list items', { ops: [text('bold', { bold: true }), text(' item'), text('\n', { list: 'ordered' })] }],
  ['mentions', { ops: [mention('u1', 'Ada', '@'), text(' and '), mention('u2', 'Grace Hopper'), mention('u3', 'x', '#'), text('\n')] }],
  ['a mention alone in a list item', { ops: [mention('u1', 'Ada', '@'), text('\n', { list: 'bullet' })] }],
  ['markup-looking text', { ops: [text('<img src=x onerror=alert(1)> &amp; <b>no</b>\n')] }],
  ['unicode', { ops: [text('héllo 👋🏽 日本語 ‮rtl\n')] }],
];

describe('deltaToDom → domToDelta', () => {
  for (const [name, delta] of SUPPORTED) {
    it(`round-trips: ${name}`, () => {
      expect(domToDelta(rendered(delta))).toEqual(delta);
    });
  }

  it('round-trips random supported Deltas', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    for (let n = 0; n < 200; n++) {
      const root = document.createElement('div');
      const ops: Delta['ops'] = [];
      for (let k = 0; k < 12; k++) {
        const roll = random();
        if (roll < 0.15) ops.push(text('\n', random() < 0.5 ? { list: pick(['bullet', 'ordered'] as const) } : undefined));
        else if (roll < 0.25) ops.push(mention(`u${k}`, pick(['Ada', 'Bo B']), '@'));
        else {
          const attributes: DeltaAttributes = {};
          for (const format of ['bold', 'italic', 'underline', 'strike', 'code']) if (random() < 0.3) attributes[format] = true;
          if (random() < 0.2) attributes.link = pick(['https://a.test', 'mailto:m@x.test']);
          ops.push(text(pick(['a', 'bc ', ' d', 'é👋']), Object.keys(attributes).length ? attributes : undefined));
        }
      }
      ops.push(text('\n'));
      root.append(deltaToDom({ ops }, document));
      const once = domToDelta(root);
      const again = rendered(once);
      expect(domToDelta(again)).toEqual(once);
      // Same text, embeds and line structure as written.
      const flat = (delta: Delta) => delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '@')).join('');
      expect(flat(once)).toBe(flat({ ops }));
    }
  });
});

describe('deltaToDom', () => {
  it('builds the canonical editor DOM', () => {
    const root = rendered({
      ops: [
        text('a', { bold: true, link: 'https://a.test' }),
        mention('u1', 'Ada', '@'),
        text('\n\n'),
        text('i'),
        text('\n', { list: 'bullet' }),
      ],
    });
    expect(root.innerHTML).toBe(
      '<p><a href="https://a.test"><strong>a</strong></a><span class="mention" contenteditable="false" data-id="u1" data-value="Ada" data-denotation-char="@">@Ada</span></p>' +
        '<p><br></p><ul><li>i</li></ul>',
    );
  });

  it('writes text as text: nothing in a Delta becomes markup', () => {
    const root = rendered({ ops: [text('<script>window.pwned=1</script><img src=x onerror="window.pwned=1">\n')] });
    expect(root.querySelectorAll('script, img')).toHaveLength(0);
    expect(root.textContent).toBe('<script>window.pwned=1</script><img src=x onerror="window.pwned=1">');
  });

  it('drops unsafe links, unknown formats and embeds, and survives junk', () => {
    const delta = {
      ops: [
        text('js', { link: 'javascript:alert(1)' }),
        text('data', { link: 'data:text/html,x' }),
        text('rel', { link: '/relative' }),
        text('big', { color: 'red', size: 'huge', header: 1 } as DeltaAttributes),
        { insert: { image: 'https://x.test/i.png' } },
        { insert: { mention: { id: '', value: 'no id' } } },
        null,
        { insert: 42 },
        text('\n', { header: 2 } as DeltaAttributes),
      ],
    };
    const root = rendered(delta);
    expect(root.querySelectorAll('a, img')).toHaveLength(0);
    expect(domToDelta(root)).toEqual({ ops: [text('jsdatarelbig\n')] });
    for (const junk of [null, undefined, 'text', 42, {}, { ops: 'x' }, { ops: [null, 1, 'x'] }]) {
      expect(domToDelta(rendered(junk))).toEqual({ ops: [text('\n')] });
    }
  });
});

describe('domToDelta on foreign HTML', () => {
  it('reads lines from blocks and <br>, without inventing empty lines', () => {
    expect(pasted('<p>a<br>b</p><p>c<br></p><div><br></div><div>d</div>')).toEqual({ ops: [text('a\nb\nc\n\nd\n')] });
    expect(pasted('loose <b>text</b><p>then a block</p>after')).toEqual({
      ops: [text('loose '), text('text', { bold: true }), text('\nthen a block\nafter\n')],
    });
    expect(pasted('')).toEqual({ ops: [text('\n')] });
  });

  it('collapses whitespace as a browser shows it, except in <pre>', () => {
    expect(pasted('<p>\n  two   words\n  </p>\n<p>a&nbsp;&nbsp;b</p>')).toEqual({ ops: [text('two words\na  b\n')] });
    expect(pasted('<pre>  keep\n    this</pre>')).toEqual({ ops: [text('  keep\n    this\n')] });
  });

  it('flattens nested lists, reads Quill 2 lists and list items holding paragraphs', () => {
    expect(pasted('<ul><li><p>one</p></li><li>two<ol><li>inner</li></ol></li></ul>')).toEqual({
      ops: [
        text('one'),
        text('\n', { list: 'bullet' }),
        text('two'),
        text('\n', { list: 'bullet' }),
        text('inner'),
        text('\n', { list: 'ordered' }),
      ],
    });
    expect(pasted('<ol><li data-list="bullet">b</li><li data-list="ordered">o</li><li data-list="checked">c</li></ol>')).toEqual({
      ops: [
        text('b'),
        text('\n', { list: 'bullet' }),
        text('o'),
        text('\n', { list: 'ordered' }),
        text('c'),
        text('\n', { list: 'bullet' }),
      ],
    });
  });

  it('reads quill-mention chips and ignores their text', () => {
    expect(
      pasted(
        'hi <span class="mention" data-index="0" data-denotation-char="@" data-id="7" data-value="Ada"><span contenteditable="false">@Ada</span></span>!',
      ),
    ).toEqual({
      ops: [text('hi '), mention('7', 'Ada', '@'), text('!\n')],
    });
    // Without an id it is not a mention, and its text stays.
    expect(pasted('<span class="mention" data-value="Ada">@Ada</span>')).toEqual({ ops: [text('@Ada\n')] });
  });

  it('keeps only absolute http(s) and mailto links', () => {
    const delta = pasted(
      '<a href="https://ok.test">a</a><a href=" javascript:x">b</a><a href="vbscript:x">c</a><a href="//evil.test">d</a><a href="mailto:x@y.test">e</a><a>f</a>',
    );
    expect(delta).toEqual({
      ops: [text('a', { link: 'https://ok.test' }), text('bcd'), text('e', { link: 'mailto:x@y.test' }), text('f\n')],
    });
    expect(safeLink('HTTPS://OK.TEST/a')).toBe('HTTPS://OK.TEST/a');
    expect(safeLink('https://')).toBeNull();
    expect(safeLink('https://a.test/\u0000')).toBeNull();
  });
});

describe('serializeDom', () => {
  it('places DOM points on Delta indices, consistently with the text it reads', () => {
    const root = rendered({
      ops: [text('ab', { bold: true }), mention('u', 'Ada', '@'), text('c\n\n'), text('d'), text('\n', { list: 'bullet' })],
    });
    const [p1, p2, ul] = [...root.children] as HTMLElement[];
    const bold = p1!.querySelector('strong')!.firstChild!;
    const chipText = p1!.querySelector('.mention')!.firstChild!;
    const points: Array<[Node, number]> = [
      [bold, 1], // inside "ab"
      [p1!, 1], // before the chip
      [chipText, 2], // inside the chip: after it
      [p1!.lastChild!, 1], // after "c"
      [p2!, 0], // the empty line
      [ul!.querySelector('li')!.firstChild!, 0], // start of "d"
      [root, root.childNodes.length], // the very end
    ];
    expect(serializeDom(root, points).indices).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });
});
