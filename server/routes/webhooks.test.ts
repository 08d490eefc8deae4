/**
 * §4.10 webhook registrations through the HTTP app: the response shape and envelopes, which keys
 * may call what (workspace key, organization key, exchange token, none), every validation refusal
 * as 4xx JSON, update and key rotation semantics, soft delete and the per-workspace limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWorkspace } from '../seed.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
let wsKey: string;
let orgKey: string;
let workspaceId: string;
let reviewer: { token: string; userId: string };
const HOOK = 'https://receiver.example/hooks/pinmark';

beforeAll(async () => {
  s = await createTestServer();
  wsKey = s.seed.workspaceApiKey;
  orgKey = s.seed.organizationApiKey;
  workspaceId = s.seed.workspaceId;
  reviewer = await s.exchangeToken();
});
afterAll(async () => {
  await s.close();
});

const register = (body: object, token = wsKey) => s.request('POST', `${API}/webhook-registrations`, { token, body });

describe('POST /webhook-registrations', () => {
  it('creates a registration with a Standard Webhooks signing key', async () => {
    const res = await register({
      url: HOOK,
      workspaceId,
      eventTypes: ['comment_created', 'comment_resolved', 'comment_created'],
      enabled: true,
    });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: new Date(s.clock.now()).toISOString(),
      modifiedAt: new Date(s.clock.now()).toISOString(),
      deletedAt: null,
      url: HOOK,
      workspaceId,
      eventTypes: ['comment_created', 'comment_resolved'],
      enabled: true,
      signingKey: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(r.signingKey.slice(6), 'base64')).toHaveLength(32);
  });

  it('subscribes to every type when eventTypes is omitted, and accepts markup_ready', async () => {
    expect((await register({ url: HOOK, workspaceId, enabled: false })).body.data).toMatchObject({ eventTypes: [], enabled: false });
    expect((await register({ url: HOOK, workspaceId, eventTypes: ['markup_ready'], enabled: true })).body.data.eventTypes).toEqual([
      'markup_ready',
    ]);
  });

  it('gives every registration its own key', async () => {
    const a = (await register({ url: HOOK, workspaceId, enabled: true })).body.data.signingKey;
    const b = (await register({ url: HOOK, workspaceId, enabled: true })).body.data.signingKey;
    expect(a).not.toBe(b);
  });

  it('takes http only for the local machine', async () => {
    for (const url of ['http://localhost:3000/h', 'http://127.0.0.1:9/h', 'http://[::1]:8080/', 'http://api.localhost/h']) {
      expect((await register({ url, workspaceId, enabled: true })).status, url).toBe(200);
    }
  });

  it('refuses bad input with 422 and stores nothing', async () => {
    const before = (await s.request('GET', `${API}/webhook-registrations?workspaceId=${workspaceId}`, { token: wsKey })).body.data.data
      .length;
    const cases: [object, string][] = [
      [{ workspaceId, enabled: true }, 'url'],
      [{ url: 'http://receiver.example/h', workspaceId, enabled: true }, 'url'],
      [{ url: 'ftp://receiver.example/h', workspaceId, enabled: true }, 'url'],
      [{ url: 'https://user:pw@receiver.example/h', workspaceId, enabled: true }, 'url'],
      [{ url: 'not a url', workspaceId, enabled: true }, 'url'],
      [{ url: `https://receiver.example/${'x'.repeat(2100)}`, workspaceId, enabled: true }, 'url'],
      [{ url: HOOK, workspaceId, enabled: 'true' }, 'enabled'],
      [{ url: HOOK, workspaceId }, 'enabled'],
      [{ url: HOOK, enabled: true }, 'workspaceId'],
      [{ url: HOOK, workspaceId, enabled: true, eventTypes: ['comment_created', 'comment_deleted'] }, 'eventTypes.1'],
      [{ url: HOOK, workspaceId, enabled: true, eventTypes: 'comment_created' }, 'eventTypes'],
    ];
    for (const [body, path] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await s.request('POST', `${API}/webhook-registrations`, { token: wsKey, rawBody: '{"url":' })).body.error.code).toBe(
      'malformed_json',
    );
    const after = (await s.request('GET', `${API}/webhook-registrations?workspaceId=${workspaceId}`, { token: wsKey })).body.data.data
      .length;
    expect(after).toBe(before);
  });

  it('acts only on workspaces the key reaches (404 otherwise)', async () => {
    const now = s.clock.now();
    const otherOrg = await createOrganization(s.db, 'Elsewhere', now);
    const otherWs = await createWorkspace(s.db, otherOrg, 'Elsewhere', now);
    const siblingWs = await createWorkspace(s.db, s.seed.organizationId, 'Sibling', now);
    expect((await register({ url: HOOK, workspaceId: otherWs.id, enabled: true })).status).toBe(404);
    expect((await register({ url: HOOK, workspaceId: otherWs.id, enabled: true }, orgKey)).status).toBe(404);
    expect((await register({ url: HOOK, workspaceId: siblingWs.id, enabled: true })).status).toBe(404);
    expect((await register({ url: HOOK, workspaceId: 'not-a-uuid', enabled: true })).status).toBe(404);
    const viaOrg = await register({ url: HOOK, workspaceId: siblingWs.id, enabled: true }, orgKey);
    expect(viaOrg.status).toBe(200);
    expect(viaOrg.body.data.workspaceId).toBe(siblingWs.id);
    // The sibling's registration is out of reach of the first workspace's key.
    expect((await s.request('GET', `${API}/webhook-registrations/${viaOrg.body.data.id}`, { token: wsKey })).status).toBe(404);
    const foreignKey = await createApiKey(s.db, { kind: 'workspace', organizationId: otherOrg, workspaceId: otherWs.id, name: 'k', now });
    expect((await s.request('GET', `${API}/webhook-registrations/${viaOrg.body.data.id}`, { token: foreignKey })).status).toBe(404);
  });

  it('limits a workspace to 20 live registrations (409)', async () => {
    const ws = await createWorkspace(s.db, s.seed.organizationId, 'Busy', s.clock.now());
    for (let i = 0; i < 20; i++) expect((await register({ url: HOOK, workspaceId: ws.id, enabled: true }, orgKey)).status).toBe(200);
    const refused = await register({ url: HOOK, workspaceId: ws.id, enabled: true }, orgKey);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    const first = (await s.request('GET', `${API}/webhook-registrations?workspaceId=${ws.id}`, { token: orgKey })).body.data.data[0];
    expect((await s.request('DELETE', `${API}/webhook-registrations/${first.id}`, { token: orgKey })).status).toBe(204);
    expect((await register({ url: HOOK, workspaceId: ws.id, enabled: true }, orgKey)).status).toBe(200);
  });
});

describe('who may call', () => {
  it('refuses exchange tokens (403) and missing credentials (401) on every endpoint', async () => {
    const id = (await register({ url: HOOK, workspaceId, enabled: true })).body.data.id;
    const calls: [string, string, object?][] = [
      ['POST', `${API}/webhook-registrations`, { url: HOOK, workspaceId, enabled: true }],
      ['GET', `${API}/webhook-registrations?workspaceId=${workspaceId}`],
      ['GET', `${API}/webhook-registrations/${id}`],
      ['POST', `${API}/webhook-registrations/${id}`, { url: HOOK, enabled: false }],
      ['POST', `${API}/webhook-registrations/${id}/refresh-signing-key`],
      ['DELETE', `${API}/webhook-registrations/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const asReviewer = await s.request(method, path, { token: reviewer.token, ...(body ? { body } : {}) });
      expect(asReviewer.status, `${method} ${path}`).toBe(403);
      expect(asReviewer.body.error.code).toBe('forbidden');
      const anonymous = await s.request(method, path, body ? { body } : {});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect((await s.request('GET', `${API}/webhook-registrations/${id}`, { token: wsKey })).body.data.enabled).toBe(true);
  });
});

describe('reading, updating, rotating, deleting', () => {
  it('reads one and lists the workspace in the {data: {data: [...]}} envelope', async () => {
    const created = (await register({ url: `${HOOK}/list`, workspaceId, enabled: true })).body.data;
    expect((await s.request('GET', `${API}/webhook-registrations/${created.id}`, { token: wsKey })).body).toEqual({ data: created });
    const list = await s.request('GET', `${API}/webhook-registrations?workspaceId=${workspaceId}`, { token: orgKey });
    expect(list.status).toBe(200);
    expect(list.body.data.data).toContainEqual(created);
    expect((await s.request('GET', `${API}/webhook-registrations`, { token: wsKey })).status).toBe(400);
    expect((await s.request('GET', `${API}/webhook-registrations?workspaceId=nope`, { token: wsKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/webhook-registrations/not-a-uuid`, { token: wsKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/webhook-registrations/00000000-0000-4000-8000-000000000000`, { token: wsKey })).status).toBe(
      404,
    );
  });

  it('updates url and enabled, keeps eventTypes unless sent, moves modifiedAt', async () => {
    const created = (await register({ url: HOOK, workspaceId, eventTypes: ['comment_created'], enabled: true })).body.data;
    s.clock.advance(1000);
    const updated = await s.request('POST', `${API}/webhook-registrations/${created.id}`, {
      token: wsKey,
      body: { url: `${HOOK}/v2`, enabled: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      url: `${HOOK}/v2`,
      enabled: false,
      eventTypes: ['comment_created'],
      signingKey: created.signingKey,
      createdAt: created.createdAt,
    });
    expect(updated.body.data.modifiedAt).toBe(new Date(s.clock.now()).toISOString());
    const retyped = await s.request('POST', `${API}/webhook-registrations/${created.id}`, {
      token: wsKey,
      body: { url: HOOK, enabled: true, eventTypes: [] },
    });
    expect(retyped.body.data).toMatchObject({ enabled: true, eventTypes: [] });
    const bad = await s.request('POST', `${API}/webhook-registrations/${created.id}`, {
      token: wsKey,
      body: { url: 'http://example.com', enabled: true },
    });
    expect(bad.status).toBe(422);
    const missing = await s.request('POST', `${API}/webhook-registrations/${created.id}`, { token: wsKey, body: { enabled: true } });
    expect(missing.status).toBe(422);
  });

  it('refresh-signing-key replaces the key and nothing else', async () => {
    const created = (await register({ url: HOOK, workspaceId, enabled: true })).body.data;
    const rotated = await s.request('POST', `${API}/webhook-registrations/${created.id}/refresh-signing-key`, { token: orgKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.signingKey).toMatch(/^whsec_/);
    expect(rotated.body.data.signingKey).not.toBe(created.signingKey);
    expect({ ...rotated.body.data, signingKey: '', modifiedAt: '' }).toEqual({ ...created, signingKey: '', modifiedAt: '' });
    expect((await s.request('GET', `${API}/webhook-registrations/${created.id}`, { token: wsKey })).body.data.signingKey).toBe(
      rotated.body.data.signingKey,
    );
  });

  it('deletes (204), after which the registration is gone for every endpoint', async () => {
    const created = (await register({ url: HOOK, workspaceId, enabled: true })).body.data;
    expect((await s.request('DELETE', `${API}/webhook-registrations/${created.id}`, { token: wsKey })).status).toBe(204);
    expect((await s.request('GET', `${API}/webhook-registrations/${created.id}`, { token: wsKey })).status).toBe(404);
    expect(
      (await s.request('POST', `${API}/webhook-registrations/${created.id}`, { token: wsKey, body: { url: HOOK, enabled: true } })).status,
    ).toBe(404);
    expect((await s.request('POST', `${API}/webhook-registrations/${created.id}/refresh-signing-key`, { token: wsKey })).status).toBe(404);
    expect((await s.request('DELETE', `${API}/webhook-registrations/${created.id}`, { token: wsKey })).status).toBe(404);
    const list = (await s.request('GET', `${API}/webhook-registrations?workspaceId=${workspaceId}`, { token: wsKey })).body.data.data;
    expect(list.map((r: { id: string }) => r.id)).not.toContain(created.id);
  });
});
