/**
 * renderDelta in a real browser: what it shows for ordinary Deltas, and a corpus of hostile ones
 * that must come out as inert text — no script-capable element, no event handler, no href outside
 * http/https/mailto — without throwing or freezing the page.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDelta } from './index';
import { RENDER_LIMITS } from './render';
import { pinmarkMeaning } from './testing';

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) {
    render(null, container);
    container.remove();
  }
});

function mount(delta: unknown): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  render(renderDelta(delta), container);
  return container;
}

const ALLOWED_TAGS = new Set(['DIV', 'P', 'BR', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'U', 'S', 'CODE', 'A', 'SPAN']);
const ALLOWED_ATTRIBUTES = new Set(['class', 'href', 'target', 'rel']);
const ALLOWED_CLASSES = new Set(['pm-delta', 'pm-mention']);

function expectInert(container: HTMLElement): void {
  for (const el of Array.from(container.querySelectorAll('*'))) {
    expect(ALLOWED_TAGS, el.outerHTML.slice(0, 200)).toContain(el.tagName);
    for (const attr of Array.from(el.attributes)) {
      expect(ALLOWED_ATTRIBUTES, `${attr.name} on ${el.tagName}`).toContain(attr.name);
      expect(attr.name.startsWith('on')).toBe(false);
    }
    for (const name of Array.from(el.classList)) expect(ALLOWED_CLASSES).toContain(name);
    if (el.hasAttribute('href')) {
      expect(el.tagName).toBe('A');
      expect(['http:', 'https:', 'mailto:']).toContain(new URL(el.getAttribute('href') ?? '').protocol);
      expect(el.getAttribute('target')).toBe('_blank');
      expect(el.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  }
  expect(container.querySelectorAll('script, img, iframe, svg, style, object, embed, form, input, link, meta').length).toBe(0);
}

const pwned = () => (window as unknown as { __pwned?: unknown }).__pwned;

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

const htmlTexts = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '"><svg onload="window.__pwned=1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '{{constructor.constructor("window.__pwned=1")()}}',
];

const hostileLinks = [
  'javascript:window.__pwned=1',
  'JaVaScRiPt:window.__pwned=1',
  ' javascript:window.__pwned=1',
  '\u0000javascript:window.__pwned=1',
  '\u0001\u001f javascript:window.__pwned=1',
  '\tjava\nscript:window.__pwned=1',
  'java\tscript:window.__pwned=1',
  '&#106;avascript:window.__pwned=1',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
  'DATA:text/html,<script>window.__pwned=1</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://example.com/0000',
  'about:blank',
  '//evil.example/x',
  '/relative/path',
  'evil.example',
  '',
];

const deep = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { nested: value, mention: value };
  return value;
};

const throwing = new Proxy(
  {},
  {
    get() {
      throw new Error('trap');
    },
    has() {
      throw new Error('trap');
    },
    getOwnPropertyDescriptor() {
      throw new Error('trap');
    },
  },
);
const revoked = Proxy.revocable([], {});
revoked.revoke();

const malformed: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['number', 42],
  ['string', '<img src=x onerror="window.__pwned=1">'],
  ['function', () => 'x'],
  ['symbol', Symbol('x')],
  ['ops not an array', { ops: '<script>window.__pwned=1</script>' }],
  ['ops object with length', { ops: { length: 1e9, 0: { insert: 'x' } } }],
  /* eslint-disable no-sparse-arrays -- a hole in ops is part of the junk under test */
  [
    'holes and junk ops',
    {
      ops: [
        ,
        null,
        3,
        NaN,
        'text',
        [],
        [{ insert: 'x' }],
        { insert: 5 },
        { insert: null },
        { insert: ['a'] },
        { insert: {} },
        { insert: { mention: null } },
        { retain: 3 },
        { delete: 2 },
        { insert: 'ok\n' },
      ],
    },
  ],
  /* eslint-enable no-sparse-arrays */
  [
    'deeply nested insert and attributes',
    {
      ops: [
        { insert: deep(10_000) },
        { insert: 'x', attributes: { link: deep(10_000), bold: deep(10_000) } },
        { insert: '\n', attributes: { list: deep(10_000) } },
      ],
    },
  ],
  ['throwing proxy delta', throwing],
  ['throwing proxy op', { ops: [{ insert: 'before ' }, throwing, { insert: 'after' }] }],
  ['revoked proxy ops', { ops: revoked.proxy }],
  [
    'prototype pollution via JSON',
    JSON.parse(
      '{"ops":[{"insert":"x","attributes":{"__proto__":{"link":"javascript:window.__pwned=1","bold":true}}},{"insert":{"__proto__":{"mention":{"id":"a","value":"b"}}}},{"insert":"\\n","__proto__":{"attributes":{"list":"bullet"}}}]}',
    ),
  ],
  [
    'inherited formats',
    { ops: [{ insert: 'x', attributes: Object.create({ link: 'https://example.com', bold: true }) }, { insert: '\n' }] },
  ],
  [
    'event-handler-looking attributes',
    {
      ops: [
        {
          insert: 'x',
          attributes: {
            onclick: 'window.__pwned=1',
            onmouseover: 'x',
            style: 'background:url(javascript:x)',
            class: 'evil',
            href: 'javascript:x',
            dangerouslySetInnerHTML: { __html: '<img src=x onerror="window.__pwned=1">' },
          },
        },
        { insert: '\n' },
      ],
    },
  ],
  [
    'mention with hostile fields',
    {
      ops: [
        {
          insert: {
            mention: {
              id: '"><img src=x onerror="window.__pwned=1">',
              value: '<img src=x onerror="window.__pwned=1">',
              denotationChar: '<script>',
              index: { toString: () => 'x' },
              onclick: 'x',
            },
          },
        },
        { insert: '\n' },
      ],
    },
  ],
];

describe('renderDelta with hostile input', () => {
  it.each(htmlTexts)('shows HTML in text literally: %s', (text) => {
    const container = mount({
      ops: [{ insert: text, attributes: { bold: true } }, { insert: { mention: { id: 'm', value: text } } }, { insert: '\n' }],
    });
    expectInert(container);
    expect(container.textContent).toBe(`${text}@${text}`);
  });

  it.each(hostileLinks)('renders the link %j as plain text', (link) => {
    const container = mount({ ops: [{ insert: 'click me', attributes: { link, underline: true } }, { insert: '\n' }] });
    expectInert(container);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click me');
    expect(container.querySelector('u')?.textContent).toBe('click me');
  });

  it('links only http, https and mailto, with the URL as parsed', () => {
    const links = [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:ada@example.com',
      '  https://example.com/x  ',
      'HTTPS://EXAMPLE.COM/Y',
    ];
    const container = mount({ ops: links.flatMap((link) => [{ insert: 'l', attributes: { link } }, { insert: '\n' }]) });
    expectInert(container);
    expect(Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1#c',
      'http://example.com/',
      'mailto:ada@example.com',
      'https://example.com/x',
      'https://example.com/Y',
    ]);
  });

  it.each(malformed)('renders what it can of malformed input: %s', (_, delta) => {
    expect(() => mount(delta)).not.toThrow();
    expectInert(containers[containers.length - 1] as HTMLElement);
    expect(({} as Record<string, unknown>).bold).toBeUndefined();
    expect(({} as Record<string, unknown>).link).toBeUndefined();
  });

  it('keeps the good ops among malformed ones and stops at a throwing op', () => {
    const named = (name: string) => malformed.find(([n]) => n === name)?.[1];
    expect(mount(named('holes and junk ops')).textContent).toBe('ok');
    expect(mount(named('throwing proxy op')).textContent).toBe('before …');
    const polluted = mount(named('prototype pollution via JSON'));
    expect(polluted.querySelector('a, strong, li, .pm-mention')).toBeNull();
    expect(polluted.textContent).toBe('x');
  });

  it('caps characters, ops and lines, with an ellipsis', () => {
    const huge = mount({ ops: [{ insert: 'a'.repeat(1_000_000) }, { insert: 'never\n' }] });
    expect(huge.textContent?.length).toBe(RENDER_LIMITS.maxChars + 1);
    expect(huge.textContent?.endsWith('a…')).toBe(true);

    const many = mount({ ops: Array.from({ length: 50_000 }, (_, i) => ({ insert: 'b', attributes: { bold: i % 2 === 0 } })) });
    expect(many.querySelectorAll('strong').length).toBe(RENDER_LIMITS.maxOps / 2);
    expect(many.textContent?.endsWith('…')).toBe(true);

    const lines = mount({ ops: [{ insert: 'x\n'.repeat(40_000) }] });
    expect(lines.querySelectorAll('p').length).toBe(RENDER_LIMITS.maxLines);
    expect(lines.querySelector('p:last-child')?.textContent).toBe('x…');

    const bigMention = mount({ ops: [{ insert: 'hi ' }, { insert: { mention: { id: 'm', value: 'n'.repeat(RENDER_LIMITS.maxChars) } } }] });
    expect(bigMention.textContent).toBe('hi …');

    const surrogate = mount({ ops: [{ insert: 'a'.repeat(RENDER_LIMITS.maxChars - 1) + '😀😀' }] });
    expect(surrogate.textContent?.endsWith('a…')).toBe(true);
  });

  it('never ran any of it', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pwned()).toBeUndefined();
  });
});
