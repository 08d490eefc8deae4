/**
 * The review app's installation endpoints (issue 16): every member reads the public keys and
 * allowed origins of the workspace's installations; owners, admins and API keys allow another
 * origin (kept as an origin, once); reviewers, contributors and other workspaces get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignMarkup, signInMember } from '../testing/review-app.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
let member: { memberToken: string; userId: string };

beforeAll(async () => {
  s = await createTestServer();
  member = await signInMember(s, 'Ivo Installer', 'ivo@example.com');
});
afterAll(async () => {
  await s.close();
});

describe('installations', () => {
  it('shows every member the public key and allowed origins', async () => {
    const res = await s.request('GET', `${API}/installations`, { token: member.memberToken });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.installations).toEqual([
      {
        id: expect.any(String),
        publicKey: s.seed.publicKey,
        allowedOrigins: expect.any(Array),
        // Issue 18: guest reporting is off until switched on.
        guestReporting: false,
        guestDailyThreadCap: 50,
        createdAt: expect.any(Number),
      },
    ]);
  });

  it('lets an admin allow an origin, cut to its origin and kept once', async () => {
    const id = (await s.request('GET', `${API}/installations`, { token: member.memberToken })).body.data.installations[0].id;
    const allow = (origin: string, token = member.memberToken) =>
      s.request('POST', `${API}/installations/${id}/origins`, { token, body: { origin } });
    const first = await allow('https://www.customer.example/some/page?x=1');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.allowedOrigins).toContain('https://www.customer.example');
    const again = await allow('https://www.customer.example');
    expect(again.body.data.allowedOrigins.filter((o: string) => o === 'https://www.customer.example')).toHaveLength(1);
    // The widget on that origin may now sign reviewers in.
    const config = await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}&origin=https://www.customer.example`);
    expect(config.body.data.originAllowed).toBe(true);

    for (const bad of ['javascript:alert(1)', 'ftp://files.example', 'not a url', '']) {
      const res = await allow(bad);
      expect(res.status, bad).toBe(422);
    }
    await s.db.query(`UPDATE workspace_members SET role = 'contributor' WHERE user_id = $1`, [member.userId]);
    expect((await allow('https://contributor.example')).status).toBe(403);
    await s.db.query(`UPDATE workspace_members SET role = 'admin' WHERE user_id = $1`, [member.userId]);
    const reviewer = await s.exchangeToken();
    expect((await allow('https://reviewer.example', reviewer.token)).status).toBe(403);
    expect((await s.request('GET', `${API}/installations`, { token: reviewer.token })).status).toBe(403);
  });

  it('never reaches another workspace’s installation', async () => {
    const other = { id: (await foreignMarkup(s, 'Else')).workspaceId };
    const [row] = await s.db.query<{ id: string }>(
      `INSERT INTO installations (id, workspace_id, public_key, expected_aud, expected_iss, jwt_alg, public_jwk, created_at, modified_at)
       VALUES (gen_random_uuid(), $1, 'pmk_other', 'aud-other', 'iss', 'ES256', '{}', now(), now()) RETURNING id`,
      [other.id],
    );
    const res = await s.request('POST', `${API}/installations/${row!.id}/origins`, {
      token: member.memberToken,
      body: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(404);
    expect((await s.request('GET', `${API}/installations?workspaceId=${other.id}`, { token: member.memberToken })).status).toBe(404);
  });
});
