/**
 * Issue 13, hole 7: nothing was rate limited, although GET /auth/config advertised
 * `exchangePerMinute`. An attacker could brute-force the exchange, flood threads, messages,
 * uploads and invitations, and dodge any per-address count by writing X-Forwarded-For.
 *
 * Each attack runs over HTTP against the real app from a socket address of its own (app.request
 * has no socket; `address` supplies what @hono/node-server would). The limits come from the
 * RateLimit headers' own table, asserted against the numbers the attack needed. Here: the
 * exchange, X-Forwarded-For, the counters and what limiting leaves alone; the floods are in
 * rate-limits-floods.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { RATE_LIMITS } from '../http/rate-limit-rules.ts';
import { sweepRateLimits } from '../http/rate-limit.ts';
import { API, createTestServer, socketEnv, type RequestOptions, type TestResponse } from '../testing/support.ts';
import { expectRefused, rateLimitServer } from './rate-limits-test-kit.ts';

const { s, count, waitOut } = await rateLimitServer();
afterAll(async () => {
  await s.close();
});

/** A token shaped like a JWT that no installation signed: what a brute force sends. */
const forgedJwt = () => `eyJhbGciOiJFUzI1NiJ9.${randomBytes(24).toString('base64url')}.${randomBytes(48).toString('base64url')}`;

const exchange = (token: string, options: RequestOptions = {}) =>
  s.request('POST', `${API}/auth/exchange`, { ...options, body: { token } });

describe('brute-forcing the exchange', () => {
  it('is refused per client address after the limit, X-Forwarded-For rotation notwithstanding, and a valid token learns nothing more', async () => {
    const { perAddress, perCredential, windowSeconds } = RATE_LIMITS.exchange;
    const attacker = '203.0.113.7';
    for (let i = 0; i < perAddress; i++) {
      const res = await exchange(forgedJwt(), { address: attacker, headers: { 'X-Forwarded-For': `198.51.100.${i % 250}` } });
      expect(res.status).toBe(401);
      // The headers describe the tighter count: each fresh token's own, until the address has less left.
      const addressLeft = perAddress - 1 - i;
      const [limit, left] = addressLeft <= perCredential - 1 ? [perAddress, addressLeft] : [perCredential, perCredential - 1];
      expect([res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining')]).toEqual([String(limit), String(left)]);
    }
    const refused = await exchange(forgedJwt(), { address: attacker, headers: { 'X-Forwarded-For': '192.0.2.200' } });
    expectRefused(refused, perAddress, windowSeconds, /sign-in exchanges.*from one address/);

    // A correctly signed token from the same address gets the very same answer and mints nothing.
    const minted = await count('SELECT count(*)::int AS n FROM exchange_tokens');
    const valid = await exchange(await s.customerJwt({ sub: 'brute-victim' }), { address: attacker });
    expect({ status: valid.status, body: valid.body }).toEqual({ status: 429, body: refused.body });
    expect(await count('SELECT count(*)::int AS n FROM exchange_tokens')).toBe(minted);

    // Another client is not affected; once the window has passed the attacker's address may try again.
    expect((await exchange(await s.customerJwt({ sub: 'bystander' }), { address: '203.0.113.8' })).status).toBe(200);
    waitOut(refused);
    expect((await exchange(await s.customerJwt({ sub: 'brute-victim' }), { address: attacker })).status).toBe(200);
  });

  it('is refused per credential for a reviewer hopping addresses, at the exchangePerMinute that /auth/config advertises', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.exchange;
    const config = await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}`);
    expect(config.body.data.rateLimits).toEqual({ exchangePerMinute: perCredential * (60 / windowSeconds) });
    const token = await s.customerJwt({ sub: 'address-hopper' });
    for (let i = 0; i < perCredential; i++) {
      const res = await exchange(token, { address: `198.18.${Math.floor(i / 200)}.${i % 200}` });
      expect(res.status).toBe(200);
    }
    const refused = await exchange(token, { address: '198.18.9.9' });
    expectRefused(refused, perCredential, windowSeconds, /sign-in exchanges.*for one reviewer or credential/);
  });

  it('limits the SDK exchange by address and by the identity token it presents', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.exchange;
    const identity = await s.idpAccessToken('Hopper', 'hopper@example.com');
    const body = { publicKey: s.seed.publicKey, markupId: s.seed.markupId, sdkOrigin: 'http://localhost:8787' };
    let last: TestResponse | undefined;
    for (let i = 0; i <= perCredential; i++) {
      last = await s.request('POST', `${API}/auth/sdk-exchange`, {
        token: identity,
        body,
        address: `198.19.${Math.floor(i / 200)}.${i % 200}`,
      });
      if (i < perCredential) expect(last.status).toBe(200);
    }
    expectRefused(last!, perCredential, windowSeconds, /for one reviewer or credential/);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored without a trusted proxy: rotating it does not make a new client', async () => {
    const { perAddress, windowSeconds } = RATE_LIMITS.signIn;
    for (let i = 0; i < perAddress; i++) {
      const res = await s.request('GET', '/sign-in', {
        address: '203.0.113.20',
        headers: { 'X-Forwarded-For': `10.${i}.0.1, 198.51.100.${i % 250}` },
      });
      expect(res.status).toBe(200);
    }
    const refused = await s.request('GET', '/sign-in', { address: '203.0.113.20', headers: { 'X-Forwarded-For': '198.51.100.251' } });
    expectRefused(refused, perAddress, windowSeconds, /sign-in attempts.*from one address/);
  });

  it('counts an IPv6 client by its /64, so hopping addresses inside it does not help', async () => {
    const { perAddress, windowSeconds } = RATE_LIMITS.signIn;
    for (let i = 0; i < perAddress; i++) {
      expect((await s.request('GET', '/sign-in', { address: `2001:db8:0:7::${(i + 1).toString(16)}` })).status).toBe(200);
    }
    const refused = await s.request('GET', '/sign-in', { address: '2001:db8:0:7:ffff:1:2:3' });
    expectRefused(refused, perAddress, windowSeconds, /from one address/);
    expect((await s.request('GET', '/sign-in', { address: '2001:db8:0:8::1' })).status).toBe(200);
  });

  it('behind a trusted proxy names the client, and a spoofed entry ahead of the proxy’s own is ignored', async () => {
    const proxied = await createTestServer({ config: { trustProxy: 1 } });
    try {
      const { perAddress, windowSeconds } = RATE_LIMITS.signIn;
      const viaProxy = (forwardedFor: string) =>
        proxied.request('GET', '/sign-in', { address: '10.0.0.2', headers: { 'X-Forwarded-For': forwardedFor } });
      // The attacker writes a fresh entry each time; the proxy appends the address it really saw.
      for (let i = 0; i < perAddress; i++) expect((await viaProxy(`192.0.2.${i % 250}, 203.0.113.30`)).status).toBe(200);
      expectRefused(await viaProxy('192.0.2.251, 203.0.113.30'), perAddress, windowSeconds, /from one address/);
      // Other clients behind the same proxy are other addresses.
      expect((await viaProxy('203.0.113.31')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
describe('counters', () => {
  it('are shared by two apps on one database, and exact under concurrent requests', async () => {
    const other = createApp(s.deps);
    const { perAddress, windowSeconds } = RATE_LIMITS.signIn;
    const address = '203.0.113.90';
    const statuses = await Promise.all(
      Array.from({ length: perAddress + 10 }, (_, i) =>
        Promise.resolve((i % 2 ? other : s.app).request('/sign-in', {}, socketEnv(address))).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(perAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const fromOther = await other.request('/sign-in', {}, socketEnv(address));
    expect(fromOther.status).toBe(429);
    expect(fromOther.headers.get('ratelimit-policy')).toBe(`${perAddress};w=${windowSeconds}`);
  });

  it('of windows that ended are swept, the current ones kept', async () => {
    await s.request('GET', '/sign-in', { address: '203.0.113.95' });
    const before = await count('SELECT count(*)::int AS n FROM rate_limits');
    expect(before).toBeGreaterThan(0);
    expect(await sweepRateLimits(s.db, s.clock.now())).toBeLessThan(before);
    expect(await count("SELECT count(*)::int AS n FROM rate_limits WHERE bucket = 'signIn:a:203.0.113.95'")).toBe(1);
    expect(await sweepRateLimits(s.db, s.clock.now() + 2 * 3600 * 1000)).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM rate_limits')).toBe(0);
  });
});

describe('what rate limiting leaves alone', () => {
  it('bad input on a limited route keeps its own 4xx JSON error (counted, with the headers)', async () => {
    const address = '203.0.113.96';
    const cases = [
      { path: `${API}/auth/exchange`, rawBody: '{"token":', status: 400, code: 'malformed_json' },
      { path: `${API}/auth/exchange`, rawBody: '{"token":123}', status: 422, code: 'validation_failed' },
      { path: `${API}/auth/exchange`, rawBody: '["token"]', status: 422, code: 'validation_failed' },
      { path: '/idp/token', rawBody: 'name=x&email=y', status: 400, code: 'malformed_json' },
    ];
    for (const [i, c] of cases.entries()) {
      const res = await s.request('POST', c.path, { rawBody: c.rawBody, address });
      expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: c.status, code: c.code });
      expect(res.headers.get('ratelimit-remaining')).not.toBeNull();
      if (c.path === '/idp/token') expect(res.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMITS.signIn.perAddress - 1));
      else expect(res.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMITS.exchange.perAddress - 1 - i));
    }
  });

  it('routes without a limit carry no RateLimit headers and write no counter', async () => {
    const rows = await count('SELECT count(*)::int AS n FROM rate_limits');
    const list = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, {
      token: s.seed.workspaceApiKey,
      address: '203.0.113.99',
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('ratelimit-limit')).toBeNull();
    expect(await count('SELECT count(*)::int AS n FROM rate_limits')).toBe(rows);
  });

  it('exposes the headers to the widget through CORS', async () => {
    const res = await s.request('POST', `${API}/auth/exchange`, {
      body: { token: forgedJwt() },
      address: '203.0.113.98',
      headers: { Origin: 'https://customer.example' },
    });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining(['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']),
    );
    expect(res.headers.get('ratelimit-limit')).not.toBeNull();
  });

  it('PINMARK_RATE_LIMITS=off: no counting, no headers, nothing advertised', async () => {
    const unlimited = await createTestServer({ config: { rateLimits: { enabled: false } } });
    try {
      const { perAddress } = RATE_LIMITS.signIn;
      for (let i = 0; i <= perAddress; i++) {
        const res = await unlimited.request('GET', '/sign-in', { address: '203.0.113.97' });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBeNull();
      }
      const config = await unlimited.request('GET', `${API}/auth/config?publicKey=${unlimited.seed.publicKey}`);
      expect(config.body.data.rateLimits).toBeUndefined();
    } finally {
      await unlimited.close();
    }
  });
});
