/**
 * Hole 1 of issue 13: the demo's customer backend (`POST /demo/customer-token`) minted a customer
 * JWT for whatever `externalId` anyone named, from any origin, in every configuration. An attacker
 * became any identified user of the demo installation: edited and deleted their messages and
 * renamed them. Now it is mounted only in the demo, refuses other origins, and mints only for the
 * shopper of the asking browser (a cookie of its own); ids in the body are labels inside that browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { API, TEST_PUBLIC_URL, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

/** The victim's page sends its shop's customer id (old field) and label (new field) alike. */
const victimBody = { externalId: 'cust-1001', account: 'cust-1001', name: 'Mia Customer', email: 'mia@example.com' };
const ownPage = { Origin: TEST_PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' };

/** `name=value` of the response's Set-Cookie, as a browser would send it back. */
const cookieOf = (headers: Headers): string | undefined => headers.get('set-cookie')?.split(';')[0];

async function mint(body: object, headers: Record<string, string> = ownPage) {
  return s.request('POST', '/demo/customer-token', { body, headers });
}

async function exchange(token: string): Promise<{ exchangeToken: string; userId: string }> {
  const res = await s.request('POST', `${API}/auth/exchange`, { body: { token } });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('hole 1: POST /demo/customer-token', () => {
  it('refuses pages of other origins, and grants them no CORS', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://evil.example' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]) {
      const res = await mint(victimBody, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.text).not.toContain('token"');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await s.request('OPTIONS', '/demo/customer-token', {
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never mints for the person a caller names: another browser asking for the same id gets a user of its own', async () => {
    // Browser A: the shopper's own page. Its cookie is what identifies it from now on.
    const first = await mint(victimBody);
    expect(first.status).toBe(200);
    const victimCookie = cookieOf(first.headers);
    const victim = await exchange(first.body.token);
    const thread = (await s.request('POST', `${API}/threads`, { token: victim.exchangeToken, body: threadBody() })).body.data;
    const messageId: string = thread.messages[0].id;

    // Browser B: no cookie, same page, same body (and a new name, to rename the victim).
    const stolen = await mint({ ...victimBody, name: 'Mallory' });
    expect(stolen.status).toBe(200);
    const attacker = await exchange(stolen.body.token);
    expect(attacker.userId).not.toBe(victim.userId);
    expect(cookieOf(stolen.headers)).not.toBe(victimCookie);

    const edit = await s.request('PATCH', `${API}/messages/${messageId}`, { token: attacker.exchangeToken, body: { content: 'hijacked' } });
    expect(edit.status).toBe(403);
    expect((await s.request('DELETE', `${API}/messages/${messageId}`, { token: attacker.exchangeToken })).status).toBe(403);
    expect((await s.request('DELETE', `${API}/threads/${thread.id}`, { token: attacker.exchangeToken })).status).toBe(403);
    const seen = (await s.request('GET', `${API}/threads/${thread.id}`, { token: attacker.exchangeToken })).body.data;
    expect(seen.user).toMatchObject({ id: victim.userId, name: 'Mia Customer' });
    expect(seen.messages[0].message).not.toBe('hijacked');

    // Browser A comes back (a reload, a new tab): the same shopper, the same user.
    expect(victimCookie).toMatch(/^pinmark_demo_shopper=/);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(first.headers.get('set-cookie')).toMatch(/Path=\/demo/i);
    const again = await mint(victimBody, { ...ownPage, Cookie: victimCookie! });
    expect((await exchange(again.body.token)).userId).toBe(victim.userId);
  });

  it('ignores a forged cookie: it only ever names a shopper of its own', async () => {
    const forged = await mint(victimBody, { ...ownPage, Cookie: 'pinmark_demo_shopper=cust-1001' });
    expect(forged.status).toBe(200);
    expect(cookieOf(forged.headers)).not.toBe('pinmark_demo_shopper=cust-1001');
  });

  it('is a 404 JSON when the server is not a demo (production)', async () => {
    const app = createApp({ ...s.deps, config: { ...s.deps.config, demo: false, production: true } });
    const res = await app.request('/demo/customer-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...ownPage },
      body: JSON.stringify(victimBody),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No endpoint POST /demo/customer-token' } });
    expect(res.headers.get('set-cookie')).toBeNull();
    // Just what a path that never existed answers.
    const unknown = await app.request('/demo/no-such-route', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: 'No endpoint POST /demo/no-such-route' } });
  });
});
