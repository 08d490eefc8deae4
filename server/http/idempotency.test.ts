/**
 * Idempotency-Key: a repeated mutation is answered with the first response and never does the
 * work twice — for threads, replies, edits and deletes, and across callers; refused for a reused or
 * malformed key. Concurrency, server errors, crashed leases and expiry are in
 * idempotency-failures.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { API, threadBody } from '../testing/support.ts';
import { parseIdempotencyKey } from './idempotency.ts';
import { idempotencyServer, keyed } from './idempotency-test-kit.ts';

const { s, alice, bob, count, keyRow } = await idempotencyServer();
afterAll(async () => {
  await s.close();
});

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
