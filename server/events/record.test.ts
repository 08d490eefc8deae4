/**
 * Which operation records which event, in the operation's own transaction: one outbox row per
 * enabled, subscribed registration of the workspace, with the documented payload; nothing for
 * refused operations, no-ops, disabled registrations or other workspaces.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEvent, WebhookEventType } from '../../src/api/wire.ts';
import { createOrganization, createWebpageMarkup, createWorkspace, createApiKey } from '../seed.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { recordEvent } from './record.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };

beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'alice', name: 'Alice', email: 'alice@example.com' });
  bob = await s.exchangeToken({ sub: 'bob', name: 'Bob' });
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await s.db.query('DELETE FROM webhook_deliveries');
  await s.db.query('DELETE FROM webhook_registrations');
});

async function register(
  body: { eventTypes?: WebhookEventType[]; enabled?: boolean; workspaceId?: string; token?: string } = {},
): Promise<string> {
  const res = await s.request('POST', `${API}/webhook-registrations`, {
    token: body.token ?? s.seed.workspaceApiKey,
    body: {
      url: 'https://receiver.example/h',
      workspaceId: body.workspaceId ?? s.seed.workspaceId,
      enabled: body.enabled ?? true,
      eventTypes: body.eventTypes,
    },
  });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

interface Row {
  registration_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
}
const deliveries = () =>
  s.db.query<Row>('SELECT registration_id, event_id, event_type, payload, status FROM webhook_deliveries ORDER BY created_at, event_type');
const events = async () => (await deliveries()).map((row) => JSON.parse(row.payload) as WebhookEvent<any>);
const newThread = async (token = alice.token) => (await s.request('POST', `${API}/threads`, { token, body: threadBody() })).body.data;

describe('operations → events', () => {
  it('POST /threads → comment_created with the thread, its first message and the author', async () => {
    await register();
    const thread = await newThread();
    const [event, ...more] = await events();
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'comment_created',
      workspaceId: s.seed.workspaceId,
      timestamp: new Date(s.clock.now()).toISOString(),
    });
    expect(event!.data).toEqual({
      markup: {
        id: s.seed.markupId,
        workspaceId: s.seed.workspaceId,
        type: 'webpage',
        name: 'Pinmark demo site',
        url: expect.any(String),
        readOnly: false,
        status: 'editing',
      },
      thread: {
        id: thread.id,
        projectId: s.seed.markupId,
        number: thread.number,
        resolved: false,
        url: threadBody().url,
        canonicalUrl: threadBody().canonicalUrl,
        createdAt: thread.createdAt,
        modifiedAt: thread.modifiedAt,
        user: { id: alice.userId, name: 'Alice', email: 'alice@example.com', guest: true },
      },
      message: {
        id: thread.messages[0].id,
        threadId: thread.id,
        message: 'The price looks wrong @Demo Owner',
        messageJson: thread.messages[0].messageJson,
        mentionIds: ['u-1'],
        attachmentCount: 0,
        createdAt: thread.createdAt,
        modifiedAt: thread.createdAt,
        user: { id: alice.userId, name: 'Alice', email: 'alice@example.com', guest: true },
      },
      actor: { id: alice.userId, name: 'Alice', email: 'alice@example.com', guest: true },
    });
    expect(event!.id).toBe((await deliveries())[0]!.event_id);
  });

  it('a reply → comment_reply_created; an edit → comment_updated', async () => {
    const thread = await newThread();
    await register();
    const reply = (await s.request('POST', `${API}/threads/${thread.id}/messages`, { token: bob.token, body: { content: 'Agreed' } })).body
      .data;
    s.clock.advance(1000);
    expect((await s.request('PATCH', `${API}/messages/${reply.id}`, { token: bob.token, body: { content: 'Agreed!' } })).status).toBe(200);
    const [created, updated] = await events();
    expect(created).toMatchObject({
      type: 'comment_reply_created',
      data: { thread: { id: thread.id }, message: { id: reply.id, message: 'Agreed' }, actor: { id: bob.userId } },
    });
    expect(updated).toMatchObject({
      type: 'comment_updated',
      data: { message: { id: reply.id, message: 'Agreed!', modifiedAt: s.clock.now() }, actor: { id: bob.userId, name: 'Bob' } },
    });
    expect(updated!.timestamp).toBe(new Date(s.clock.now()).toISOString());
  });

  it('an edit by an API key names its service user as the actor', async () => {
    const thread = await newThread();
    await register({ eventTypes: ['comment_updated'] });
    await s.request('PATCH', `${API}/messages/${thread.messages[0].id}`, { token: s.seed.workspaceApiKey, body: { priority: 3 } });
    const [event] = await events();
    expect(event).toMatchObject({
      type: 'comment_updated',
      data: { actor: { name: 'Demo workspace key', guest: false }, message: { user: { id: alice.userId } } },
    });
  });

  it('resolve → comment_resolved, unresolve → comment_unresolved, repeats record nothing', async () => {
    const thread = await newThread();
    await register();
    await s.request('POST', `${API}/threads/${thread.id}/resolve`, { token: bob.token });
    await s.request('POST', `${API}/threads/${thread.id}/resolve`, { token: bob.token });
    await s.request('POST', `${API}/threads/${thread.id}/unresolve`, { token: alice.token });
    await s.request('POST', `${API}/threads/${thread.id}/unresolve`, { token: alice.token });
    const list = await events();
    expect(list.map((e) => e.type)).toEqual(['comment_resolved', 'comment_unresolved']);
    expect(list[0]).toMatchObject({ data: { thread: { id: thread.id, resolved: true }, actor: { id: bob.userId } } });
    expect(list[0]!.data.message).toBeUndefined();
    expect(list[1]).toMatchObject({ data: { thread: { resolved: false }, actor: { id: alice.userId } } });
  });

  it('two concurrent resolves of one thread record one event', async () => {
    const thread = await newThread();
    await register();
    const path = `${API}/threads/${thread.id}/resolve`;
    const answers = await Promise.all([s.request('POST', path, { token: alice.token }), s.request('POST', path, { token: bob.token })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await events()).map((e) => e.type)).toEqual(['comment_resolved']);
  });

  it('PATCH /markups/:id/read-only → set_project_read_only when the flag changes', async () => {
    await register();
    const path = `${API}/markups/${s.seed.markupId}/read-only`;
    await s.request('PATCH', path, { token: s.seed.workspaceApiKey, body: { readOnly: true } });
    await s.request('PATCH', path, { token: s.seed.workspaceApiKey, body: { readOnly: true } });
    await s.request('PATCH', path, { token: s.seed.workspaceApiKey, body: { readOnly: false } });
    const list = await events();
    expect(list.map((e) => [e.type, e.data.markup.readOnly])).toEqual([
      ['set_project_read_only', true],
      ['set_project_read_only', false],
    ]);
    expect(list[0]!.data.actor).toMatchObject({ name: 'Demo workspace key' });
  });

  it('moving a pin, deleting a message or a thread record nothing (no event type exists)', async () => {
    const thread = await newThread();
    const reply = (await s.request('POST', `${API}/threads/${thread.id}/messages`, { token: alice.token, body: { content: 'x' } })).body
      .data;
    await register();
    await s.request('DELETE', `${API}/messages/${reply.id}`, { token: alice.token });
    await s.request('DELETE', `${API}/threads/${thread.id}`, { token: alice.token });
    expect(await deliveries()).toEqual([]);
  });
});

describe('who receives', () => {
  it('one row per enabled registration subscribed to the type, sharing one event id', async () => {
    const all = await register();
    const created = await register({ eventTypes: ['comment_created'] });
    await register({ eventTypes: ['comment_resolved'] });
    await register({ enabled: false });
    await newThread();
    const rows = await deliveries();
    expect(rows.map((r) => r.registration_id).sort()).toEqual([all, created].sort());
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(1);
    expect(rows[0]!.payload).toBe(rows[1]!.payload);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
  });

  it('nothing for other workspaces or deleted registrations', async () => {
    const now = s.clock.now();
    const org = await createOrganization(s.db, 'Other', now);
    const ws = await createWorkspace(s.db, org, 'Other', now);
    const key = await createApiKey(s.db, { kind: 'workspace', organizationId: org, workspaceId: ws.id, name: 'k', now });
    await register({ workspaceId: ws.id, token: key });
    const gone = await register();
    await s.request('DELETE', `${API}/webhook-registrations/${gone}`, { token: s.seed.workspaceApiKey });
    await newThread();
    expect(await deliveries()).toEqual([]);
    // …while the other workspace's own thread does reach it.
    const markupId = await createWebpageMarkup(s.db, { workspaceId: ws.id, name: 'M', url: 'https://m.example/', now });
    await s.request('POST', `${API}/threads`, { token: key, body: threadBody({ projectId: markupId }) });
    expect((await deliveries()).map((r) => r.event_type)).toEqual(['comment_created']);
  });

  it('a refused operation stores no event', async () => {
    await register();
    const res = await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody({ viewModeId: 'watch' }) });
    expect(res.status).toBe(422);
    expect(await deliveries()).toEqual([]);
  });

  it('rolls back with the transaction that recorded it', async () => {
    await register();
    await expect(
      s.db.transaction(async (tx) => {
        await recordEvent(tx, {
          type: 'markup_ready',
          workspaceId: s.seed.workspaceId,
          occurredAt: s.clock.now(),
          data: { markup: null, actor: null },
        });
        throw new Error('operation failed');
      }),
    ).rejects.toThrow('operation failed');
    expect(await deliveries()).toEqual([]);
  });

  it('builds the payload only when someone subscribed', async () => {
    let built = 0;
    const data = async () => (built++, { markup: null, actor: null });
    const none = await s.db.transaction((tx) =>
      recordEvent(tx, { type: 'markup_created', workspaceId: s.seed.workspaceId, occurredAt: s.clock.now(), data }),
    );
    expect(none).toEqual({ eventId: null, deliveries: 0 });
    expect(built).toBe(0);
    await register({ eventTypes: ['markup_created'] });
    const one = await s.db.transaction((tx) =>
      recordEvent(tx, { type: 'markup_created', workspaceId: s.seed.workspaceId, occurredAt: s.clock.now(), data }),
    );
    expect(one.deliveries).toBe(1);
    expect(built).toBe(1);
  });
});
