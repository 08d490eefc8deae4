/** CSV quoting (RFC 4180) and formula-injection protection, and the inbox's CSV and JSON. */
import { describe, expect, it } from 'vitest';
import type { InboxThread } from '../../src/api/wire';
import { csvCell, toCsv } from './csv';
import { CSV_HEADER, inboxCsv, inboxJson } from './inbox-export';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const text of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx']) expect(csvCell(text)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes a header row and CRLF records', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

describe('inbox export', () => {
  const row = {
    id: 't1',
    number: 7,
    title: '=cmd|"/c calc"',
    resolved: false,
    markupName: 'Shop',
    canonicalUrl: 'https://shop.example/checkout',
    author: { id: 'u', name: 'Ana' },
    assignee: null,
    priority: 2,
    labels: ['checkout', 'ios'],
    viewModeId: 'mobile',
    messageCount: 3,
    hasScreenshot: true,
    hasDiagnostics: false,
    createdAt: Date.UTC(2026, 4, 1),
    lastActivityAt: Date.UTC(2026, 4, 2),
  } as unknown as InboxThread;

  it('writes one CSV row per thread under the header', () => {
    const lines = inboxCsv([row], 'https://app.example').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[1]).toBe(
      `7,"'=cmd|""/c calc""",open,Shop,https://shop.example/checkout,Ana,,2,checkout; ios,mobile,3,yes,no,2026-05-01T00:00:00.000Z,2026-05-02T00:00:00.000Z,https://app.example/app/inbox/t1`,
    );
    expect(lines).toHaveLength(3);
  });

  it('writes the rows and the filters as JSON, without the cursor', () => {
    const json = JSON.parse(inboxJson([row], { status: 'open', q: 'pay', cursorId: 'c', limit: 100 }, new Date(0)));
    expect(json).toEqual({ exportedAt: '1970-01-01T00:00:00.000Z', filters: { status: 'open', q: 'pay' }, total: 1, threads: [row] });
  });
});
