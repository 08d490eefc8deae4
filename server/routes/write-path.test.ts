/**
 * New threads and replies are written in one statement that also reads back most of their answer
 * (server/model/comment-writes.ts), and run again in a transaction when a webhook listens. Whichever
 * way a write went — a reviewer or an API key (whose service user the statement may create), with
 * or without a listener, with files, with a read mark — its answer is exactly what a read of the
 * same record shows the same caller right after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, postForm, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'alice', name: 'Alice', email: 'alice@example.com' });
});
afterAll(async () => {
  await s.close();
});

async function attachment(token: string, resourceId: string): Promise<string> {
  const p = await s.request('POST', `${API}/upload-policy`, {
    token,
    body: { resourceType: 'message_attachment', resourceId, filename: 'notes.txt', contentType: 'text/plain', filesize: 11 },
  });
  const stored = await postForm(s.app, p.body.data.policy, { bytes: 'hello world', type: 'text/plain', name: 'notes.txt' });
  await s.request('POST', `${API}/upload-complete`, { token, body: { fileId: p.body.data.fileId, etag: stored.headers.get('etag') } });
  return p.body.data.fileId;
}

const readThread = async (token: string, id: string) => (await s.request('GET', `${API}/threads/${id}`, { token })).body.data;

/** Creates a thread and a reply as `token`, and compares both answers with a read. */
async function writeAndRead(token: string, options: { files?: boolean } = {}) {
  const fileIds = options.files ? [await attachment(token, s.seed.markupId)] : [];
  const attachments = fileIds.map((fileId) => ({ fileId }));
  const created = await s.request('POST', `${API}/threads`, { token, body: threadBody({ projectId: s.seed.markupId, attachments }) });
  expect(created.status).toBe(200);
  expect(created.body.data).toEqual(await readThread(token, created.body.data.id));

  const threadId = created.body.data.id;
  if (token === alice.token) {
    await s.db.query('INSERT INTO thread_reads (thread_id, user_id, last_seen_at) VALUES ($1, $2, $3::timestamptz)', [
      threadId,
      alice.userId,
      new Date(s.clock.now() - 1000).toISOString(),
    ]);
  }
  s.clock.advance(1000);
  const replyFiles = options.files ? [{ fileId: await attachment(token, s.seed.markupId) }] : [];
  const replied = await s.request('POST', `${API}/threads/${threadId}/messages`, {
    token,
    body: { content: 'a reply', attachments: replyFiles },
  });
  expect(replied.status).toBe(200);
  const read = await readThread(token, threadId);
  expect(replied.body.data).toEqual(read.messages[1]);
  expect(read.lastActivityAt).toBe(s.clock.now());
  return { thread: created.body.data, reply: replied.body.data, read };
}

describe('the one-statement writes answer what a read shows', () => {
  it('for a reviewer, with a read mark', async () => {
    const { reply } = await writeAndRead(alice.token);
    expect(reply.userMetaData.lastSeenAt).toBe(s.clock.now() - 2000);
    expect(reply.user).toMatchObject({ id: alice.userId, email: 'alice@example.com' });
  });

  it('for a reviewer, with files on both messages', async () => {
    const { thread, reply } = await writeAndRead(alice.token, { files: true });
    expect(thread.messages[0].attachments).toHaveLength(1);
    expect(reply.attachments).toHaveLength(1);
  });

  it('for an API key, whose service user the first write creates', async () => {
    const { thread } = await writeAndRead(s.seed.workspaceApiKey);
    expect(thread.user.guest).toBe(false);
    await writeAndRead(s.seed.workspaceApiKey);
  });

  it('while a webhook listens, with the events recorded', async () => {
    const registered = await s.request('POST', `${API}/webhook-registrations`, {
      token: s.seed.workspaceApiKey,
      body: { url: 'https://receiver.example/h', workspaceId: s.seed.workspaceId, enabled: true, eventTypes: [] },
    });
    expect(registered.status).toBe(200);
    const { thread, reply } = await writeAndRead(alice.token);
    const rows = await s.db.query<{ event_type: string; payload: string }>(
      'SELECT event_type, payload FROM webhook_deliveries ORDER BY created_at, event_type',
    );
    expect(rows.map((r) => r.event_type)).toEqual(['comment_created', 'comment_reply_created']);
    expect(JSON.parse(rows[0]!.payload).data.message.id).toBe(thread.messages[0].id);
    expect(JSON.parse(rows[1]!.payload).data.message.id).toBe(reply.id);
    await writeAndRead(s.seed.workspaceApiKey);
  });
});
