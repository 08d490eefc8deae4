/**
 * Hole 6 of issue 13: the customer-JWT lifetime cap was `exp − iat` and trusted `iat`, so a token
 * whose `iat` lay a year ahead and whose `exp` a day after that worked for a year. A token may now
 * not claim to be issued (`iat`) or to start (`nbf`) beyond the clock tolerance in the future, and
 * it may not be valid for more than 24 h from the moment it is used, whatever it says about itself.
 * The identity-provider access tokens behind the SDK exchange get the same `iat`/`nbf` checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, type JWTPayload } from 'jose';
import { devIdpIssuer, devIdpKeyStore } from '../auth/dev-idp-keys.ts';
import { API, TEST_PUBLIC_URL, TEST_SDK_ORIGIN, createTestServer, type TestServer } from '../testing/support.ts';

const DAY_S = 24 * 3600;
const YEAR_S = 365 * DAY_S;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const nowS = () => Math.floor(s.clock.now() / 1000);
const exchange = async (claims: JWTPayload) => s.request('POST', `${API}/auth/exchange`, { body: { token: await s.customerJwt(claims) } });

async function expectRefused(claims: JWTPayload, fragment: RegExp) {
  const res = await exchange(claims);
  expect(res.status).toBe(401);
  expect(res.body.error.code).toBe('unauthorized');
  expect(res.body.error.message).toMatch(/^Customer token refused: /);
  expect(res.body.error.message).toMatch(fragment);
}

describe('customer JWT: iat and nbf cannot push the lifetime cap into the future', () => {
  it('refuses a token issued a year ahead that expires a day after that (the year-long token)', async () => {
    const iat = nowS() + YEAR_S;
    await expectRefused({ sub: 'mallory', iat, exp: iat + DAY_S - 60 }, /iat is in the future/);
  });

  it('refuses an iat just beyond the 30 s clock tolerance, accepts one within it', async () => {
    await expectRefused({ sub: 'mallory', iat: nowS() + 31, exp: nowS() + 600 }, /iat is in the future/);
    expect((await exchange({ sub: 'skewed-clock', iat: nowS() + 29, exp: nowS() + 600 })).status).toBe(200);
  });

  it('refuses an nbf beyond the clock tolerance', async () => {
    await expectRefused({ sub: 'mallory', iat: nowS(), nbf: nowS() + 3600, exp: nowS() + 7200 }, /nbf is in the future/);
    expect((await exchange({ sub: 'skewed-clock', iat: nowS(), nbf: nowS() + 20, exp: nowS() + 600 })).status).toBe(200);
  });

  it('caps the lifetime by the time of use: exp at most 24 h (+ tolerance) from now', async () => {
    // No iat at all: nothing to measure from but now.
    await expectRefused({ sub: 'mallory', exp: nowS() + YEAR_S }, /24 hours/);
    await expectRefused({ sub: 'mallory', iat: nowS(), exp: nowS() + DAY_S + 31 }, /24 hours/);
    expect((await exchange({ sub: 'day-long', iat: nowS(), exp: nowS() + DAY_S })).status).toBe(200);
  });

  it('keeps refusing exp − iat beyond 24 h (an old iat with a long tail)', async () => {
    await expectRefused({ sub: 'mallory', iat: nowS() - 3600, exp: nowS() + DAY_S - 60 }, /24 hours/);
  });

  it('refuses a non-numeric iat or nbf', async () => {
    await expectRefused({ sub: 'mallory', iat: 'soon' as unknown as number, exp: nowS() + 600 }, /iat/);
    await expectRefused({ sub: 'mallory', nbf: 'later' as unknown as number, exp: nowS() + 600 }, /nbf/);
  });

  it('refuses absurd times with a 401, not a server error', async () => {
    await expectRefused({ sub: 'mallory', iat: 1e300, exp: 1e300 }, /iat is in the future/);
    await expectRefused({ sub: 'mallory', exp: 1e300 }, /24 hours/);
    await expectRefused({ sub: 'mallory', iat: -1e300, exp: nowS() + 600 }, /24 hours/);
  });

  it('a refused token creates no user', async () => {
    const iat = nowS() + YEAR_S;
    await exchange({ sub: 'ghost-of-the-future', iat, exp: iat + 600 });
    const rows = await s.db.query("SELECT 1 FROM users WHERE external_id = 'ghost-of-the-future'");
    expect(rows).toHaveLength(0);
  });
});

describe('identity-provider access token: iat and nbf in the future are refused', () => {
  const sdkBody = (n: number) => ({
    publicKey: s.seed.publicKey,
    markupId: s.seed.markupId,
    sdkOrigin: TEST_SDK_ORIGIN,
    state: `state-jwt-lifetime-${n}-abcdefghijklmnop`,
  });

  /** A dev-IdP access token with chosen times, signed with the server's own dev-IdP key. */
  async function devToken(times: { iat?: number; nbf?: number; exp: number }): Promise<string> {
    const key = await devIdpKeyStore(s.db, s.clock)();
    const jwt = new SignJWT({ name: 'Future Fred', email: 'fred@example.com', token_use: 'access', ...times })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer(devIdpIssuer(TEST_PUBLIC_URL))
      .setAudience('pinmark')
      .setSubject('dev_future_fred');
    return jwt.sign(key.privateKey);
  }

  async function sdkExchange(token: string, n: number) {
    return s.request('POST', `${API}/auth/sdk-exchange`, { token, body: sdkBody(n), headers: { Origin: TEST_SDK_ORIGIN } });
  }

  it('refuses an iat a year ahead', async () => {
    const iat = nowS() + YEAR_S;
    const res = await sdkExchange(await devToken({ iat, exp: iat + 600 }), 1);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/^Identity-provider token refused: .*iat is in the future/);
  });

  it('refuses an nbf an hour ahead', async () => {
    const res = await sdkExchange(await devToken({ iat: nowS(), nbf: nowS() + 3600, exp: nowS() + 7200 }), 2);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/nbf is in the future/);
  });

  it('accepts a few seconds of skew', async () => {
    const res = await sdkExchange(await devToken({ iat: nowS() + 10, nbf: nowS() + 10, exp: nowS() + 600 }), 3);
    expect(res.status).toBe(200);
  });
});
