/**
 * §4.7 users endpoints through the HTTP app, for external users: their lifecycle (create, read,
 * update, delete), a live externalId only once, the record a customer JWT signs in as, every
 * validation refusal (422, nothing stored), and their scope per workspace and API key.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '../testing/support.ts';
import { usersServer } from './users-test-kit.ts';

const { s, wsKey, orgKey, reviewer, workspace } = await usersServer();
afterAll(async () => {
  await s.close();
});

describe('external users', () => {
  const ext = (id: string) => `${API}/users/external/${encodeURIComponent(id)}`;

  it('creates (204), reads (200), updates (204) and deletes (204) an external user', async () => {
    const created = await s.request('POST', `${API}/users/external`, {
      token: wsKey,
      body: { externalId: 'crm-1', email: 'Crm@Example.com', avatarUrl: 'https://cdn.example.com/a.png' },
    });
    expect(created.status).toBe(204);
    const read = await s.request('GET', ext('crm-1'), { token: wsKey });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      id: expect.any(String),
      externalId: 'crm-1',
      name: 'crm@example.com',
      email: 'crm@example.com',
      avatarUrl: 'https://cdn.example.com/a.png',
      avatarFileId: null,
      createdAt: s.clock.now(),
      modifiedAt: s.clock.now(),
    });
    s.clock.advance(500);
    expect((await s.request('PATCH', ext('crm-1'), { token: wsKey, body: { name: 'Cris', email: null } })).status).toBe(204);
    expect((await s.request('GET', ext('crm-1'), { token: wsKey })).body.data).toMatchObject({
      name: 'Cris',
      email: null,
      avatarUrl: 'https://cdn.example.com/a.png',
      modifiedAt: s.clock.now(),
    });
    expect((await s.request('DELETE', ext('crm-1'), { token: wsKey })).status).toBe(204);
    expect((await s.request('GET', ext('crm-1'), { token: wsKey })).status).toBe(404);
    expect((await s.request('DELETE', ext('crm-1'), { token: wsKey })).status).toBe(404);
    expect((await s.request('PATCH', ext('crm-1'), { token: wsKey, body: { name: 'X' } })).status).toBe(404);
    // Created again: the same record comes back with only the new profile.
    expect((await s.request('POST', `${API}/users/external`, { token: wsKey, body: { externalId: 'crm-1', name: 'Back' } })).status).toBe(
      204,
    );
    expect((await s.request('GET', ext('crm-1'), { token: wsKey })).body.data).toMatchObject({
      id: read.body.data.id,
      name: 'Back',
      email: null,
      avatarUrl: null,
    });
  });

  it('refuses a second create of a live externalId (409)', async () => {
    await s.request('POST', `${API}/users/external`, { token: wsKey, body: { externalId: 'dup' } });
    const again = await s.request('POST', `${API}/users/external`, { token: wsKey, body: { externalId: 'dup', name: 'Other' } });
    expect(again.status).toBe(409);
    expect((await s.request('GET', ext('dup'), { token: wsKey })).body.data.name).toBe('dup');
  });

  it('is the same record a customer JWT signs in as; deleting it revokes its exchange tokens', async () => {
    const signedIn = await s.exchangeToken({ sub: 'jwt-user', name: 'Jo', email: 'jo@example.com' });
    const read = await s.request('GET', ext('jwt-user'), { token: wsKey });
    expect(read.body.data).toMatchObject({ id: signedIn.userId, name: 'Jo', email: 'jo@example.com' });
    expect((await s.request('DELETE', ext('jwt-user'), { token: wsKey })).status).toBe(204);
    expect((await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: signedIn.token })).status).toBe(401);
  });

  it('validates every field (422, nothing stored)', async () => {
    const count = async () => (await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE kind = 'external'"))[0]!.n;
    const before = await count();
    for (const body of [
      {},
      { externalId: '' },
      { externalId: 7 },
      { externalId: 'x'.repeat(256) },
      { externalId: 'v', email: 'nope' },
      { externalId: 'v', avatarUrl: 'javascript:alert(1)' },
      { externalId: 'v', avatarFileId: 'not-a-uuid' },
      { externalId: 'v', avatarFileId: '00000000-0000-4000-8000-000000000000' },
      { externalId: 'v', avatarUrl: 'https://a.example/x.png', avatarFileId: '00000000-0000-4000-8000-000000000000' },
      { externalId: 'v', name: '' },
    ]) {
      const res = await s.request('POST', `${API}/users/external`, { token: wsKey, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await s.request('POST', `${API}/users/external`, { token: wsKey, rawBody: '{' })).status).toBe(400);
    expect(await count()).toBe(before);
    await s.request('POST', `${API}/users/external`, { token: wsKey, body: { externalId: 'patchme', name: 'Keep' } });
    for (const body of [{}, { name: null }, { email: 'bad' }, { avatarUrl: 5 }, { avatarFileId: 'x' }]) {
      expect((await s.request('PATCH', ext('patchme'), { token: wsKey, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await s.request('GET', ext('patchme'), { token: wsKey })).body.data.name).toBe('Keep');
  });

  it('keeps external users per workspace and to API keys', async () => {
    await s.request('POST', `${API}/users/external`, { token: wsKey, body: { externalId: 'scoped' } });
    const other = await workspace();
    expect((await s.request('GET', ext('scoped'), { token: other.key })).status).toBe(404);
    expect((await s.request('GET', ext('scoped'), { token: orgKey })).status).toBe(400);
    expect((await s.request('GET', `${ext('scoped')}?workspaceId=${s.seed.workspaceId}`, { token: orgKey })).status).toBe(200);
    expect((await s.request('GET', ext('scoped'), { token: reviewer.token })).status).toBe(403);
    expect((await s.request('POST', `${API}/users/external`, { token: reviewer.token, body: { externalId: 'r' } })).status).toBe(403);
    expect((await s.request('GET', ext('api_key:whatever'), { token: wsKey })).status).toBe(404);
  });
});
