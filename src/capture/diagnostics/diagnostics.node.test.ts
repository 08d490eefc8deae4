import { describe, expect, it } from 'vitest';
import { formatArgs, formatConsoleEntry, MAX_ENTRY_LENGTH } from './format';
import { DIAGNOSTICS_FILENAME, diagnosticsFile, summarizeDiagnostics, type DiagnosticsReport } from './report';
import { isSecretName, sanitizeUrl, sanitizeUrlsInText } from './sanitize';
import { diagnosticsEnabled } from './handle';

describe('sanitizeUrl', () => {
  it.each([
    ['https://shop.test/cart?id=7&token=abc123', 'https://shop.test/cart?id=7&token='],
    ['https://api.test/v1?access_token=x&page=2', 'https://api.test/v1?access_token=&page=2'],
    ['https://api.test/v1?API_KEY=x&apikey=y&X-Api-Key=z', 'https://api.test/v1?API_KEY=&apikey=&X-Api-Key='],
    [
      'https://s3.test/f?X-Amz-Signature=aa&X-Amz-Credential=bb&X-Amz-Date=1',
      'https://s3.test/f?X-Amz-Signature=&X-Amz-Credential=&X-Amz-Date=1',
    ],
    ['https://x.test/cb?code=abc&state=s1', 'https://x.test/cb?code=&state=s1'],
    [
      'https://x.test/?sessionId=1&Password=p&client_secret=c&sig=s&auth=a',
      'https://x.test/?sessionId=&Password=&client_secret=&sig=&auth=',
    ],
    ['https://x.test/?q=shoes&page=2', 'https://x.test/?q=shoes&page=2'],
    ['/relative/path?token=t&q=1', '/relative/path?token=&q=1'],
    ['https://x.test/cb#access_token=abc&token_type=bearer&state=s', 'https://x.test/cb#access_token=&token_type=&state=s'],
    ['https://x.test/#/reset?token=abc&step=2', 'https://x.test/#/reset?token=&step=2'],
    ['https://x.test/page#section-2', 'https://x.test/page#section-2'],
    ['https://user:hunter2@x.test/a?b=1', 'https://x.test/a?b=1'],
    ['https://ghp_abc@github.com/org/repo.git', 'https://github.com/org/repo.git'],
    ['https://x.test/?%74oken=abc', 'https://x.test/?%74oken='],
    ['https://x.test/?flag&token', 'https://x.test/?flag&token'],
    ['https://x.test/?a=1&&b=%E0%A4%A', 'https://x.test/?a=1&&b=%E0%A4%A'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeUrl(input)).toBe(expected);
  });

  it('matches secret-looking names case-insensitively, as substrings (generous on purpose)', () => {
    for (const name of [
      'TOKEN',
      'csrfToken',
      'refresh_token',
      'Authorization',
      'oauth_verifier',
      'passwd',
      'pwd',
      'jwt',
      'ticket',
      'otp',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['q', 'page', 'id', 'utm_source', 'lang', 'sort']) expect(isSecretName(name), name).toBe(false);
  });

  it('cuts very long URLs and never throws', () => {
    expect(sanitizeUrl(`data:text/plain,${'a'.repeat(5000)}`)).toHaveLength(2000);
    expect(sanitizeUrl(null as unknown as string)).toBe('null');
  });

  it('sanitises URLs inside free text', () => {
    expect(sanitizeUrlsInText('GET https://api.test/a?token=t&x=1 failed (see http://x.test/?key=k)')).toBe(
      'GET https://api.test/a?token=&x=1 failed (see http://x.test/?key=)',
    );
  });
});

describe('formatArgs', () => {
  it('prints like the console: strings bare, printf substitutions, %c dropped', () => {
    expect(formatArgs(['Failed %s after %d tries (%i%%)', 'login', 3.7, 50, 'extra'])).toBe('Failed login after 3 tries (50%) extra');
    expect(formatArgs(['%cStyled', 'color: red'])).toBe('Styled');
    expect(formatArgs(['a', 1, true, null, undefined, 10n])).toBe('a 1 true null undefined 10n');
  });

  it('describes objects without calling getters, toJSON or toString', () => {
    let called = false;
    const sneaky = {
      a: 1,
      get boom(): number {
        called = true;
        throw new Error('getter ran');
      },
      toJSON() {
        called = true;
        return 'x';
      },
      toString() {
        called = true;
        return 'x';
      },
    };
    const text = formatArgs([sneaky]);
    expect(text).toBe('{a: 1, boom: [Getter], toJSON: [Function toJSON], toString: [Function toString]}');
    expect(called).toBe(false);
  });

  it('handles cycles, depth, long arrays, exotic keys and built-ins', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    expect(formatArgs([cyclic])).toBe('{name: "x", self: [Circular]}');
    expect(formatArgs([{ a: { b: { c: { d: 1 } } } }])).toBe('{a: {b: {c: {…}}}}');
    expect(formatArgs([Array.from({ length: 25 }, (_, i) => i)])).toMatch(/^\[0, 1, .*19, … 5 more\]$/);
    expect(formatArgs([{ 'data-id': 1 }])).toBe('{"data-id": 1}');
    expect(formatArgs([new Map([[1, 2]]), new Set([1]), new Date(0), /x/g, new Uint8Array(4), Symbol('s')])).toBe(
      'Map(1) Set(1) 1970-01-01T00:00:00.000Z /x/g Uint8Array(4 bytes) Symbol(s)',
    );
    class Point {
      x = 1;
    }
    expect(formatArgs([new Point(), Object.create(null)])).toBe('Point {x: 1} [Object: null prototype] {}');
  });

  it('stays within budget for huge values and never throws (revoked proxy)', () => {
    const huge = { list: Array.from({ length: 100_000 }, () => 'x'.repeat(100)) };
    const text = formatArgs([huge, 'y'.repeat(10_000)]);
    expect(text.length).toBeLessThan(3 * MAX_ENTRY_LENGTH);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(formatArgs(['before', proxy, 'after'])).toBe('before [unreadable] after');
  });

  it('shows Errors with their message and the first stack lines', () => {
    const error = new TypeError('x is undefined');
    const text = formatArgs(['Oops', error]);
    expect(text.startsWith('Oops TypeError: x is undefined\n    at ')).toBe(true);
    expect(text.split('\n').length).toBeLessThanOrEqual(6);
    expect(formatArgs([{ cause: new RangeError('deep') }])).toBe('{cause: RangeError: deep}');
  });
});

describe('formatConsoleEntry', () => {
  it('caps entries at 1000 characters and sanitises URLs in them', () => {
    const entry = { level: 'error' as const, source: 'console' as const, time: 1, data: ['z'.repeat(5000)] };
    expect(formatConsoleEntry(entry)).toHaveLength(MAX_ENTRY_LENGTH);
    const withUrl = { ...entry, data: ['failed https://api.test/x?session=s'] };
    expect(formatConsoleEntry(withUrl)).toBe('failed https://api.test/x?session=');
    expect(formatConsoleEntry({ ...entry, data: 'already formatted' })).toBe('already formatted');
  });
});

const report: DiagnosticsReport = {
  version: 1,
  pageUrl: 'https://shop.test/',
  userAgent: 'UA',
  recordingSince: 1,
  capturedAt: 2,
  console: [
    { level: 'error', source: 'console', message: 'a', time: 1 },
    { level: 'warn', source: 'console', message: 'b', time: 1 },
    { level: 'error', source: 'uncaught', message: 'c', time: 1 },
  ],
  requests: [{ method: 'GET', url: 'https://shop.test/api', status: 404, durationMs: 12, time: 1, initiator: 'fetch' }],
  dropped: { consoleErrors: 7, consoleWarnings: 0, requests: 2 },
};

describe('summarizeDiagnostics', () => {
  it('counts errors, warnings and failed requests including the dropped ones', () => {
    expect(summarizeDiagnostics(report)).toEqual({ consoleErrors: 9, consoleWarnings: 1, failedRequests: 3 });
  });
});

describe('diagnosticsFile', () => {
  it('is pretty-printed JSON named pinmark-diagnostics.json', async () => {
    const { blob, filename } = diagnosticsFile(report);
    expect(filename).toBe(DIAGNOSTICS_FILENAME);
    expect(filename).toBe('pinmark-diagnostics.json');
    expect(blob.type).toBe('application/json');
    const text = await blob.text();
    expect(text).toContain('\n  "version": 1,');
    expect(JSON.parse(text)).toEqual(report);
  });
});

describe('diagnosticsEnabled', () => {
  it('is the host’s consent: diagnostics: true, or qa mode unless diagnostics: false', () => {
    expect(diagnosticsEnabled({})).toBe(false);
    expect(diagnosticsEnabled({ mode: 'default' })).toBe(false);
    expect(diagnosticsEnabled({ diagnostics: true })).toBe(true);
    expect(diagnosticsEnabled({ mode: 'qa' })).toBe(true);
    expect(diagnosticsEnabled({ mode: 'qa', diagnostics: false })).toBe(false);
  });
});
