/**
 * Hole 4 of issue 13: identities from outside could land on internal users. An API key's service
 * user was the row with `external_id = 'api_key:<key id>'`, the same column and unique key as a
 * customer JWT's `sub`, so a customer token with that `sub` signed in *as* the service user (its
 * threads, its name), and a `sub` registered before the key ever wrote took the key's writes over.
 * Service users now live in a column of their own (migration 0013): no external id, IdP subject
 * or member can map onto them, and the external-users API only ever reaches external users.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { serviceUserFor, upsertExternalUser } from '../model/users.ts';
import { createApiKey } from '../seed.ts';
import { API, createTestPostgresDatabase, createTestServer, onPostgres, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let keyId: string;
/** The service user of the demo workspace key, and a thread and message it wrote. */
let service: { userId: string; threadId: string; messageId: string };

const keyIdOf = async (name: string) => (await s.db.query<{ id: string }>('SELECT id FROM api_keys WHERE name = $1', [name]))[0]!.id;
const asKey = (token: string, path: string) => s.request('GET', `${API}${path}`, { token });

beforeAll(async () => {
  s = await createTestServer();
  keyId = await keyIdOf('Demo workspace key');
  const thread = await s.request('POST', `${API}/threads`, {
    token: s.seed.workspaceApiKey,
    body: threadBody({ projectId: s.seed.markupId }),
  });
  expect(thread.status).toBe(200);
  service = { userId: thread.body.data.user.id, threadId: thread.body.data.id, messageId: thread.body.data.messages[0].id };
});
afterAll(async () => {
  await s.close();
});

describe("a customer JWT cannot sign in as an API key's service user", () => {
  it('sub "api_key:<key id>" gets a user of its own, not the service user', async () => {
    const mallory = await s.exchangeToken({ sub: `api_key:${keyId}`, name: 'Mallory', email: 'mallory@evil.example' });
    expect(mallory.userId).not.toBe(service.userId);
    // The service user keeps its name and gains no address; the thread keeps its author.
    const thread = await asKey(s.seed.workspaceApiKey, `/threads/${service.threadId}`);
    expect(thread.body.data.user).toMatchObject({ id: service.userId, name: 'Demo workspace key' });
    expect(thread.body.data.user.email).toBeUndefined();
    // …and Mallory cannot change what the key wrote.
    const edit = await s.request('PATCH', `${API}/messages/${service.messageId}`, { token: mallory.token, body: { content: 'pwned' } });
    expect(edit.status).toBe(403);
    expect((await s.request('DELETE', `${API}/messages/${service.messageId}`, { token: mallory.token })).status).toBe(403);
    expect((await s.request('DELETE', `${API}/threads/${service.threadId}`, { token: mallory.token })).status).toBe(403);
    const after = await asKey(s.seed.workspaceApiKey, `/threads/${service.threadId}`);
    expect(after.body.data.messages[0]).toMatchObject({ id: service.messageId, message: thread.body.data.messages[0].message });
    // The key still writes as its own service user.
    const reply = await s.request('POST', `${API}/threads/${service.threadId}/messages`, {
      token: s.seed.workspaceApiKey,
      body: { content: 'still me' },
    });
    expect(reply.body.data.user.id).toBe(service.userId);
  });

  it('a sub registered before a new key first writes does not take over its writes', async () => {
    const fresh = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: s.seed.organizationId,
      workspaceId: s.seed.workspaceId,
      name: 'Fresh key',
      now: s.clock.now(),
    });
    const squatter = await s.exchangeToken({ sub: `api_key:${await keyIdOf('Fresh key')}`, name: 'Squatter' });
    const thread = await s.request('POST', `${API}/threads`, { token: fresh, body: threadBody({ projectId: s.seed.markupId }) });
    expect(thread.status).toBe(200);
    expect(thread.body.data.user.id).not.toBe(squatter.userId);
    expect(thread.body.data.user.name).toBe('Fresh key');
    const messageId = thread.body.data.messages[0].id;
    expect(
      (await s.request('PATCH', `${API}/messages/${messageId}`, { token: squatter.token, body: { content: 'mine now' } })).status,
    ).toBe(403);
    // The squatter's own profile was not renamed to the key either.
    const own = await s.request('GET', `${API}/users/external/${encodeURIComponent(`api_key:${await keyIdOf('Fresh key')}`)}`, {
      token: s.seed.workspaceApiKey,
    });
    expect(own.body.data).toMatchObject({ id: squatter.userId, name: 'Squatter' });
  });

  it("no other kind collides either: a sub equal to a member's id or address, or an IdP subject, is a new external user", async () => {
    const owner = (await s.db.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE kind = 'member'"))[0]!;
    const idpSubject = 'dev_someone';
    const idp = await s.db.query<{ id: string }>(
      `INSERT INTO users (id, workspace_id, kind, idp_issuer, idp_subject, name, created_at, modified_at)
       VALUES (gen_random_uuid(), $1, 'idp', 'http://localhost:8787/idp', $2, 'Idp Person', now(), now()) RETURNING id`,
      [s.seed.workspaceId, idpSubject],
    );
    const internal = new Set([owner.id, idp[0]!.id, service.userId]);
    for (const sub of [owner.id, owner.email, idpSubject, `member:${owner.id}`, `service:${keyId}`]) {
      const { userId } = await s.exchangeToken({ sub, name: 'Impostor' });
      expect(internal.has(userId), sub).toBe(false);
    }
    const names = await s.db.query<{ name: string }>('SELECT name FROM users WHERE id = ANY($1::uuid[]) ORDER BY name', [[...internal]]);
    expect(names.map((n) => n.name)).toEqual(['Demo Owner', 'Demo workspace key', 'Idp Person']);
  });
});

describe('the external-users API cannot touch a service user', () => {
  const ext = (externalId: string) => `${API}/users/external/${encodeURIComponent(externalId)}`;

  it('creating, renaming and deleting "api_key:<key id>" acts on an external user of that id only', async () => {
    const id = `api_key:${keyId}`;
    const created = await s.request('POST', `${API}/users/external`, {
      token: s.seed.workspaceApiKey,
      body: { externalId: id, name: 'Renamed' },
    });
    // Mallory's exchange above already made the external user; creating it again is the usual 409.
    expect(created.status).toBe(409);
    const read = await s.request('GET', ext(id), { token: s.seed.workspaceApiKey });
    expect(read.status).toBe(200);
    expect(read.body.data.id).not.toBe(service.userId);
    expect(
      (await s.request('PATCH', ext(id), { token: s.seed.workspaceApiKey, body: { name: 'Renamed', email: 'x@evil.example' } })).status,
    ).toBe(204);
    expect((await s.request('DELETE', ext(id), { token: s.seed.workspaceApiKey })).status).toBe(204);
    const thread = await asKey(s.seed.workspaceApiKey, `/threads/${service.threadId}`);
    expect(thread.body.data.user).toMatchObject({ id: service.userId, name: 'Demo workspace key' });
    expect(thread.body.data.user.email).toBeUndefined();
    const row = await s.db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = $1', [service.userId]);
    expect(row[0]!.deleted_at).toBeNull();
  });

  it("a service user's id is not an external id: reading it by its old form or its user id is 404", async () => {
    expect((await s.request('GET', ext(service.userId), { token: s.seed.workspaceApiKey })).status).toBe(404);
    const other = `api_key:${await keyIdOf('Demo organization key')}`;
    expect((await s.request('GET', ext(other), { token: s.seed.workspaceApiKey })).status).toBe(404);
    expect((await s.request('DELETE', ext(other), { token: s.seed.workspaceApiKey })).status).toBe(404);
  });
});

describe('the schema keeps the namespaces apart', () => {
  it('refuses a row that is internal but holds an external id, or external with an API key', async () => {
    const insert = (kind: string, column: string, value: string) =>
      s.db.query(
        `INSERT INTO users (id, workspace_id, kind, ${column}, name, created_at, modified_at) VALUES (gen_random_uuid(), $1, $2, $3, 'x', now(), now())`,
        [s.seed.workspaceId, kind, value],
      );
    await expect(insert('service', 'external_id', `api_key:${keyId}`)).rejects.toThrow();
    await expect(insert('member', 'external_id', 'someone')).rejects.toThrow();
    await expect(insert('external', 'api_key_id', keyId)).rejects.toThrow();
    await expect(insert('external', 'idp_subject', 'dev_x')).rejects.toThrow();
  });
});

describe('migration 0013 on a database written before it', () => {
  /** An empty database of this run's driver, migrated up to (not including) 0013. */
  async function databaseBefore0013(): Promise<{ db: Db; close: () => Promise<void> }> {
    const before = loadMigrations().filter((m) => m.version < '0013');
    if (!onPostgres) {
      const db = await openPglite();
      await migrate(db, before);
      return { db, close: () => db.close() };
    }
    const created = await createTestPostgresDatabase({ empty: true });
    if (!created) throw new Error('no PostgreSQL');
    const db = await openPostgres(created.url);
    await migrate(db, before);
    return { db, close: async () => (await db.close(), await created.drop()) };
  }

  it('moves service users to their own key, keeps their threads, and repairs what a collision changed', async () => {
    const { db, close } = await databaseBefore0013();
    try {
      const [org, ws, root, archive, markup, key, svc, ext, thread] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ] as const;
      const at = '2025-01-01T00:00:00Z';
      // The old schema, written as the old code wrote it: the service user keyed by external_id, and
      // renamed and given an address by a customer JWT that signed in as it.
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO organizations (id, name, created_at, modified_at) VALUES ($1, $2, $3, $3)', [org, 'Org', at]);
        await tx.query(
          'INSERT INTO workspaces (id, organization_id, name, root_folder_id, archive_folder_id, created_at, modified_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
          [ws, org, 'Ws', root, archive, at],
        );
        await tx.query(
          `INSERT INTO folders (id, workspace_id, kind, name, created_at, modified_at) VALUES ($1, $3, 'root', 'Root', $4, $4), ($2, $3, 'archive', 'Archive', $4, $4)`,
          [root, archive, ws, at],
        );
      });
      await db.query(
        `INSERT INTO markups (id, workspace_id, folder_id, type, name, url, markup_url, created_at, modified_at) VALUES ($1, $2, $3, 'webpage', 'M', 'https://a.example/', 'https://a.example/', $4, $4)`,
        [markup, ws, root, at],
      );
      await db.query(
        `INSERT INTO api_keys (id, kind, organization_id, workspace_id, name, token_hash, token_prefix, created_at) VALUES ($1, 'workspace', $2, $3, 'CI key', 'hash', 'pmk_', $4)`,
        [key, org, ws, at],
      );
      await db.query(
        `INSERT INTO users (id, workspace_id, kind, external_id, name, email, created_at, modified_at) VALUES
         ($1, $3, 'service', $4, 'Mallory', 'mallory@evil.example', $5, $5), ($2, $3, 'external', 'customer-1', 'Casey', 'casey@c.example', $5, $5)`,
        [svc, ext, ws, `api_key:${key}`, at],
      );
      await db.query(
        `INSERT INTO threads (id, markup_id, number, type, author_user_id, created_at, modified_at, last_activity_at) VALUES ($1, $2, 1, 'webpage', $3, $4, $4, $4)`,
        [thread, markup, svc, at],
      );
      await db.query(
        `INSERT INTO messages (id, thread_id, author_user_id, delta, plain_text, created_at, modified_at) VALUES ($1, $2, $3, '{"ops":[]}', '', $4, $4)`,
        [randomUUID(), thread, svc, at],
      );
      await db.query(
        `INSERT INTO exchange_tokens (id, token_hash, workspace_id, user_id, markup_id, source, expires_at, created_at) VALUES ($1, 'h1', $2, $3, $4, 'customer_jwt', '2999-01-01T00:00:00Z', $5)`,
        [randomUUID(), ws, svc, markup, at],
      );

      expect(await migrate(db)).toContain('0013_identity_namespaces');

      const users = await db.query<{
        id: string;
        kind: string;
        external_id: string | null;
        api_key_id: string | null;
        name: string;
        email: string | null;
      }>('SELECT id, kind, external_id, api_key_id, name, email FROM users ORDER BY kind');
      expect(users).toEqual([
        { id: ext, kind: 'external', external_id: 'customer-1', api_key_id: null, name: 'Casey', email: 'casey@c.example' },
        { id: svc, kind: 'service', external_id: null, api_key_id: key, name: 'CI key', email: null },
      ]);
      expect((await db.query<{ author_user_id: string }>('SELECT author_user_id FROM threads'))[0]!.author_user_id).toBe(svc);
      expect((await db.query<{ author_user_id: string }>('SELECT author_user_id FROM messages'))[0]!.author_user_id).toBe(svc);
      expect((await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM exchange_tokens'))[0]!.revoked_at).not.toBeNull();
      // The key keeps writing as the same author; its old external id is now just a customer's id.
      expect(await serviceUserFor(db, ws, { keyId: key, keyName: 'CI key' }, Date.now())).toBe(svc);
      const customer = await upsertExternalUser(db, ws, `api_key:${key}`, { name: 'Mallory' }, Date.now());
      expect(customer).not.toBe(svc);
      expect(await upsertExternalUser(db, ws, 'customer-1', { name: 'Casey' }, Date.now())).toBe(ext);
    } finally {
      await close();
    }
  });
});
