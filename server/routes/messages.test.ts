/**
 * Message endpoints: replies (Delta or plain content), edits and deletes by the author or an API
 * key only, the first message that can only go with its thread, and validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let threadId: string;
let firstMessageId: string;
beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'alice', name: 'Alice' });
  bob = await s.exchangeToken({ sub: 'bob', name: 'Bob' });
  const t = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data;
  threadId = t.id;
  firstMessageId = t.messages[0].id;
});
afterAll(async () => {
  await s.close();
});

const reply = (token: string, body: object) => s.request('POST', `${API}/threads/${threadId}/messages`, { token, body });

describe('POST /threads/:threadId/messages', () => {
  it('adds a reply from a Delta and bumps the thread activity', async () => {
    s.clock.advance(5000);
    const res = await reply(bob.token, {
      message: { ops: [{ insert: 'Agreed, ' }, { insert: { mention: { id: alice.userId, value: 'Alice' } } }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      threadId,
      message: 'Agreed, @Alice',
      content: 'Agreed, @Alice',
      mentionIds: [alice.userId],
      scopes: ['update-message', 'delete-message'],
      user: { id: bob.userId, name: 'Bob', guest: true },
      createdAt: s.clock.now(),
    });
    const thread = (await s.request('GET', `${API}/threads/${threadId}`, { token: alice.token })).body.data;
    expect(thread.lastActivityAt).toBe(s.clock.now());
    expect(thread.messages.map((m: { message: string }) => m.message)).toEqual(['The price looks wrong @Demo Owner', 'Agreed, @Alice']);
    expect(thread.messages[1].scopes).toEqual([]);
    const tags = (await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: bob.token })).body.data;
    // Bob may not see Alice's address (server/attacks/tag-emails.test.ts): the string stays, empty.
    expect(tags.tagged).toEqual([{ id: alice.userId, name: 'Alice', email: '' }]);
  });

  it('accepts plain content alone, and refuses neither', async () => {
    const res = await reply(alice.token, { content: 'Plain words' });
    expect(res.body.data.messageJson).toEqual({ ops: [{ insert: 'Plain words\n' }] });
    expect(res.body.data.mentionIds).toEqual([]);
    // Issue 17: mentionIds beside content are kept when taggable (clip-videos.test.ts), refused otherwise.
    expect((await reply(alice.token, { content: 'Plain words', mentionIds: ['ignored'] })).status).toBe(422);
    const none = await reply(alice.token, {});
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('validation_failed');
    expect((await reply(alice.token, { content: '   ' })).status).toBe(422);
    expect((await reply(alice.token, { content: 42 })).status).toBe(422);
  });

  it('lets an API key reply and 404s unknown threads', async () => {
    expect((await reply(s.seed.workspaceApiKey, { content: 'From the API' })).body.data.user.name).toBe('Demo workspace key');
    const res = await s.request('POST', `${API}/threads/00000000-0000-4000-8000-000000000000/messages`, {
      token: bob.token,
      body: { content: 'x' },
    });
    expect(res.status).toBe(404);
  });
});

describe('PATCH /messages/:id', () => {
  it('lets the author edit, re-deriving text and mentions', async () => {
    const m = (await reply(bob.token, { content: 'typo' })).body.data;
    s.clock.advance(1000);
    const res = await s.request('PATCH', `${API}/messages/${m.id}`, {
      token: bob.token,
      body: {
        message: {
          ops: [{ insert: 'fixed ' }, { insert: { mention: { id: 'x1', value: 'Xena', denotationChar: '@' } } }, { insert: '\n' }],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: m.id,
      message: 'fixed @Xena',
      mentionIds: ['x1'],
      modifiedAt: s.clock.now(),
      createdAt: m.createdAt,
    });
  });

  it('forbids other reviewers (403) and allows API keys', async () => {
    const m = (await reply(bob.token, { content: 'mine' })).body.data;
    const res = await s.request('PATCH', `${API}/messages/${m.id}`, { token: alice.token, body: { content: 'hijack' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(
      (await s.request('PATCH', `${API}/messages/${m.id}`, { token: s.seed.workspaceApiKey, body: { content: 'moderated' } })).body.data
        .message,
    ).toBe('moderated');
  });

  it('sets the thread priority (thread author only) and refuses an empty edit', async () => {
    const res = await s.request('PATCH', `${API}/messages/${firstMessageId}`, { token: alice.token, body: { priority: 3 } });
    expect(res.status).toBe(200);
    expect((await s.request('GET', `${API}/threads/${threadId}`, { token: alice.token })).body.data.priority).toBe(3);
    const m = (await reply(bob.token, { content: 'reply' })).body.data;
    expect((await s.request('PATCH', `${API}/messages/${m.id}`, { token: bob.token, body: { priority: 1 } })).status).toBe(403);
    expect((await s.request('PATCH', `${API}/messages/${firstMessageId}`, { token: alice.token, body: {} })).status).toBe(422);
    expect((await s.request('PATCH', `${API}/messages/${firstMessageId}`, { token: alice.token, rawBody: '{' })).status).toBe(400);
  });
});

describe('DELETE /messages/:id', () => {
  it('lets the author delete a reply', async () => {
    const m = (await reply(bob.token, { content: 'to delete' })).body.data;
    expect((await s.request('DELETE', `${API}/messages/${m.id}`, { token: alice.token })).status).toBe(403);
    const res = await s.request('DELETE', `${API}/messages/${m.id}`, { token: bob.token });
    expect(res.status).toBe(204);
    expect((await s.request('DELETE', `${API}/messages/${m.id}`, { token: bob.token })).status).toBe(404);
  });

  it('refuses to delete the first message (409): delete the thread instead', async () => {
    const res = await s.request('DELETE', `${API}/messages/${firstMessageId}`, { token: alice.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/delete the thread instead/) });
  });

  it('404s malformed ids', async () => {
    expect((await s.request('DELETE', `${API}/messages/123`, { token: alice.token })).status).toBe(404);
    expect((await s.request('PATCH', `${API}/messages/123`, { token: alice.token, body: { content: 'x' } })).status).toBe(404);
  });
});
