/**
 * §5 rules 5 and 6 through the HTTP app: the SDK exchange accepts only identity-provider access
 * tokens (never an exchange token), and its result is read once, within 5 minutes, from the origin
 * that started the sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createApp } from '../app.ts';
import { devIdpKeyStore, devIdpIssuer } from './dev-idp-keys.ts';
import { API, TEST_PUBLIC_URL, TEST_SDK_ORIGIN, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const state = (n: number) => `state-${n}-abcdefghijklmnopqrstuvwxyz`;

describe('POST /auth/sdk-exchange', () => {
  const body = (n: number, extra: Record<string, unknown> = {}) => ({
    publicKey: s.seed.publicKey,
    markupId: s.seed.markupId,
    sdkOrigin: TEST_SDK_ORIGIN,
    state: state(n),
    ...extra,
  });

  it('mints an exchange token for an IdP access token', async () => {
    const res = await s.request('POST', `${API}/auth/sdk-exchange`, { token: await s.idpAccessToken(), body: body(1) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ validatedSdkOrigin: TEST_SDK_ORIGIN, name: 'Dana Developer', workspaceId: s.seed.workspaceId });
    expect(res.body.data.exchangeToken).toMatch(/^pmx_/);
  });

  it('refuses an exchange token, so a token cannot renew itself', async () => {
    const { token } = await s.exchangeToken();
    const res = await s.request('POST', `${API}/auth/sdk-exchange`, { token, body: body(2) });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.body.error.message).toMatch(/exchange token cannot be used/);
  });

  it('refuses an API key, an ID token and a missing token', async () => {
    expect((await s.request('POST', `${API}/auth/sdk-exchange`, { token: s.seed.workspaceApiKey, body: body(3) })).status).toBe(401);
    expect((await s.request('POST', `${API}/auth/sdk-exchange`, { body: body(3) })).status).toBe(401);
    const key = await devIdpKeyStore(s.db, s.clock)();
    const idToken = await new SignJWT({ name: 'X', email: 'x@example.com' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(devIdpIssuer(TEST_PUBLIC_URL))
      .setAudience('pinmark')
      .setSubject('dev_x')
      .setIssuedAt(Math.floor(s.clock.now() / 1000))
      .setExpirationTime(Math.floor(s.clock.now() / 1000) + 60)
      .sign(key.privateKey);
    const res = await s.request('POST', `${API}/auth/sdk-exchange`, { token: idToken, body: body(3) });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/access token is required/);
  });

  it('refuses an expired IdP token and one from an untrusted issuer', async () => {
    const token = await s.idpAccessToken();
    s.clock.advance(11 * 60_000);
    const expired = await s.request('POST', `${API}/auth/sdk-exchange`, { token, body: body(4) });
    s.clock.advance(-11 * 60_000);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/expiry/);
    const stranger = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ token_use: 'access' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer('https://idp.evil.example')
      .setSubject('x')
      .setExpirationTime('5m')
      .sign(stranger.privateKey);
    const res = await s.request('POST', `${API}/auth/sdk-exchange`, { token: foreign, body: body(4) });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/issuer/);
  });

  it('checks sdkOrigin, the request Origin, publicKey, markupId and state', async () => {
    const token = await s.idpAccessToken();
    const call = (b: object, headers: Record<string, string> = {}) =>
      s.request('POST', `${API}/auth/sdk-exchange`, { token, body: b, headers });
    expect((await call(body(5, { sdkOrigin: 'https://evil.example' }))).status).toBe(403);
    expect((await call(body(5), { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await call(body(5, { publicKey: 'pmk_unknown' }))).status).toBe(404);
    expect((await call(body(5, { markupId: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    expect((await call(body(5, { state: 'short' }))).status).toBe(422);
    // The popup (this server's origin) and the widget's origin are both fine.
    expect((await call(body(5), { Origin: TEST_SDK_ORIGIN })).status).toBe(200);
    const reused = await call(body(5));
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('conflict');
  });

  it('trusts a configured OIDC issuer through its JWKS', async () => {
    const pair = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
    const jwks: Server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    try {
      const port = (jwks.address() as AddressInfo).port;
      const issuer = 'https://login.customer.example';
      const app = createApp({
        ...s.deps,
        config: { ...s.deps.config, oidc: { issuer, audience: 'pinmark-api', jwksUrl: `http://127.0.0.1:${port}/jwks` } },
      });
      const sign = (claims: Record<string, unknown>, typ = 'at+jwt') =>
        new SignJWT({ name: 'Olive OIDC', email: 'olive@customer.example', ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ })
          .setIssuer(issuer)
          .setAudience('pinmark-api')
          .setSubject('olive')
          .setIssuedAt(Math.floor(s.clock.now() / 1000))
          .setExpirationTime(Math.floor(s.clock.now() / 1000) + 300)
          .sign(pair.privateKey);
      const post = async (token: string, n: number) =>
        app.request(`${API}/auth/sdk-exchange`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body(n)),
        });
      const okRes = await post(await sign({}), 6);
      expect(okRes.status).toBe(200);
      expect(((await okRes.json()) as { data: { name: string } }).data.name).toBe('Olive OIDC');
      expect((await post(await sign({}, 'JWT'), 7)).status).toBe(401);
      expect((await post(await sign({ token_use: 'access' }, 'JWT'), 7)).status).toBe(200);
    } finally {
      jwks.close();
    }
  });
});

describe('GET /auth/sdk-exchange/result', () => {
  async function mint(n: number) {
    const res = await s.request('POST', `${API}/auth/sdk-exchange`, {
      token: await s.idpAccessToken('Rae Reader', 'rae@example.com'),
      body: { publicKey: s.seed.publicKey, markupId: s.seed.markupId, sdkOrigin: TEST_SDK_ORIGIN, state: state(n) },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  }
  const read = (n: number, headers: Record<string, string> = { Origin: TEST_SDK_ORIGIN }, q: Record<string, string> = {}) => {
    const query = new URLSearchParams({ state: state(n), publicKey: s.seed.publicKey, markupId: s.seed.markupId, ...q });
    return s.request('GET', `${API}/auth/sdk-exchange/result?${query}`, { headers });
  };

  it('hands out the result exactly once', async () => {
    const minted = await mint(100);
    const first = await read(100);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual(minted);
    const usable = await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token: first.body.data.exchangeToken });
    expect(usable.status).toBe(200);
    const second = await read(100);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('already_consumed');
  });

  it('refuses after 5 minutes with 410 session_expired', async () => {
    await mint(101);
    s.clock.advance(5 * 60_000);
    const res = await read(101);
    s.clock.advance(-5 * 60_000);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('session_expired');
  });

  it('refuses a wrong origin, publicKey or markupId without consuming the session', async () => {
    await mint(102);
    const wrongOrigin = await read(102, { Origin: 'https://evil.example' });
    expect(wrongOrigin.status).toBe(403);
    expect(wrongOrigin.body.error.code).toBe('forbidden');
    expect((await read(102, { Origin: 'null' })).status).toBe(403);
    expect((await read(102, {})).status).toBe(403);
    expect((await read(102, { Origin: TEST_SDK_ORIGIN }, { publicKey: 'pmk_other' })).status).toBe(403);
    expect((await read(102, { Origin: TEST_SDK_ORIGIN }, { markupId: '00000000-0000-4000-8000-000000000000' })).status).toBe(403);
    expect((await read(102)).status).toBe(200);
  });

  it('falls back to the Referer origin when there is no Origin header', async () => {
    await mint(103);
    expect((await read(103, { Referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await read(103, { Referer: `${TEST_SDK_ORIGIN}/some/page.html?x=1` })).status).toBe(200);
  });

  it('404s an unknown state and 400s missing parameters', async () => {
    expect((await read(999)).status).toBe(404);
    const missing = await s.request('GET', `${API}/auth/sdk-exchange/result?state=${state(1)}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: { path: string }) => d.path)).toEqual(['publicKey', 'markupId']);
  });

  it('lets only one of two racing reads win', async () => {
    await mint(104);
    const results = await Promise.all([read(104), read(104), read(104)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});
