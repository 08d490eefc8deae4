/**
 * Idempotency-Key when things go wrong: of two concurrent requests with one key only one runs, a
 * second one meanwhile gets 409 idempotency_in_progress, a server error is not stored (a retry runs
 * again), a crashed request's key is taken over once its lease runs out, and keys expire after 24
 * hours.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { API, threadBody } from '../testing/support.ts';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS, sweepIdempotencyKeys } from './idempotency.ts';
import { idempotencyServer, keyed } from './idempotency-test-kit.ts';

const { s, alice, count, keyRow } = await idempotencyServer();
afterAll(async () => {
  await s.close();
});

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
