/**
 * Hole 2 of issue 13: the development sign-in (`POST /idp/token`) derived the user from the e-mail
 * address alone, so typing someone else's address signed in as them, comments and all. Now the
 * subject is bound to a secret cookie of the browser that signed in: the same browser gets the same
 * user again, another browser typing the same address gets a new user, and the address is never
 * "verified", so it cannot earn anything its owner has (membership, authorship, invitations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createApp } from '../app.ts';
import { API, TEST_PUBLIC_URL, TEST_SDK_ORIGIN, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const popup = { Origin: TEST_PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' };
const cookieOf = (headers: Headers): string | undefined => headers.get('set-cookie')?.split(';')[0];

let stateCounter = 0;
/** What the sign-in popup does: an access token from /idp/token, then the SDK exchange. */
async function signIn(who: { name: string; email: string }, cookie?: string) {
  const token = await s.request('POST', '/idp/token', { body: who, headers: cookie ? { ...popup, Cookie: cookie } : popup });
  expect(token.status).toBe(200);
  stateCounter += 1;
  const exchanged = await s.request('POST', `${API}/auth/sdk-exchange`, {
    token: token.body.accessToken,
    headers: popup,
    body: {
      publicKey: s.seed.publicKey,
      markupId: s.seed.markupId,
      sdkOrigin: TEST_SDK_ORIGIN,
      state: `dev-sign-in-attack-${stateCounter}-abcdefghijkl`,
    },
  });
  expect(exchanged.status).toBe(200);
  const data = exchanged.body.data as { exchangeToken: string; userId: string; name: string };
  return {
    ...data,
    accessToken: token.body.accessToken as string,
    setCookie: token.headers.get('set-cookie'),
    cookie: cookieOf(token.headers) ?? cookie,
  };
}

describe('hole 2: the development sign-in', () => {
  it("never hands an existing person's identity to another browser typing their address", async () => {
    const vera = { name: 'Vera Victim', email: 'vera@example.com' };
    const victim = await signIn(vera);
    const thread = (await s.request('POST', `${API}/threads`, { token: victim.exchangeToken, body: threadBody() })).body.data;
    const messageId: string = thread.messages[0].id;

    // Browser B, without A's cookie, types A's name and address.
    const attacker = await signIn(vera);
    expect(attacker.userId).not.toBe(victim.userId);
    expect(attacker.cookie).not.toBe(victim.cookie);
    expect(decodeJwt(attacker.accessToken).sub).not.toBe(decodeJwt(victim.accessToken).sub);
    expect(
      (await s.request('PATCH', `${API}/messages/${messageId}`, { token: attacker.exchangeToken, body: { content: 'hijacked' } })).status,
    ).toBe(403);
    expect((await s.request('DELETE', `${API}/messages/${messageId}`, { token: attacker.exchangeToken })).status).toBe(403);
    expect((await s.request('DELETE', `${API}/threads/${thread.id}`, { token: attacker.exchangeToken })).status).toBe(403);
    const seen = (await s.request('GET', `${API}/threads/${thread.id}`, { token: attacker.exchangeToken })).body.data;
    expect(seen.user.id).toBe(victim.userId);
    expect(seen.user.email).toBeUndefined();
    expect(seen.scopes).not.toContain('delete-thread');
    expect(seen.messages[0].scopes).toEqual([]);

    // Browser A again (a reload, a new tab, the address typed differently): the same user.
    const back = await signIn({ name: 'Vera V.', email: ' VERA@example.com' }, victim.cookie);
    expect(back.userId).toBe(victim.userId);
    expect(back.cookie).toBe(victim.cookie);
    // The browser's secret: this server's pages only, never readable by script.
    expect(victim.setCookie).toMatch(/^pinmark_dev_id=[^;]+;/);
    expect(victim.setCookie).toMatch(/HttpOnly/i);
    expect(victim.setCookie).toMatch(/SameSite=Strict/i);
    expect(victim.setCookie).toMatch(/Path=\/idp/i);
    expect(victim.setCookie).not.toMatch(/Secure/i);
  });

  it("earns nothing by typing a member's address: not verified, not a member", async () => {
    const owner = 'owner@demo.pinmark.test';
    const impostor = await signIn({ name: 'Demo Owner', email: owner });
    expect(decodeJwt(impostor.accessToken).email_verified).not.toBe(true);
    const thread = (await s.request('POST', `${API}/threads`, { token: impostor.exchangeToken, body: threadBody() })).body.data;
    expect(thread.user).toMatchObject({ id: impostor.userId, guest: true });
    const members = (await s.request('GET', `${API}/users`, { token: s.seed.workspaceApiKey })).body.data.users as {
      id: string;
      email: string;
    }[];
    expect(members.map((m) => m.email)).toEqual([owner]);
    expect(members.map((m) => m.id)).not.toContain(impostor.userId);
  });

  it('refuses pages of other origins and ignores forged cookies', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://evil.example' },
      { Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]) {
      const res = await s.request('POST', '/idp/token', { body: { name: 'Eve', email: 'vera@example.com' }, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.accessToken).toBeUndefined();
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const forged = await s.request('POST', '/idp/token', {
      body: { name: 'Eve', email: 'vera@example.com' },
      headers: { ...popup, Cookie: 'pinmark_dev_id=short' },
    });
    expect(forged.status).toBe(200);
    expect(cookieOf(forged.headers)).not.toBe('pinmark_dev_id=short');
  });

  it('marks the cookie Secure when the server is reached over https', async () => {
    const publicUrl = 'https://pinmark.example';
    const app = createApp({ ...s.deps, config: { ...s.deps.config, publicUrl } });
    const res = await app.request(`${publicUrl}/idp/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: publicUrl },
      body: JSON.stringify({ name: 'Tess', email: 'tess@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});
