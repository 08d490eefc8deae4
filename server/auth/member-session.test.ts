/**
 * Members' sessions for the review app (issue 16), played by a member and by an attacker: who gets
 * one (the demo's development sign-in, a verified address with an invitation, nobody else in
 * production), what it reaches (its workspace only), what its role allows, and that removal,
 * expiry and sign-out end it at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createApp } from '../app.ts';
import { foreignMarkup } from '../testing/review-app.ts';
import { API, TEST_PUBLIC_URL, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { MEMBER_SESSION_TTL_MS } from './member-session.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const ownOrigin = { Origin: new URL(TEST_PUBLIC_URL).origin, 'Sec-Fetch-Site': 'same-origin' };

async function signIn(idpToken: string, body: Record<string, unknown> = {}, app = s.app) {
  const response = await app.request(`${API}/auth/member-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idpToken}`, 'Content-Type': 'application/json', ...ownOrigin },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('POST /auth/member-session in the demo', () => {
  it('lets the development sign-in into the demo workspace as an admin, acting as that person', async () => {
    const res = await signIn(await s.idpAccessToken('Mia Member', 'mia@example.com'));
    expect(res.status).toBe(200);
    const session = res.body.data;
    expect(session).toMatchObject({ workspaceId: s.seed.workspaceId, role: 'admin', name: 'Mia Member' });
    expect(session.memberToken).toMatch(/^pmm_/);
    expect(session.workspaces).toEqual([{ id: s.seed.workspaceId, name: expect.any(String), role: 'admin' }]);

    const created = await s.request('POST', `${API}/threads`, {
      token: session.memberToken,
      body: threadBody({ projectId: s.seed.markupId }),
    });
    expect(created.status).toBe(200);
    expect(created.body.data.user).toMatchObject({ id: session.userId, name: 'Mia Member' });
    const list = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: session.memberToken });
    expect(list.status).toBe(200);
    expect(list.body.data.threads.map((t: { id: string }) => t.id)).toContain(created.body.data.id);
  });

  it('signs the same person in again as the same user, and out with DELETE', async () => {
    const idp = await s.idpAccessToken('Sam Same', 'sam@example.com');
    const first = (await signIn(idp)).body.data;
    const second = (await signIn(idp)).body.data;
    expect(second.userId).toBe(first.userId);
    expect(second.memberToken).not.toBe(first.memberToken);
    const out = await s.request('DELETE', `${API}/auth/member-session`, { token: first.memberToken });
    expect(out.status).toBe(204);
    const after = await s.request('GET', `${API}/workspace`, { token: first.memberToken });
    expect(after.status).toBe(401);
    expect((await s.request('GET', `${API}/workspace`, { token: second.memberToken })).status).toBe(200);
  });
});

describe('member sessions, played by an attacker', () => {
  it('answers only this server’s own pages', async () => {
    const response = await s.app.request(`${API}/auth/member-session`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await s.idpAccessToken()}`, 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('limits sign-ins with one identity token to 60 a minute, like the other exchanges', async () => {
    const idp = await s.idpAccessToken('Flo Flood', 'flo@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await signIn(idp)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('refuses exchange tokens, API keys and member sessions in place of an identity', async () => {
    const member = (await signIn(await s.idpAccessToken())).body.data.memberToken;
    for (const token of [(await s.exchangeToken()).token, s.seed.workspaceApiKey, member]) {
      const res = await signIn(token);
      expect(res.status, token.slice(0, 4)).toBe(401);
    }
    const mint = await s.request('POST', `${API}/auth/sdk-exchange`, {
      token: member,
      body: { publicKey: s.seed.publicKey, markupId: s.seed.markupId, sdkOrigin: TEST_PUBLIC_URL },
    });
    expect(mint.status).toBe(401);
  });

  it('reaches nothing of another workspace, and no admin endpoint', async () => {
    const member = (await signIn(await s.idpAccessToken())).body.data.memberToken;
    const { workspaceId: otherId, markupId } = await foreignMarkup(s, 'Other org');
    expect((await s.request('GET', `${API}/threads?markupId=${markupId}`, { token: member })).status).toBe(404);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: member })).status).toBe(404);
    expect((await s.request('GET', `${API}/workspace?workspaceId=${otherId}`, { token: member })).status).toBe(404);
    expect((await signIn(await s.idpAccessToken(), { workspaceId: otherId })).status).toBe(403);
    expect((await s.request('GET', `${API}/webhook-registrations`, { token: member })).status).toBe(403);
  });

  it('reads the workspace’s markups, members and metrics, but changes no settings', async () => {
    const member = (await signIn(await s.idpAccessToken('Rhea Reader', 'rhea@example.com'))).body.data;
    const token = member.memberToken;
    const markups = await s.request('GET', `${API}/markups?workspaceId=${member.workspaceId}`, { token });
    expect(markups.status).toBe(200);
    expect(markups.body.data.data.map((m: { id: string }) => m.id)).toContain(s.seed.markupId);
    const search = await s.request('GET', `${API}/markups/search?query=demo&workspaceId=${member.workspaceId}`, { token });
    expect(search.status, search.text).toBe(200);
    const users = await s.request('GET', `${API}/users`, { token });
    expect(users.status).toBe(200);
    expect(users.body.data.users.map((u: { id: string }) => u.id)).toContain(member.userId);
    const range = 'startDate=2026-01-01&endDate=2026-01-02';
    const metrics = await s.request('GET', `${API}/product-metrics/user?${range}`, { token });
    expect(metrics.status, metrics.text).toBe(200);
    expect((await s.request('POST', `${API}/users/invite`, { token, body: { emails: ['x@example.com'] } })).status).toBe(403);
    expect((await s.request('PATCH', `${API}/markups/${s.seed.markupId}/read-only`, { token, body: { readOnly: true } })).status).toBe(403);
    // Reviewers still read none of it.
    const reviewer = (await s.exchangeToken()).token;
    for (const path of [`/markups?workspaceId=${s.seed.workspaceId}`, '/users', `/product-metrics/user?${range}`]) {
      expect((await s.request('GET', `${API}${path}`, { token: reviewer })).status, path).toBe(403);
    }
  });

  it('lets owners and admins shape the workspace (folders, markups from a URL); contributors only read it', async () => {
    const member = (await signIn(await s.idpAccessToken('Ada Admin', 'ada@example.com'))).body.data;
    const token = member.memberToken;
    const rows = await s.db.query<{ root_folder_id: string }>('SELECT root_folder_id FROM workspaces WHERE id = $1', [member.workspaceId]);
    const root = rows[0]!.root_folder_id;
    const folder = await s.request('POST', `${API}/items`, { token, body: { parentFolderId: root, name: 'Launch' } });
    expect(folder.status, folder.text).toBe(204);
    const listed = await s.request('GET', `${API}/items/${root}/items`, { token });
    expect(listed.status, listed.text).toBe(200);
    const markup = await s.request('POST', `${API}/markups/url`, { token, body: { url: 'https://launch.example/' } });
    expect(markup.status, markup.text).toBe(200);
    expect(markup.body.data.name).toBe('launch.example');

    await s.db.query(`UPDATE workspace_members SET role = 'contributor' WHERE user_id = $1`, [member.userId]);
    expect((await s.request('GET', `${API}/items/${root}/items`, { token })).status).toBe(200);
    expect((await s.request('POST', `${API}/items`, { token, body: { parentFolderId: root, name: 'Nope' } })).status).toBe(403);
    expect((await s.request('POST', `${API}/markups/url`, { token, body: { url: 'https://nope.example/' } })).status).toBe(403);
  });

  it('ends at once when the member is removed, and after 12 hours', async () => {
    const session = (await signIn(await s.idpAccessToken('Rita Removed', 'rita@example.com'))).body.data;
    // The thread list reuses a credential for a few seconds (server/http/caller.ts): not past a removal.
    const list = `${API}/threads?markupId=${s.seed.markupId}`;
    expect((await s.request('GET', list, { token: session.memberToken })).status).toBe(200);
    await s.db.query('DELETE FROM workspace_members WHERE user_id = $1', [session.userId]);
    expect((await s.request('GET', list, { token: session.memberToken })).status).toBe(401);
    const removed = await s.request('GET', `${API}/workspace`, { token: session.memberToken });
    expect(removed.status).toBe(401);
    expect(removed.body.error.message).toMatch(/no longer a member/);

    const later = (await signIn(await s.idpAccessToken('Eve Expiring', 'eve@example.com'))).body.data;
    s.clock.advance(MEMBER_SESSION_TTL_MS);
    const expired = await s.request('GET', `${API}/workspace`, { token: later.memberToken });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('token_expired');
  });

  it('lets a contributor change only what they wrote; an admin moderates', async () => {
    const author = await s.exchangeToken({ sub: 'thread-author', name: 'Thread Author' });
    const first = await s.request('POST', `${API}/threads`, { token: author.token, body: threadBody() });
    const second = await s.request('POST', `${API}/threads`, { token: author.token, body: threadBody() });
    const member = (await signIn(await s.idpAccessToken('Cora Contributor', 'cora@example.com'))).body.data;
    await s.db.query(`UPDATE workspace_members SET role = 'contributor' WHERE user_id = $1`, [member.userId]);
    const asContributor = await s.request('GET', `${API}/threads/${first.body.data.id}`, { token: member.memberToken });
    expect(asContributor.body.data.scopes).toEqual(['reply', 'resolve-thread']);
    expect((await s.request('DELETE', `${API}/threads/${first.body.data.id}`, { token: member.memberToken })).status).toBe(403);
    expect((await s.request('POST', `${API}/threads/${first.body.data.id}/resolve`, { token: member.memberToken })).status).toBe(200);

    await s.db.query(`UPDATE workspace_members SET role = 'admin' WHERE user_id = $1`, [member.userId]);
    const asAdmin = await s.request('GET', `${API}/threads/${second.body.data.id}`, { token: member.memberToken });
    expect(asAdmin.body.data.scopes).toEqual(expect.arrayContaining(['delete-thread', 'update-thread']));
    expect((await s.request('DELETE', `${API}/threads/${second.body.data.id}`, { token: member.memberToken })).status).toBe(204);
  });
});

describe('POST /auth/member-session in production', () => {
  it('adds nobody by itself: the development sign-in is refused, a verified invitation is honoured', async () => {
    const idp = await oidcProvider();
    try {
      const app = createApp({ ...s.deps, config: { ...s.deps.config, demo: false, oidc: idp.config } });
      const stranger = await signIn(await s.idpAccessToken('Stan Stranger', 'stan@example.com'), {}, app);
      expect(stranger.status).toBe(403);
      expect(stranger.body.error.message).toMatch(/not a member of any workspace.*invitation/);

      await s.db.query(
        `INSERT INTO workspace_invitations (id, workspace_id, email, created_at) VALUES (gen_random_uuid(), $1, 'ivy@customer.example', now())`,
        [s.seed.workspaceId],
      );
      // The same address, not verified by the provider: still nobody.
      expect((await signIn(await idp.sign('ivy-unverified', 'ivy@customer.example', false), {}, app)).status).toBe(403);
      const invited = await signIn(await idp.sign('ivy', 'IVY@customer.example', true), {}, app);
      expect(invited.status).toBe(200);
      expect(invited.body.data).toMatchObject({ workspaceId: s.seed.workspaceId, role: 'contributor' });
      // The invitation is used up: another identity with the address gets nothing from it.
      expect((await signIn(await idp.sign('ivy-2', 'ivy@customer.example', true), {}, app)).status).toBe(403);
      expect((await signIn(await idp.sign('ivy', 'ivy@customer.example', true), {}, app)).body.data.userId).toBe(invited.body.data.userId);
    } finally {
      idp.close();
    }
  });
});

/** A customer's OIDC provider: its JWKS served on loopback, and access tokens it signs. */
async function oidcProvider() {
  const pair = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = 'https://login.customer.example';
  const config = { issuer, audience: 'pinmark-api', jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks` };
  const sign = (subject: string, email: string, emailVerified: boolean) =>
    new SignJWT({ name: subject, email, email_verified: emailVerified })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience('pinmark-api')
      .setSubject(subject)
      .setIssuedAt(Math.floor(s.clock.now() / 1000))
      .setExpirationTime(Math.floor(s.clock.now() / 1000) + 300)
      .sign(pair.privateKey);
  return { config, sign, close: () => server.close() };
}
