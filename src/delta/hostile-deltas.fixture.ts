/**
 * The hostile corpus for render-hostile.test.ts: HTML in text, links with dangerous or bogus
 * schemes, and malformed Deltas (wrong types, holes, deep nesting, throwing and revoked proxies,
 * prototype pollution, handler-looking attributes) that renderDelta must survive and keep inert.
 */

export const htmlTexts = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '"><svg onload="window.__pwned=1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '{{constructor.constructor("window.__pwned=1")()}}',
];

export const hostileLinks = [
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

export const malformed: [string, unknown][] = [
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
