/**
 * Thread endpoints through the HTTP app: creating with the full response shape, every validation
 * refusal (4xx JSON, never 5xx), read-only markups, resolve/unresolve, delete and move-pin
 * permissions, and the isolation of an exchange token to its own markup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, createTestServer, movePinBody, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'alice', name: 'Alice', email: 'alice@example.com' });
  bob = await s.exchangeToken({ sub: 'bob', name: 'Bob', email: 'bob@example.com' });
});
afterAll(async () => {
  await s.close();
});

const create = (token: string, body: object = threadBody()) => s.request('POST', `${API}/threads`, { token, body });

describe('POST /threads', () => {
  it('creates a thread and answers the full WebpageThreadResponse', async () => {
    const res = await create(alice.token);
    expect(res.status).toBe(200);
    const t = res.body.data;
    expect(t).toMatchObject({
      projectId: s.seed.markupId,
      resolved: false,
      originalUrl: threadBody().url,
      proxyUrl: threadBody().url,
      canonicalUrl: threadBody().canonicalUrl,
      viewModeId: 'desktop',
      offsetXPercentage: 33.3,
      offsetYPercentage: 51,
      annotations: null,
      priority: null,
      assignedRoleSlugs: [],
      userMetaData: { lastSeenAt: null },
      scopes: ['reply', 'resolve-thread', 'delete-thread', 'move-pin', 'update-thread'],
      user: { id: alice.userId, name: 'Alice', guest: true, email: 'alice@example.com' },
    });
    expect(t.number).toBeGreaterThanOrEqual(1);
    expect(t.createdAt).toBe(s.clock.now());
    expect(t.lastActivityAt).toBe(s.clock.now());
    expect(t.browserContext).toEqual(threadBody().browserContext);
    expect(t.elements).toEqual([
      expect.objectContaining({
        threadId: t.id,
        path: 'main > section:nth-of-type(2) > h2',
        offsetXPercentage: 12.5,
        offsetYPercentage: 40,
      }),
    ]);
    expect(t.parents).toEqual([
      expect.objectContaining({ path: 'main > section:nth-of-type(2)', depth: 1, originalUrl: threadBody().elementParents[0]!.url }),
    ]);
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      threadId: t.id,
      message: 'The price looks wrong @Demo Owner',
      content: 'The price looks wrong @Demo Owner',
      mentionIds: ['u-1'],
      scopes: ['update-message', 'delete-message'],
      attachments: [],
      clipVideos: [],
    });
    expect(t.messages[0].messageJson.ops.at(-1)).toEqual({ insert: '\n' });
  });

  it('numbers threads per markup from a counter', async () => {
    const a = (await create(alice.token)).body.data.number;
    const b = (await create(alice.token)).body.data.number;
    expect(b).toBe(a + 1);
    const results = await Promise.all([create(alice.token), create(bob.token), create(alice.token)]);
    const numbers = results.map((r) => r.body.data.number).sort((x: number, y: number) => x - y);
    expect(numbers).toEqual([b + 1, b + 2, b + 3]);
  });

  it('derives plain text and mentions from the Delta, ignoring sent content', async () => {
    const res = await create(alice.token, {
      ...threadBody({ message: { ops: [{ insert: 'Bold', attributes: { bold: true } }] } }),
      content: 'lies',
    });
    expect(res.body.data.messages[0].message).toBe('Bold');
    const extra = await create(alice.token, threadBody({ message: { ops: [{ insert: 'x\n', foo: 1 } as never] } }));
    expect(extra.body.data.messages[0].messageJson).toEqual({ ops: [{ insert: 'x\n' }] });
    expect(res.body.data.messages[0].messageJson).toEqual({ ops: [{ insert: 'Bold', attributes: { bold: true } }, { insert: '\n' }] });
  });

  it('lets an API key create a thread on a markup it names (attributed to its service user)', async () => {
    const res = await create(s.seed.workspaceApiKey, threadBody({ projectId: s.seed.markupId }));
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Demo workspace key', guest: false });
    const missing = await create(s.seed.workspaceApiKey);
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0].path).toBe('projectId');
  });

  const invalid: [string, object, string][] = [
    ['no elements', { elements: [] }, 'elements'],
    ['11 elements', { elements: Array.from({ length: 11 }, () => threadBody().elements[0]) }, 'elements'],
    ['offset over 100', { elements: [{ elementPath: 'a', offsetXPercentage: 101, offsetYPercentage: 0 }] }, 'elements.0.offsetXPercentage'],
    ['negative page offset', { offsetYPercentage: -1 }, 'offsetYPercentage'],
    ['unknown view mode', { viewModeId: 'watch' }, 'viewModeId'],
    ['string as number', { offsetXPercentage: '50' }, 'offsetXPercentage'],
    ['browserContext missing a field', { browserContext: { browserName: 'Chrome' } }, 'browserContext.browserVersion'],
    ['relative url', { url: '/pricing' }, 'url'],
    ['javascript: url', { canonicalUrl: 'javascript:alert(1)' }, 'canonicalUrl'],
    ['empty Delta', { message: { ops: [] } }, 'message.ops'],
    ['whitespace Delta', { message: { ops: [{ insert: '  \n' }] } }, 'message.ops'],
    ['retain op', { message: { ops: [{ retain: 3 }] } }, 'message.ops.0.retain'],
    ['op without insert', { message: { ops: [{ attributes: {} }] } }, 'message.ops.0.insert'],
    ['embed with two keys', { message: { ops: [{ insert: { image: 'x', video: 'y' } }] } }, 'message.ops.0.insert'],
    ['bad mention', { message: { ops: [{ insert: { mention: { value: 'x' } } }] } }, 'message.ops.0.insert.mention'],
    ['text too long', { message: { ops: [{ insert: 'x'.repeat(20_001) }] } }, 'message.ops'],
    ['parent depth 0', { elementParents: [{ ...threadBody().elementParents[0], depth: 0 }] }, 'elementParents.0.depth'],
    ['isImageThread missing', { isImageThread: undefined }, 'isImageThread'],
    ['clip video without its file', { clipVideos: [{ title: 'x' }] }, 'clipVideos.0.fileId'],
    ['file fields on a webpage thread', { pageNumber: 2, textHighlight: { text: 'x' } }, 'pageNumber'],
    ['unknown attachment', { attachments: [{ fileId: '00000000-0000-4000-8000-000000000000' }] }, 'attachments.0.fileId'],
    ['image thread on a webpage', { isImageThread: true }, 'isImageThread'],
    ['priority out of range', { priority: 5000 }, 'priority'],
  ];
  it.each(invalid)('answers 422 for %s', async (_name, patch, path) => {
    const res = await create(alice.token, { ...threadBody(), ...patch });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('answers 400 for malformed JSON and 422 for a non-object body', async () => {
    const bad = await s.request('POST', `${API}/threads`, { token: alice.token, rawBody: '{"isImageThread": fal' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('malformed_json');
    expect((await s.request('POST', `${API}/threads`, { token: alice.token, body: [1, 2] })).status).toBe(422);
    expect((await s.request('POST', `${API}/threads`, { token: alice.token, rawBody: 'null' })).status).toBe(422);
  });

  it('refuses new threads and replies on a read-only markup with 403; resolving still works', async () => {
    const existing = (await create(alice.token)).body.data;
    await s.db.query('UPDATE markups SET read_only = true WHERE id = $1', [s.seed.markupId]);
    try {
      const res = await create(alice.token);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/paused/);
      const reply = await s.request('POST', `${API}/threads/${existing.id}/messages`, {
        token: bob.token,
        body: { content: 'still here' },
      });
      expect(reply.status).toBe(403);
      expect(reply.body.error.message).toMatch(/paused/);
      const read = await s.request('GET', `${API}/threads/${existing.id}`, { token: bob.token });
      expect(read.body.data.scopes).not.toContain('reply');
      const resolve = await s.request('POST', `${API}/threads/${existing.id}/resolve`, { token: bob.token });
      expect(resolve.status).toBe(200);
    } finally {
      await s.db.query('UPDATE markups SET read_only = false WHERE id = $1', [s.seed.markupId]);
    }
  });
});

describe('GET /threads/:id, resolve, unresolve', () => {
  it('reads a thread with scopes computed for the caller', async () => {
    const t = (await create(alice.token)).body.data;
    const asBob = await s.request('GET', `${API}/threads/${t.id}`, { token: bob.token });
    expect(asBob.status).toBe(200);
    expect(asBob.body.data.scopes).toEqual(['reply', 'resolve-thread']);
    expect(asBob.body.data.messages[0].scopes).toEqual([]);
    expect(asBob.body.data.user.email).toBeUndefined();
    const asKey = await s.request('GET', `${API}/threads/${t.id}`, { token: s.seed.organizationApiKey });
    expect(asKey.body.data.scopes).toContain('delete-thread');
    expect(asKey.body.data.user.email).toBe('alice@example.com');
  });

  it('404s unknown and malformed ids', async () => {
    expect((await s.request('GET', `${API}/threads/00000000-0000-4000-8000-000000000000`, { token: alice.token })).status).toBe(404);
    const bad = await s.request('GET', `${API}/threads/not-an-id'%20OR%201=1`, { token: alice.token });
    expect(bad.status).toBe(404);
    expect(bad.body.error.code).toBe('not_found');
  });

  it('resolves and unresolves, idempotently', async () => {
    const t = (await create(alice.token)).body.data;
    s.clock.advance(1000);
    const resolved = await s.request('POST', `${API}/threads/${t.id}/resolve`, { token: bob.token });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toEqual({ threadId: t.id, modifiedAt: s.clock.now() });
    const again = await s.request('POST', `${API}/threads/${t.id}/resolve`, { token: bob.token });
    expect(again.body.data).toEqual(resolved.body.data);
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: bob.token })).body.data.resolved).toBe(true);
    const reopened = await s.request('POST', `${API}/threads/${t.id}/unresolve`, { token: bob.token });
    expect(reopened.body.data).toEqual({ threadId: t.id });
    expect((await s.request('POST', `${API}/threads/${t.id}/unresolve`, { token: bob.token })).status).toBe(200);
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: bob.token })).body.data.resolved).toBe(false);
  });
});

describe('DELETE /threads/:id and PATCH move-pin', () => {
  it('lets the author delete (with its messages), forbids others, allows API keys', async () => {
    const t = (await create(alice.token)).body.data;
    expect((await s.request('DELETE', `${API}/threads/${t.id}`, { token: bob.token })).status).toBe(403);
    const del = await s.request('DELETE', `${API}/threads/${t.id}`, { token: alice.token });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: alice.token })).status).toBe(404);
    expect(await s.db.query('SELECT 1 FROM messages WHERE thread_id = $1', [t.id])).toEqual([]);
    const other = (await create(bob.token)).body.data;
    expect((await s.request('DELETE', `${API}/threads/${other.id}`, { token: s.seed.workspaceApiKey })).status).toBe(204);
  });

  it('moves the pin and answers the short record', async () => {
    const t = (await create(alice.token)).body.data;
    const move = movePinBody();
    expect((await s.request('PATCH', `${API}/threads/${t.id}/move-pin`, { token: bob.token, body: move })).status).toBe(403);
    const res = await s.request('PATCH', `${API}/threads/${t.id}/move-pin`, { token: alice.token, body: move });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: t.id,
      userId: alice.userId,
      projectId: s.seed.markupId,
      number: t.number,
      resolved: false,
      proxyHostId: null,
      urlPath: '/pricing.html?plan=pro',
      canonicalUrl: move.canonicalUrl,
      viewModeId: 'desktop',
    });
    const after = (await s.request('GET', `${API}/threads/${t.id}`, { token: alice.token })).body.data;
    expect(after.elements.map((e: { path: string }) => e.path)).toEqual(['#faq > li:nth-child(3)']);
    expect(after.parents).toEqual([]);
    expect(after).toMatchObject({ originalUrl: move.url, offsetXPercentage: 10, offsetYPercentage: 20 });
    const invalid = await s.request('PATCH', `${API}/threads/${t.id}/move-pin`, { token: alice.token, body: { ...move, elements: [] } });
    expect(invalid.status).toBe(422);
  });
});

describe('isolation', () => {
  it('keeps an exchange token to its own markup (404 elsewhere)', async () => {
    const now = s.clock.now();
    const markupB = await createWebpageMarkup(s.db, { workspaceId: s.seed.workspaceId, name: 'B', url: 'https://b.example/', now });
    const onB = await s.exchangeToken({ sub: 'carol', markupId: markupB });
    const threadA = (await create(alice.token)).body.data;
    const threadB = (await create(onB.token)).body.data;
    expect(threadB.projectId).toBe(markupB);
    for (const [method, path] of [
      ['GET', `/threads/${threadA.id}`],
      ['POST', `/threads/${threadA.id}/resolve`],
      ['DELETE', `/threads/${threadA.id}`],
      ['GET', `/threads?markupId=${s.seed.markupId}`],
      ['GET', `/markups/${s.seed.markupId}`],
      ['POST', `/threads/${threadA.id}/messages`],
      ['PATCH', `/messages/${threadA.messages[0].id}`],
    ] as const) {
      const res = await s.request(method, `${API}${path}`, {
        token: onB.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : { content: 'x' },
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await create(onB.token, threadBody({ projectId: s.seed.markupId }))).status).toBe(404);
    expect((await s.request('GET', `${API}/threads/${threadB.id}`, { token: alice.token })).status).toBe(404);
  });

  it('keeps API keys to their workspace or organization', async () => {
    const now = s.clock.now();
    const orgId = await createOrganization(s.db, 'Elsewhere', now);
    const ws = await createWorkspace(s.db, orgId, 'Elsewhere', now);
    const key = await createApiKey(s.db, { kind: 'workspace', organizationId: orgId, workspaceId: ws.id, name: 'k', now });
    const orgKey = await createApiKey(s.db, { kind: 'organization', organizationId: orgId, name: 'k2', now });
    const t = (await create(alice.token)).body.data;
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: key })).status).toBe(404);
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: orgKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: s.seed.organizationApiKey })).status).toBe(200);
  });
});
