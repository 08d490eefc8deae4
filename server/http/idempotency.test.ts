/**
 * Idempotency-Key: a repeated mutation is answered with the first response and never does the
 * work twice — for threads, replies, edits and deletes, across callers, under concurrency, after a
 * crashed request's lease runs out, and not for server errors (those must run again).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { API, createTestServer, threadBody, type RequestOptions, type TestServer } from '../testing/support.ts';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS, parseIdempotencyKey, sweepIdempotencyKeys } from './idempotency.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'idem-alice', name: 'Alice' });
  bob = await s.exchangeToken({ sub: 'idem-bob', name: 'Bob' });
});
afterAll(async () => {
  await s.close();
});

const keyed = (key: string, options: RequestOptions = {}): RequestOptions => ({
  ...options,
  headers: { ...options.headers, 'Idempotency-Key': key },
});
const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  (await queryOne<{ n: number }>(s.db, `SELECT count(*)::int AS n FROM ${sql}`, params))!.n;
const keyRow = (key: string) =>
  queryOne<{ status: number | null }>(s.db, 'SELECT status FROM idempotency_keys WHERE idempotency_key = $1', [key]);

/** A Db whose first write (a transaction, or the one statement creating a thread) can be held at a gate or made to fail, once. */
function seamDb(inner: Db, mode: 'gate' | 'fail') {
  let armed = true;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const seam = async () => {
    if (!armed) return;
    armed = false;
    if (mode === 'fail') throw new Error('simulated database failure');
    await gate;
  };
  const db: Db = {
    async query(sql, params) {
      if (sql.includes('INSERT INTO threads')) await seam();
      return inner.query(sql, params);
    },
    exec: (sql) => inner.exec(sql),
    close: () => inner.close(),
    async transaction(fn) {
      await seam();
      return inner.transaction(fn);
    },
  };
  return { db, open: () => open() };
}

describe('replaying a repeated request', () => {
  it('creates one thread for a repeated POST /threads and replays status and body', async () => {
    const before = await count('threads');
    const key = randomUUID();
    const first = await s.request('POST', `${API}/threads`, keyed(key, { token: alice.token, body: threadBody() }));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    s.clock.advance(5000);
    const again = await s.request('POST', `${API}/threads`, keyed(key, { token: alice.token, body: threadBody() }));
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('service-api-version')).toBe('2023-02-22');
    expect(await count('threads')).toBe(before + 1);
  });

  it('creates one reply for a repeated POST /threads/:id/messages', async () => {
    const threadId = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const key = randomUUID();
    const reply = { message: { ops: [{ insert: 'Agreed\n' }] } };
    const first = await s.request('POST', `${API}/threads/${threadId}/messages`, keyed(key, { token: bob.token, body: reply }));
    const again = await s.request('POST', `${API}/threads/${threadId}/messages`, keyed(key, { token: bob.token, body: reply }));
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('messages WHERE thread_id = $1', [threadId])).toBe(2);
  });

  it('replays PATCH /messages/:id and DELETE (204) instead of running them again', async () => {
    const threadId = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const messageId = (await s.request('POST', `${API}/threads/${threadId}/messages`, { token: alice.token, body: { content: 'typo' } }))
      .body.data.id;
    const patchKey = randomUUID();
    const edit = { content: 'fixed' };
    const patched = await s.request('PATCH', `${API}/messages/${messageId}`, keyed(patchKey, { token: alice.token, body: edit }));
    expect(patched.status).toBe(200);
    s.clock.advance(60_000);
    const repatched = await s.request('PATCH', `${API}/messages/${messageId}`, keyed(patchKey, { token: alice.token, body: edit }));
    expect(repatched.text).toBe(patched.text); // same modifiedAt: the update did not run again
    expect(repatched.headers.get('idempotent-replayed')).toBe('true');

    const deleteKey = randomUUID();
    const deleted = await s.request('DELETE', `${API}/messages/${messageId}`, keyed(deleteKey, { token: alice.token }));
    expect(deleted.status).toBe(204);
    const redeleted = await s.request('DELETE', `${API}/messages/${messageId}`, keyed(deleteKey, { token: alice.token }));
    expect(redeleted.status).toBe(204); // without the key this would be 404
    expect(redeleted.text).toBe('');
    expect(redeleted.headers.get('idempotent-replayed')).toBe('true');
    const threadKey = randomUUID();
    expect((await s.request('DELETE', `${API}/threads/${threadId}`, keyed(threadKey, { token: alice.token }))).status).toBe(204);
    expect((await s.request('DELETE', `${API}/threads/${threadId}`, keyed(threadKey, { token: alice.token }))).status).toBe(204);
  });

  it('stores final 4xx answers but judges 403 and 409 again', async () => {
    const invalidKey = randomUUID();
    const invalid = await s.request(
      'POST',
      `${API}/threads`,
      keyed(invalidKey, { token: alice.token, body: threadBody({ viewModeId: 'watch' }) }),
    );
    expect(invalid.status).toBe(422);
    const replayed = await s.request(
      'POST',
      `${API}/threads`,
      keyed(invalidKey, { token: alice.token, body: threadBody({ viewModeId: 'watch' }) }),
    );
    expect(replayed.text).toBe(invalid.text);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    const threadId = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const deniedKey = randomUUID();
    expect((await s.request('DELETE', `${API}/threads/${threadId}`, keyed(deniedKey, { token: bob.token }))).status).toBe(403);
    expect(await keyRow(deniedKey)).toBeUndefined();
    const firstMessage = (await s.request('GET', `${API}/threads/${threadId}`, { token: alice.token })).body.data.messages[0].id;
    const conflictKey = randomUUID();
    expect((await s.request('DELETE', `${API}/messages/${firstMessage}`, keyed(conflictKey, { token: alice.token }))).status).toBe(409);
    expect(await keyRow(conflictKey)).toBeUndefined();
  });

  it('leaves requests without the header, and reads, as they were', async () => {
    const before = await count('threads');
    await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() });
    await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() });
    expect(await count('threads')).toBe(before + 2);
    const read = await s.request('GET', `${API}/workspace`, keyed('', { token: alice.token }));
    expect(read.status).toBe(200);
    expect(read.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('refusals', () => {
  it('answers 422 idempotency_key_reused for the same key with another body or path', async () => {
    const before = await count('threads');
    const key = randomUUID();
    expect((await s.request('POST', `${API}/threads`, keyed(key, { token: alice.token, body: threadBody() }))).status).toBe(200);
    const otherBody = await s.request(
      'POST',
      `${API}/threads`,
      keyed(key, { token: alice.token, body: threadBody({ offsetXPercentage: 1 }) }),
    );
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe('idempotency_key_reused');
    expect(otherBody.body.error.message).toMatch(/different body/);
    const otherPath = await s.request('POST', `${API}/threads/${randomUUID()}/resolve`, keyed(key, { token: alice.token }));
    expect(otherPath.status).toBe(422);
    expect(otherPath.body.error.code).toBe('idempotency_key_reused');
    expect(await count('threads')).toBe(before + 1);
  });

  it('answers 400 bad_request for a malformed key', async () => {
    for (const bad of ['', ' ', 'x'.repeat(256), 'clé', 'tab\there', '"unterminated\\"']) {
      const res = await s.request('POST', `${API}/threads`, keyed(bad, { token: alice.token, body: threadBody() }));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toMatch(/Idempotency-Key/);
    }
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
    // The IETF draft's Structured Field string names the same key as the bare value.
    expect(parseIdempotencyKey('"abc-123"')).toBe('abc-123');
    expect(parseIdempotencyKey('"a\\"b"')).toBe('a"b');
  });

  it('ignores the header on /auth/* (answers hold fresh credentials, never stored)', async () => {
    const res = await s.request('POST', `${API}/auth/exchange`, keyed('', { body: { token: await s.customerJwt({ sub: 'idem-auth' }) } }));
    expect(res.status).toBe(200);
  });

  it('exposes Idempotent-Replayed to pages on other origins', async () => {
    const res = await s.request('GET', `${API}/workspace`, {
      token: s.seed.workspaceApiKey,
      headers: { Origin: 'https://customer.example' },
    });
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('idempotent-replayed');
  });
});

describe('scope', () => {
  it('keeps keys per caller, and per user and markup for exchange tokens', async () => {
    const before = await count('threads');
    const key = randomUUID();
    const byAlice = await s.request('POST', `${API}/threads`, keyed(key, { token: alice.token, body: threadBody() }));
    const byBob = await s.request('POST', `${API}/threads`, keyed(key, { token: bob.token, body: threadBody() }));
    const byApiKey = await s.request(
      'POST',
      `${API}/threads`,
      keyed(key, { token: s.seed.workspaceApiKey, body: threadBody({ projectId: s.seed.markupId }) }),
    );
    for (const res of [byAlice, byBob, byApiKey]) expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(new Set([byAlice.body.data.id, byBob.body.data.id, byApiKey.body.data.id]).size).toBe(3);
    // A renewed token of the same reviewer on the same markup is the same caller.
    const renewed = await s.exchangeToken({ sub: 'idem-alice', name: 'Alice' });
    const retry = await s.request('POST', `${API}/threads`, keyed(key, { token: renewed.token, body: threadBody() }));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.id).toBe(byAlice.body.data.id);
    expect(await count('threads')).toBe(before + 3);
  });
});

describe('concurrency and failures', () => {
  it('runs one of two concurrent requests with the same key', async () => {
    const before = await count('threads');
    const key = randomUUID();
    const [a, b] = await Promise.all(
      [0, 1].map(() => s.request('POST', `${API}/threads`, keyed(key, { token: alice.token, body: threadBody() }))),
    );
    expect(await count('threads')).toBe(before + 1);
    const ids = [a!, b!].filter((r) => r.status === 200).map((r) => r.body.data.id);
    expect(new Set(ids).size).toBe(1);
    for (const res of [a!, b!].filter((r) => r.status !== 200)) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('idempotency_in_progress');
    }
  });

  it('answers 409 idempotency_in_progress while the first request runs, then replays it', async () => {
    const seam = seamDb(s.db, 'gate');
    const app = createApp({ ...s.deps, db: seam.db });
    const init = (key: string): RequestInit => ({
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(threadBody()),
    });
    const before = await count('threads');
    const key = randomUUID();
    const first = app.request(`${API}/threads`, init(key));
    for (let tries = 0; (await keyRow(key)) === undefined; tries++) {
      if (tries > 400) throw new Error('the first request never claimed its key');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const during = await app.request(`${API}/threads`, init(key));
    expect(during.status).toBe(409);
    expect(during.headers.get('retry-after')).toBe('1');
    expect(((await during.json()) as { error: { code: string } }).error.code).toBe('idempotency_in_progress');
    seam.open();
    const done = await first;
    expect(done.status).toBe(200);
    const after = await app.request(`${API}/threads`, init(key));
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await after.text()).toBe(await done.text());
    expect(await count('threads')).toBe(before + 1);
  });

  it('does not store a 5xx: a retry runs again and creates the thread once', async () => {
    const seam = seamDb(s.db, 'fail');
    const app = createApp({ ...s.deps, db: seam.db });
    const before = await count('threads');
    const key = randomUUID();
    const send = () =>
      app.request(`${API}/threads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(threadBody()),
      });
    expect((await send()).status).toBe(500);
    expect(await keyRow(key)).toBeUndefined();
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await send()).headers.get('idempotent-replayed')).toBe('true');
    expect(await count('threads')).toBe(before + 1);
  });

  it('lets a retry take over a key whose process died once its lease ran out', async () => {
    const keyId = (await queryOne<{ id: string }>(s.db, 'SELECT id FROM api_keys WHERE token_hash = $1', [
      sha256Hex(s.seed.workspaceApiKey),
    ]))!.id;
    const body = threadBody({ projectId: s.seed.markupId });
    const key = randomUUID();
    const now = s.clock.now();
    // What a crash leaves behind: the row in progress, its lease no longer renewed.
    await s.db.query(
      `INSERT INTO idempotency_keys (scope, idempotency_key, method, path, body_sha256, lock_id, locked_until, created_at, expires_at)
       VALUES ($1, $2, 'POST', $3, $4, $5, $6::timestamptz, $7::timestamptz, $8::timestamptz)`,
      [
        `api_key:${keyId}`,
        key,
        `${API}/threads`,
        sha256Hex(JSON.stringify(body)),
        randomUUID(),
        isoAt(now + IDEMPOTENCY_LEASE_MS),
        isoAt(now),
        isoAt(now + IDEMPOTENCY_KEY_TTL_MS),
      ],
    );
    const options = keyed(key, { token: s.seed.workspaceApiKey, body });
    expect((await s.request('POST', `${API}/threads`, options)).status).toBe(409);
    // A different request cannot take it over, even after the lease.
    s.clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    const other = await s.request(
      'POST',
      `${API}/threads`,
      keyed(key, { token: s.seed.workspaceApiKey, body: { ...body, offsetXPercentage: 2 } }),
    );
    expect(other.status).toBe(422);
    const retry = await s.request('POST', `${API}/threads`, options);
    expect(retry.status).toBe(200);
    expect((await s.request('POST', `${API}/threads`, options)).body.data.id).toBe(retry.body.data.id);
  });
});

describe('expiry', () => {
  it('keeps a key for 24 hours, then sweeps it and treats the key as new', async () => {
    const before = await count('threads');
    const key = randomUUID();
    // An API key: exchange tokens live an hour, and this test moves the clock a day.
    const asApiKey = { token: s.seed.workspaceApiKey, body: threadBody({ projectId: s.seed.markupId }) };
    const first = await s.request('POST', `${API}/threads`, keyed(key, asApiKey));
    s.clock.advance(24 * 60 * 60 * 1000);
    expect(await sweepIdempotencyKeys(s.db, s.clock.now())).toBe(0);
    expect((await s.request('POST', `${API}/threads`, keyed(key, asApiKey))).body.data.id).toBe(first.body.data.id);
    s.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    expect(await sweepIdempotencyKeys(s.db, s.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await keyRow(key)).toBeUndefined();
    expect(await count('idempotency_keys WHERE expires_at <= $1::timestamptz', [isoAt(s.clock.now())])).toBe(0);
    const fresh = await s.request('POST', `${API}/threads`, keyed(key, asApiKey));
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.data.id).not.toBe(first.body.data.id);
    expect(await count('threads')).toBe(before + 2);
  });
});
