/**
 * Everything a browser loads outside the JSON API: the development IdP (sign-in page, its script,
 * token, JWKS, discovery), the widget and demo files (content types, caching, CORS, placeholders,
 * no path traversal) and the demo's simulated customer backend (its attacks: server/attacks/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { createApp } from '../app.ts';
import { API, TEST_PUBLIC_URL, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
const root = mkdtempSync(path.join(tmpdir(), 'pinmark-static-'));
const widgetDir = path.join(root, 'widget');
const demoDir = path.join(root, 'demo');

beforeAll(async () => {
  mkdirSync(path.join(widgetDir, 'chunks'), { recursive: true });
  mkdirSync(path.join(demoDir, 'docs'), { recursive: true });
  writeFileSync(path.join(widgetDir, 'pinmark.js'), 'console.log("loader")');
  writeFileSync(path.join(widgetDir, 'chunks', 'ui-abc.js'), 'export const x = 1;');
  writeFileSync(path.join(widgetDir, 'style.css'), 'a{}');
  writeFileSync(path.join(widgetDir, 'pinmark.js.map'), '{}');
  writeFileSync(
    path.join(demoDir, 'index.html'),
    '<script data-key="%PINMARK_PUBLIC_KEY%" data-markup="%PINMARK_MARKUP_ID%" data-api="%PINMARK_API_BASE%"></script>',
  );
  writeFileSync(path.join(demoDir, 'pricing.html'), '<h1>Pricing</h1>');
  writeFileSync(path.join(demoDir, 'docs', 'index.html'), '<h1>Docs</h1>');
  writeFileSync(path.join(demoDir, 'logo.svg'), '<svg/>');
  writeFileSync(path.join(root, 'secret.txt'), 'do not serve');
  s = await createTestServer({ config: { widgetDir, demoDir } });
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

describe('development sign-in page', () => {
  it('serves an accessible form without inline scripts', async () => {
    const res = await s.request('GET', '/sign-in?publicKey=pmk_x&markupId=m&state=s&sdkOrigin=http://localhost:3000');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = res.text;
    expect(html).toMatch(/<label for="name">Name<\/label>/);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<input id="name"/);
    expect(html).toMatch(/<input id="email"[^>]*type="email"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    expect(html).toContain('role="alert"');
    expect(html).toContain('<script src="/sign-in.js"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it('serves its script, which posts only {type, state} to sdkOrigin', async () => {
    const res = await s.request('GET', '/sign-in.js');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.text).toContain("'/api/v2/auth/sdk-exchange'");
    expect(res.text).toContain('postMessage(message, sdkOrigin)');
    expect(res.text).toContain("{ type: 'pinmark:sdk-signed-in', state: state }");
    expect(res.text).toContain("type: 'pinmark:sdk-sign-in-failed'");
    expect(res.text).not.toMatch(/postMessage\([^)]*accessToken/);
  });

  it('issues access tokens verifiable with the published JWKS', async () => {
    const res = await s.request('POST', '/idp/token', { body: { name: ' Ana ', email: 'ana@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.expiresIn).toBe(600);
    const discovery = (await s.request('GET', '/idp/.well-known/openid-configuration')).body;
    expect(discovery.issuer).toBe(`${TEST_PUBLIC_URL}/idp`);
    expect(discovery.jwks_uri).toBe(`${TEST_PUBLIC_URL}/idp/.well-known/jwks.json`);
    const jwks = (await s.request('GET', '/idp/.well-known/jwks.json')).body;
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(res.body.accessToken, createLocalJWKSet(jwks), {
      issuer: discovery.issuer,
      audience: 'pinmark',
      currentDate: new Date(s.clock.now()),
    });
    expect(payload).toMatchObject({ name: 'Ana', email: 'ana@example.com', email_verified: false, token_use: 'access' });
    expect(decodeProtectedHeader(res.body.accessToken).typ).toBe('at+jwt');
    // The same browser (its pinmark_dev_id cookie) gets the same subject; the address alone does not.
    const sub = async (r: typeof res) =>
      (await jwtVerify(r.body.accessToken, createLocalJWKSet(jwks), { currentDate: new Date(s.clock.now()) })).payload.sub;
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const again = await s.request('POST', '/idp/token', {
      body: { name: 'Ana B', email: 'ANA@example.com ' },
      headers: { Cookie: cookie },
    });
    expect(await sub(again)).toBe(payload.sub);
    const elsewhere = await s.request('POST', '/idp/token', { body: { name: 'Ana', email: 'ana@example.com' } });
    expect(await sub(elsewhere)).not.toBe(payload.sub);
  });

  it('validates name and e-mail', async () => {
    for (const body of [{ name: '', email: 'a@b.co' }, { name: 'x'.repeat(101), email: 'a@b.co' }, { name: 'A', email: 'nope' }, {}]) {
      const res = await s.request('POST', '/idp/token', { body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('is absent when PINMARK_DEV_IDP is off, and its tokens are then refused', async () => {
    const token = await s.idpAccessToken();
    const app = createApp({ ...s.deps, config: { ...s.deps.config, devIdp: false } });
    expect((await app.request('/sign-in')).status).toBe(404);
    expect((await app.request('/idp/.well-known/jwks.json')).status).toBe(404);
    const res = await app.request(`${API}/auth/sdk-exchange`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ publicKey: s.seed.publicKey, markupId: s.seed.markupId, sdkOrigin: TEST_PUBLIC_URL }),
    });
    expect(res.status).toBe(401);
  });
});

describe('static files', () => {
  it('serves the widget with content types, no-cache and CORS', async () => {
    const js = await s.request('GET', '/widget/pinmark.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log("loader")');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('no-cache');
    expect(js.headers.get('access-control-allow-origin')).toBe('*');
    expect((await s.request('GET', '/widget/chunks/ui-abc.js')).status).toBe(200);
    expect((await s.request('GET', '/widget/style.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await s.request('GET', '/widget/pinmark.js.map')).headers.get('content-type')).toContain('application/json');
    expect((await s.request('GET', '/widget/missing.js')).status).toBe(404);
    const etag = js.headers.get('etag')!;
    expect((await s.request('GET', '/widget/pinmark.js', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('gzips larger text files for clients that accept it, and marks hashed chunks immutable', async () => {
    const big = `export const words = ${JSON.stringify('pin '.repeat(2000))};`;
    writeFileSync(path.join(widgetDir, 'chunks', 'compose-AbCdEf12.js'), big);
    const plain = await s.request('GET', '/widget/chunks/compose-AbCdEf12.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(big);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const zipped = await s.app.request('/widget/chunks/compose-AbCdEf12.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 10);
    expect(gunzipSync(bytes).toString()).toBe(big);
    expect(zipped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // A changed file is served fresh, not from the cache.
    writeFileSync(path.join(widgetDir, 'chunks', 'compose-AbCdEf12.js'), big + '\n// v2');
    expect((await s.request('GET', '/widget/chunks/compose-AbCdEf12.js')).text).toContain('// v2');
  });

  it('serves demo pages with the seeded values in place of the placeholders', async () => {
    const index = await s.request('GET', '/');
    expect(index.status).toBe(200);
    const nonce = /nonce="([^"]+)"/.exec(index.text)?.[1];
    expect(index.text).toBe(
      `<script nonce="${nonce}" data-key="${s.seed.publicKey}" data-markup="${s.seed.markupId}" data-api="${TEST_PUBLIC_URL}"></script>`,
    );
    expect(index.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect((await s.request('GET', '/pricing.html')).text).toBe('<h1>Pricing</h1>');
    expect((await s.request('GET', '/docs/')).text).toBe('<h1>Docs</h1>');
    expect((await s.request('GET', '/docs')).text).toBe('<h1>Docs</h1>');
    expect((await s.request('GET', '/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await s.request('GET', '/nope.html')).status).toBe(404);
  });

  it('never leaves its directory', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/docs/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/widget/..%2f..%2fsecret.txt',
      '/%00',
      '/..%5csecret.txt',
    ]) {
      const res = await s.request('GET', p);
      expect(res.text, p).not.toContain('do not serve');
      expect(res.status, p).toBe(404);
    }
  });
});

describe('POST /demo/customer-token', () => {
  const ownPage = { Origin: TEST_PUBLIC_URL };

  it("signs a customer JWT the exchange accepts, for this browser's shopper and its accounts", async () => {
    const res = await s.request('POST', '/demo/customer-token', {
      body: { account: 'demo-42', name: 'Dee Mo', email: 'dee@example.com' },
      headers: ownPage,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.externalId).toMatch(/^demo-shopper:[0-9a-f]{32}:demo-42$/);
    const exchanged = await s.request('POST', `${API}/auth/exchange`, { body: { token: res.body.token } });
    expect(exchanged.status).toBe(200);
    const thread = await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token: exchanged.body.data.exchangeToken });
    expect(thread.status).toBe(200);
    // Another account of the same browser, and the browser's default shopper: other users.
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const second = await s.request('POST', '/demo/customer-token', {
      body: { account: 'demo-43', name: 'Dee Two', email: 'dee2@example.com' },
      headers: { ...ownPage, Cookie: cookie },
    });
    const plain = await s.request('POST', '/demo/customer-token', {
      body: { name: 'Dee', email: 'dee@example.com' },
      headers: { ...ownPage, Cookie: cookie },
    });
    const shopper = res.body.externalId.split(':')[1];
    expect(second.body.externalId).toBe(`demo-shopper:${shopper}:demo-43`);
    expect(plain.body.externalId).toBe(`demo-shopper:${shopper}`);
  });

  it('validates its body', async () => {
    const post = (options: { body?: unknown; rawBody?: string }) =>
      s.request('POST', '/demo/customer-token', { ...options, headers: ownPage });
    expect((await post({ body: { name: 'y', email: 'bad' } })).status).toBe(422);
    expect((await post({ body: { account: 'a b', name: 'y', email: 'y@example.com' } })).status).toBe(422);
    expect((await post({ body: { account: 'x'.repeat(65), name: 'y', email: 'y@example.com' } })).status).toBe(422);
    const malformed = await post({ rawBody: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('set-cookie')).toBeNull();
  });
});
