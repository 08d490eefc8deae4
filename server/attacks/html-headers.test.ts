/**
 * Issue 13, hole 9: pages the server serves carried no CSP and no frame-ancestors, so a hostile
 * site could frame a signed-in widget (or the sign-in form) on the API's origin. Every HTML answer
 * must come with a strict policy that forbids framing, plus nosniff and a Referrer-Policy.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer({ config: { demoDir: 'demo' } });
});
afterAll(() => s.close());

function demoPages(dir = 'demo'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return demoPages(file);
    return name.endsWith('.html') ? ['/' + path.relative('demo', file).split(path.sep).join('/')] : [];
  });
}

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0]!, part.slice(part.indexOf(' ') + 1)]),
  );
}

function expectFramingRefused(headers: Headers, where: string): void {
  const policy = directives(headers.get('content-security-policy'));
  expect(policy.get('frame-ancestors'), where).toBe("'none'");
  expect(headers.get('x-frame-options'), where).toBe('DENY');
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/);
}

describe('every HTML page the server serves refuses to be framed', () => {
  it('the demo pages: a strict script policy (nonce, no unsafe-inline, no unsafe-eval) and no framing', async () => {
    const pages = demoPages();
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const res = await s.request('GET', page);
      expect(res.status, page).toBe(200);
      expectFramingRefused(res.headers, page);
      const script = directives(res.headers.get('content-security-policy')).get('script-src') ?? '';
      expect(script, page).toMatch(/'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(script, page).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https?:/);
      expect(directives(res.headers.get('content-security-policy')).get('object-src'), page).toBe("'none'");
      // Every script element carries this response's nonce, and it is new on every response.
      const nonce = /'nonce-([^']+)'/.exec(script)![1]!;
      for (const tag of res.text.match(/<script\b[^>]*>/gi) ?? []) expect(tag, page).toContain(`nonce="${nonce}"`);
    }
    const [first, second] = [await s.request('GET', '/'), await s.request('GET', '/')];
    expect(first.headers.get('content-security-policy')).not.toBe(second.headers.get('content-security-policy'));
  });

  it('the sign-in page', async () => {
    const res = await s.request('GET', '/sign-in');
    expect(res.status).toBe(200);
    expectFramingRefused(res.headers, '/sign-in');
  });

  it('an HTML answer that set no policy of its own gets the strictest one', async () => {
    const { Hono } = await import('hono');
    const { securityHeaders, FALLBACK_HTML_POLICY } = await import('../http/security-headers.ts');
    const app = new Hono().use('*', securityHeaders).get('/forgotten', (c) => c.html('<p>hello</p>'));
    const res = await app.request('/forgotten');
    expect(res.headers.get('content-security-policy')).toBe(FALLBACK_HTML_POLICY);
    expectFramingRefused(res.headers, '/forgotten');
  });

  it('API answers are never sniffed into HTML', async () => {
    const res = await s.request('GET', '/api/v2/openapi.json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await s.request('GET', '/api/v2/nothing-here');
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
