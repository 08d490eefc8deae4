/**
 * §4.7 users endpoints through the HTTP app, for workspace members: listing members, invitations
 * (limits, addresses, the verified-sender rule), roles and the last-owner rule, and removal; for
 * each, who may call it and every validation refusal (4xx JSON, nothing stored). External users
 * are in users-external.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization, createWorkspace } from '../seed.ts';
import { API } from '../testing/support.ts';
import { usersServer } from './users-test-kit.ts';

const { s, wsKey, orgKey, reviewer, invitationCount, workspace } = await usersServer();
afterAll(async () => {
  await s.close();
});

describe('GET /users', () => {
  it('lists the members with their roles and the pending invitations', async () => {
    const res = await s.request('GET', `${API}/users`, { token: wsKey });
    expect(res.status).toBe(200);
    expect(res.body.data.users).toContainEqual({
      id: expect.any(String),
      email: 'owner@demo.pinmark.test',
      name: 'Demo Owner',
      role: 'owner',
      avatarUrl: null,
      kind: 'member',
      emailVerified: true,
      createdAt: expect.any(Number),
      modifiedAt: expect.any(Number),
    });
    expect(res.body.data.invitations).toEqual(expect.any(Array));
    // Reviewers (external users) are not members.
    expect(res.body.data.users.map((u: { id: string }) => u.id)).not.toContain(reviewer.userId);
  });

  it('needs ?workspaceId from an organization key; refuses exchange tokens and missing credentials', async () => {
    expect((await s.request('GET', `${API}/users`, { token: orgKey })).status).toBe(400);
    expect((await s.request('GET', `${API}/users?workspaceId=${s.seed.workspaceId}`, { token: orgKey })).status).toBe(200);
    expect((await s.request('GET', `${API}/users?workspaceId=nope`, { token: orgKey })).status).toBe(404);
    const other = await createWorkspace(s.db, await createOrganization(s.db, 'O', s.clock.now()), 'O', s.clock.now());
    expect((await s.request('GET', `${API}/users?workspaceId=${other.id}`, { token: orgKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/users`, { token: reviewer.token })).status).toBe(403);
    expect((await s.request('GET', `${API}/users`)).status).toBe(401);
  });
});

describe('POST /users/invite', () => {
  const invite = (body: unknown, token = wsKey, query = '') => s.request('POST', `${API}/users/invite${query}`, { token, body });

  it('records one invitation per address (204), lowercased and deduplicated, skipping members', async () => {
    const res = await invite({
      emails: ['New.Person@Example.com', 'new.person@example.com', 'owner@demo.pinmark.test'],
      message: 'Join us',
    });
    expect(res.status).toBe(204);
    const list = (await s.request('GET', `${API}/users`, { token: wsKey })).body.data.invitations;
    const mine = list.filter((i: { email: string }) => i.email === 'new.person@example.com');
    expect(mine).toEqual([
      {
        id: expect.any(String),
        email: 'new.person@example.com',
        message: 'Join us',
        invitedByUserId: expect.any(String),
        createdAt: s.clock.now(),
      },
    ]);
    expect(list.map((i: { email: string }) => i.email)).not.toContain('owner@demo.pinmark.test');
  });

  it('renews an existing invitation instead of duplicating it', async () => {
    await invite({ emails: ['again@example.com'], message: 'first' });
    const before = await invitationCount();
    s.clock.advance(1000);
    expect((await invite({ emails: ['again@example.com'] })).status).toBe(204);
    expect(await invitationCount()).toBe(before);
    const row = (await s.request('GET', `${API}/users`, { token: wsKey })).body.data.invitations.find(
      (i: { email: string }) => i.email === 'again@example.com',
    );
    expect(row).toMatchObject({ message: null, createdAt: s.clock.now() });
  });

  it('validates the list: 1–25 valid addresses, a string message (422, nothing stored)', async () => {
    const before = await invitationCount();
    const many = Array.from({ length: 26 }, (_, i) => `p${i}@example.com`);
    for (const body of [
      {},
      { emails: [] },
      { emails: many },
      { emails: 'a@example.com' },
      { emails: ['ok@example.com', 'not-an-address'] },
      { emails: [42] },
      { emails: ['ok@example.com'], message: 5 },
      { emails: [`${'x'.repeat(250)}@example.com`] },
    ]) {
      const res = await invite(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const bad = await invite({ emails: ['ok@example.com', 'nope'] });
    expect(bad.body.error.details).toContainEqual({ path: 'emails.1', message: expect.any(String) });
    expect((await invite({ emails: Array.from({ length: 25 }, (_, i) => `max${i}@example.com`) })).status).toBe(204);
    expect(await invitationCount()).toBe(before + 25);
    expect((await s.request('POST', `${API}/users/invite`, { token: wsKey, rawBody: '{"emails":[' })).status).toBe(400);
  });

  it('refuses exchange tokens (403) and needs ?workspaceId from an organization key', async () => {
    expect((await invite({ emails: ['x@example.com'] }, reviewer.token)).status).toBe(403);
    expect((await invite({ emails: ['x@example.com'] }, orgKey)).status).toBe(400);
    expect((await invite({ emails: ['org@example.com'] }, orgKey, `?workspaceId=${s.seed.workspaceId}`)).status).toBe(204);
  });

  it('needs a verified owner to send in the name of (403 when every owner is unverified)', async () => {
    const unverified = await workspace([{ role: 'owner', verified: false }, { role: 'admin' }]);
    const res = await invite({ emails: ['x@example.com'] }, unverified.key);
    expect(res.status).toBe(403);
    expect(await invitationCount(unverified.id)).toBe(0);
    const verified = await workspace([{ role: 'owner', verified: false }, { role: 'owner' }]);
    expect((await invite({ emails: ['x@example.com'] }, verified.key)).status).toBe(204);
    const inv = (await s.request('GET', `${API}/users`, { token: verified.key })).body.data.invitations;
    expect(inv[0].invitedByUserId).toBe(verified.ids[1]);
  });

  it("lets a new workspace without owners invite in the key's name", async () => {
    const fresh = await workspace();
    expect((await invite({ emails: ['first@example.com'] }, fresh.key)).status).toBe(204);
    expect(await invitationCount(fresh.id)).toBe(1);
  });
});

describe('PATCH /users/:userId/role and DELETE /users/:userId', () => {
  const role = (id: string, body: unknown, token: string) => s.request('PATCH', `${API}/users/${id}/role`, { token, body });
  const roleOf = async (token: string, id: string) =>
    (await s.request('GET', `${API}/users`, { token })).body.data.users.find((u: { id: string }) => u.id === id)?.role;

  it('changes a role (204) and repeats harmlessly', async () => {
    const ws = await workspace([{ role: 'owner' }, { role: 'viewer' }]);
    expect((await role(ws.ids[1]!, { role: 'admin' }, ws.key)).status).toBe(204);
    expect(await roleOf(ws.key, ws.ids[1]!)).toBe('admin');
    expect((await role(ws.ids[1]!, { role: 'admin' }, ws.key)).status).toBe(204);
  });

  it('never leaves a workspace without an owner (409)', async () => {
    const ws = await workspace([{ role: 'owner' }, { role: 'contributor' }]);
    const demote = await role(ws.ids[0]!, { role: 'admin' }, ws.key);
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe('conflict');
    expect((await s.request('DELETE', `${API}/users/${ws.ids[0]}`, { token: ws.key })).status).toBe(409);
    expect((await role(ws.ids[1]!, { role: 'owner' }, ws.key)).status).toBe(204);
    expect((await role(ws.ids[0]!, { role: 'viewer' }, ws.key)).status).toBe(204);
    expect(await roleOf(ws.key, ws.ids[0]!)).toBe('viewer');
  });

  it('validates the role and the user id (422 / 404), changing nothing', async () => {
    const ws = await workspace([{ role: 'owner' }, { role: 'viewer' }]);
    for (const body of [{}, { role: 'superuser' }, { role: 1 }, { role: null }])
      expect((await role(ws.ids[1]!, body, ws.key)).status).toBe(422);
    expect(
      (
        await s.request('PATCH', `${API}/users/${ws.ids[1]}/role`, {
          token: ws.key,
          rawBody: 'role=admin',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect((await role('not-a-uuid', { role: 'admin' }, ws.key)).status).toBe(404);
    expect((await role('00000000-0000-4000-8000-000000000000', { role: 'admin' }, ws.key)).status).toBe(404);
    expect((await role(reviewer.userId, { role: 'admin' }, wsKey)).status).toBe(404);
    expect((await role(ws.ids[1]!, { role: 'admin' }, wsKey)).status).toBe(404);
    expect((await role(ws.ids[1]!, { role: 'admin' }, reviewer.token)).status).toBe(403);
    expect(await roleOf(ws.key, ws.ids[1]!)).toBe('viewer');
  });

  it('removes a member (204), keeping the user record; a second removal is 404', async () => {
    const ws = await workspace([{ role: 'owner' }, { role: 'contributor' }]);
    expect((await s.request('DELETE', `${API}/users/${ws.ids[1]}`, { token: ws.key })).status).toBe(204);
    expect(await roleOf(ws.key, ws.ids[1]!)).toBeUndefined();
    expect((await s.db.query('SELECT id FROM users WHERE id = $1', [ws.ids[1]])).length).toBe(1);
    expect((await s.request('DELETE', `${API}/users/${ws.ids[1]}`, { token: ws.key })).status).toBe(404);
    expect((await s.request('DELETE', `${API}/users/bad-id`, { token: ws.key })).status).toBe(404);
    expect((await s.request('DELETE', `${API}/users/${ws.ids[0]}`, { token: reviewer.token })).status).toBe(403);
    expect((await s.request('DELETE', `${API}/users/${ws.ids[0]}?workspaceId=${ws.id}`, { token: orgKey })).status).toBe(409);
  });
});
