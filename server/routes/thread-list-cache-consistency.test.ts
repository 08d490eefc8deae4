/**
 * The `GET /threads` response cache under races and revocation: a page whose reads straddled a
 * write is neither kept nor tagged, concurrent writes to one markup all commit, the markup's
 * threads version moves once per transaction to a value it never held, and a credential revoked
 * or expired since its last read is refused at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../auth/tokens.ts';
import { createApiKey, createWebpageMarkup } from '../seed.ts';
import { API, threadBody } from '../testing/support.ts';
import { threadListCacheServer } from './thread-list-cache-test-kit.ts';

const { s, alice, bob, apiKey, listUrl, createThread, list, threadIn, ok } = await threadListCacheServer();
afterAll(async () => {
  await s.close();
});

describe('GET /threads cache', () => {
  it('neither keeps nor tags a page whose reads straddled a write', async () => {
    const t = await createThread(alice.token);
    await list();
    await s.request('GET', `${API}/threads/${t.id}`, { token: alice.token });
    // Resolve the thread between the page query and the children query of the next miss.
    const query = s.db.query.bind(s.db);
    let armed = true;
    s.db.query = (async (sql: string, params?: unknown[]) => {
      if (armed && sql.includes("'elements'")) {
        armed = false;
        await query('UPDATE threads SET resolved = true WHERE id = $1', [t.id]);
      }
      return query(sql, params);
    }) as typeof s.db.query;
    try {
      await s.db.query('UPDATE thread_elements SET path = path WHERE thread_id = $1', [t.id]); // a miss next
      const straddled = await s.request('GET', listUrl, { token: alice.token });
      expect(straddled.status).toBe(200);
      expect(armed).toBe(false);
      expect(straddled.headers.get('etag')).toBeNull();
    } finally {
      s.db.query = query;
    }
    expect(threadIn((await list()).data, t.id).resolved).toBe(true);
  });

  it('lets concurrent writes to one markup all commit (no deadlock on the version row)', async () => {
    const targets = [await createThread(alice.token), await createThread(bob.token)];
    const writes = Array.from({ length: 24 }, (_, i) => {
      const t = targets[Math.floor(i / 4) % 2]!;
      const kind = i % 4;
      if (kind === 0) return s.request('POST', `${API}/threads/${t.id}/messages`, { token: alice.token, body: { content: `r${i}` } });
      if (kind === 1) return s.request('POST', `${API}/threads/${t.id}/resolve`, { token: bob.token });
      if (kind === 2) return s.request('POST', `${API}/threads/${t.id}/unresolve`, { token: alice.token });
      return s.request('POST', `${API}/threads`, { token: bob.token, body: threadBody() });
    });
    const statuses = (await Promise.all(writes)).map((r) => r.status);
    expect(statuses.every((st) => st === 200)).toBe(true);
    const after = (await list()).data;
    expect(threadIn(after, targets[0]!.id).messages.length).toBe(1 + 3);
  });

  it('moves the version once per transaction, to a value it never held', async () => {
    const version = async () =>
      (await s.db.query<{ v: string }>('SELECT threads_version::text AS v FROM markups WHERE id = $1', [s.seed.markupId]))[0]!.v;
    const seen = new Set([await version()]);
    for (let i = 0; i < 3; i++) {
      await createThread(alice.token);
      const v = await version();
      expect(seen.has(v)).toBe(false);
      seen.add(v);
    }
    // A write to another markup leaves this one's version (and cache) alone.
    const before = await version();
    const other = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Other',
      url: 'https://o.example/',
      now: s.clock.now(),
    });
    await createThread(apiKey, threadBody({ projectId: other }));
    expect(await version()).toBe(before);
  });
  it('refuses a credential revoked since its last read at once, though the list reuses recent ones', async () => {
    const carol = await s.exchangeToken({ sub: 'carol', name: 'Carol' });
    await list(carol.token);
    await ok(s.request('DELETE', `${API}/users/external/carol`, { token: apiKey }), 204);
    const refused = await s.request('GET', listUrl, { token: carol.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');

    const key = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: s.seed.organizationId,
      workspaceId: s.seed.workspaceId,
      name: 'Short-lived',
      now: s.clock.now(),
    });
    await list(key);
    await s.db.query('UPDATE api_keys SET revoked_at = now() WHERE token_hash = $1', [sha256Hex(key)]);
    expect((await s.request('GET', listUrl, { token: key })).status).toBe(401);
    expect((await s.request('GET', `${listUrl}&limit=3`, { token: key })).status).toBe(401);

    // An exchange token that expired while reused is refused as expired.
    const dave = await s.exchangeToken({ sub: 'dave', name: 'Dave' });
    await list(dave.token);
    s.clock.advance(24 * 3600_000);
    const expired = await s.request('GET', listUrl, { token: dave.token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('token_expired');
  });
});
