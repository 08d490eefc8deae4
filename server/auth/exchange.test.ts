/**
 * §5 rules 4 and 8 through the HTTP app: installation config, the customer-JWT exchange with every
 * way a customer JWT is refused, and the lifetime of the exchange token it mints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('GET /auth/config', () => {
  it('returns the installation configuration for a publicKey', async () => {
    const res = await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      installationId: s.seed.installationId,
      expectedAud: s.seed.expectedAud,
      expectedIss: s.seed.expectedIss,
      signingAlgorithms: ['ES256'],
      rateLimits: { exchangePerMinute: 60 },
    });
  });

  it('tells whether a page origin may sign reviewers in, before anyone fills in a form', async () => {
    const ask = async (origin: string) =>
      (await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}&origin=${encodeURIComponent(origin)}`)).body.data
        .originAllowed;
    expect(await ask(s.seed.allowedOrigins[0]!)).toBe(true);
    expect(await ask(`${s.seed.allowedOrigins[0]!}/some/page?x=1`)).toBe(true);
    expect(await ask('https://shop.example')).toBe(false);
    expect(await ask('not a url')).toBe(false);
    const withoutOrigin = await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}`);
    expect(withoutOrigin.body.data).not.toHaveProperty('originAllowed');
  });

  it('404s an unknown publicKey and 400s a missing one', async () => {
    expect((await s.request('GET', `${API}/auth/config?publicKey=pmk_nope`)).body.error.code).toBe('not_found');
    const missing = await s.request('GET', `${API}/auth/config`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('bad_request');
  });
});

describe('POST /auth/exchange (customer JWT)', () => {
  it('mints an exchange token bound to workspace, user and markup', async () => {
    const res = await s.request('POST', `${API}/auth/exchange`, { body: { token: await s.customerJwt() } });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.exchangeToken).toMatch(/^pmx_/);
    expect(Date.parse(data.expiresAt) - s.clock.now()).toBe(3600_000);
    expect(data.workspaceId).toBe(s.seed.workspaceId);
    expect(data.markupRole).toEqual({ slug: 'reviewer', name: 'Reviewer', scopes: ['create-thread'] });
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The same customer user gets the same user id next time.
    const again = await s.request('POST', `${API}/auth/exchange`, { body: { token: await s.customerJwt() } });
    expect(again.body.data.userId).toBe(data.userId);
  });

  async function refused(token: string, fragment: string) {
    const res = await s.request('POST', `${API}/auth/exchange`, { body: { token } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.body.error.message).toContain(fragment);
  }

  it('refuses a bad signature', async () => {
    const other = await generateKeyPair('ES256', { extractable: true });
    await refused(await s.customerJwt({}, { key: await exportJWK(other.privateKey) }), 'signature');
  });
  it('refuses a wrong audience', async () => {
    await refused(await s.customerJwt({ aud: 'pinmark:someone-else' }), 'audience');
  });
  it('refuses a wrong issuer', async () => {
    await refused(await s.customerJwt({ iss: 'https://evil.example' }), 'issuer');
  });
  it('refuses an expired token (beyond the 30 s tolerance) and accepts within it', async () => {
    const now = Math.floor(s.clock.now() / 1000);
    await refused(await s.customerJwt({ iat: now - 700, exp: now - 31 }), 'expiry');
    const ok = await s.request('POST', `${API}/auth/exchange`, { body: { token: await s.customerJwt({ iat: now - 700, exp: now - 10 }) } });
    expect(ok.status).toBe(200);
  });
  it('refuses a token without exp, or living more than 24 h', async () => {
    await refused(await s.customerJwt({}, { omit: ['exp'] }), 'exp');
    const now = Math.floor(s.clock.now() / 1000);
    await refused(await s.customerJwt({ iat: now, exp: now + 25 * 3600 }), '24 hours');
  });
  it('refuses missing sub or markupId', async () => {
    await refused(await s.customerJwt({}, { omit: ['sub'] }), 'sub');
    await refused(await s.customerJwt({}, { omit: ['markupId'] }), 'markupId');
  });
  it('refuses a markup of another workspace and an unknown markup', async () => {
    const now = s.clock.now();
    const orgId = await createOrganization(s.db, 'Other org', now);
    const ws = await createWorkspace(s.db, orgId, 'Other', now);
    const foreign = await createWebpageMarkup(s.db, { workspaceId: ws.id, name: 'Foreign', url: 'https://other.example/', now });
    await refused(await s.customerJwt({ markupId: foreign }), 'markupId');
    await refused(await s.customerJwt({ markupId: 'not-a-uuid' }), 'markupId');
  });
  it('refuses HMAC and unsigned tokens', async () => {
    const hs = await new SignJWT({ markupId: s.seed.markupId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(s.seed.expectedIss)
      .setAudience(s.seed.expectedAud)
      .setSubject('x')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
    await refused(hs, 'algorithm');
    const [header, payload] = hs.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    void header;
    await refused(none, '');
    await refused('not a jwt', 'format');
  });
  it('validates the body', async () => {
    expect((await s.request('POST', `${API}/auth/exchange`, { body: {} })).status).toBe(422);
    expect((await s.request('POST', `${API}/auth/exchange`, { rawBody: '{"token":' })).body.error.code).toBe('malformed_json');
  });
});

describe('exchange token lifetime', () => {
  it('works for an hour, then answers 401 token_expired', async () => {
    const { token } = await s.exchangeToken();
    expect((await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token })).status).toBe(200);
    s.clock.advance(3600_000);
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token });
    s.clock.advance(-3600_000);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_expired');
  });
  it('401s unknown and missing credentials', async () => {
    expect((await s.request('GET', `${API}/workspace`)).body.error.code).toBe('unauthorized');
    expect((await s.request('GET', `${API}/workspace`, { token: 'pmx_unknown' })).status).toBe(401);
    expect((await s.request('GET', `${API}/workspace`, { token: 'pk_ws_unknown' })).status).toBe(401);
    expect((await s.request('GET', `${API}/workspace`, { token: 'garbage' })).status).toBe(401);
  });
});
