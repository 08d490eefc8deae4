/**
 * Spec §8 ("Limits"), one test per row of its table, and the rules of §7 ("Errors") that state a
 * behaviour, end to end through the HTTP app. The route suites test each in depth; this file is
 * the one place that checks the spec's lists themselves. Open status codes follow
 * docs/api-decisions.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKUP_FILE_MAX_BYTES } from './domain/upload-rules.ts';
import { freshWorkspace, newMarkup } from './testing/items-fixtures.ts';
import { API, PNG_1X1, TEST_SDK_ORIGIN, createTestServer, type TestServer } from './testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const count = async (sql: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params))[0]!.n;
const liveWorkspace = (key: string) => s.request('GET', `${API}/workspace`, { token: key });

describe('§8 limits', () => {
  it('§8 Multipart file upload size must not exceed 100 MB on POST /markups/file (413 above; larger files use the storage-upload endpoint)', async () => {
    expect(MARKUP_FILE_MAX_BYTES).toBe(100 * 1024 * 1024);
    const upload = (body: BodyInit, headers: Record<string, string> = {}) => {
      const init: RequestInit & { duplex?: string } = {
        method: 'POST',
        headers: { Authorization: `Bearer ${s.seed.workspaceApiKey}`, ...headers },
        body,
      };
      if (body instanceof ReadableStream) init.duplex = 'half';
      return s.app.request(`${API}/markups/file?workspaceId=${s.seed.workspaceId}`, init);
    };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'small.png');
    expect((await upload(form)).status).toBe(200);
    // A declared length one byte over the limit is refused before the body is read, so the test
    // never produces 100 MB: the stream would hand out 1 KiB per pull forever.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const uploads = await count('SELECT id FROM uploads');
    const res = await upload(endless, {
      'Content-Type': 'multipart/form-data; boundary=b',
      'Content-Length': String(MARKUP_FILE_MAX_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('/markups/objectstore') });
    expect(pulled).toBeLessThan(5);
    expect(await count('SELECT id FROM uploads')).toBe(uploads);
  });

  it('§8 Invite list: at most 25 e-mail addresses on POST /users/invite (26 → 422, nothing stored)', async () => {
    const invite = (n: number, prefix: string) =>
      s.request('POST', `${API}/users/invite`, {
        token: s.seed.workspaceApiKey,
        body: { emails: Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`) },
      });
    const before = await count('SELECT id FROM workspace_invitations');
    const refused = await invite(26, 'over');
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(await count('SELECT id FROM workspace_invitations')).toBe(before);
    expect((await invite(25, 'max')).status).toBe(204);
    expect(await count('SELECT id FROM workspace_invitations')).toBe(before + 25);
  });

  it('§8 Workspace keys may delete only their own workspace on DELETE /workspace', async () => {
    const mine = await freshWorkspace(s, 'Mine');
    const other = await freshWorkspace(s, 'Other');
    expect((await s.request('DELETE', `${API}/workspace?workspaceId=${other.id}`, { token: mine.key })).status).toBe(404);
    expect((await s.request('DELETE', `${API}/workspace`, { token: mine.key, body: { workspaceId: other.id } })).status).toBe(404);
    expect((await liveWorkspace(other.key)).status).toBe(200);
    expect((await s.request('DELETE', `${API}/workspace`, { token: mine.key })).status).toBe(204);
    expect((await liveWorkspace(mine.key)).status).toBe(401);
    expect((await liveWorkspace(other.key)).status).toBe(200);
  });
});

describe('§7 errors', () => {
  it('§7 403 is returned to a workspace-scoped API key calling POST /workspace (nothing created)', async () => {
    const before = await count('SELECT id FROM workspaces');
    const res = await s.request('POST', `${API}/workspace`, { token: s.seed.workspaceApiKey, body: { name: 'Not allowed' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(await count('SELECT id FROM workspaces')).toBe(before);
    expect((await s.request('POST', `${API}/workspace`, { token: s.seed.organizationApiKey, body: { name: 'Allowed' } })).status).toBe(201);
  });

  it('§7 204 is the success status of operations without body', async () => {
    const ws = await freshWorkspace(s, 'No body');
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'Archived');
    const archived = await s.request('PATCH', `${API}/items/archive`, { token: ws.key, body: { folderItemIds: [markupId] } });
    const deleted = await s.request('DELETE', `${API}/markups/${markupId}`, { token: ws.key });
    for (const res of [archived, deleted]) {
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    }
  });

  it('§7 Pausing new comments is refused when the plan lacks pauseCommentsEnabled (403, docs/api-decisions.md); resuming is always allowed', async () => {
    const ws = await freshWorkspace(s, 'Plan without pausing');
    await s.db.query('UPDATE workspaces SET plan_pause_comments_enabled = false WHERE id = $1', [ws.id]);
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'M');
    const setReadOnly = (readOnly: boolean) =>
      s.request('PATCH', `${API}/markups/${markupId}/read-only`, { token: ws.key, body: { readOnly } });
    expect((await setReadOnly(true)).status).toBe(403);
    expect((await setReadOnly(false)).status).toBe(200);
  });

  it('§7 Updating a workspace needs at least one of name and slug (PATCH /workspace {} → 422, nothing changed)', async () => {
    const ws = await freshWorkspace(s, 'Unchanged');
    const res = await s.request('PATCH', `${API}/workspace`, { token: ws.key, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await liveWorkspace(ws.key)).body.data).toMatchObject({ name: 'Unchanged', slug: null });
    expect((await s.request('PATCH', `${API}/workspace`, { token: ws.key, body: { slug: 'now-named' } })).status).toBe(200);
  });

  it('§7 An exchange token on POST /auth/sdk-exchange, and a second or expired read of an SDK session, are refused (401; 409 / 410)', async () => {
    const exchange = await s.exchangeToken({ sub: 'spec-sdk' });
    const body = (state: string) => ({ publicKey: s.seed.publicKey, markupId: s.seed.markupId, sdkOrigin: TEST_SDK_ORIGIN, state });
    expect(
      (await s.request('POST', `${API}/auth/sdk-exchange`, { token: exchange.token, body: body('spec-renew-abcdefghijklmnopq') })).status,
    ).toBe(401);
    const read = (state: string) =>
      s.request(
        'GET',
        `${API}/auth/sdk-exchange/result?${new URLSearchParams({ state, publicKey: s.seed.publicKey, markupId: s.seed.markupId })}`,
        {
          headers: { Origin: TEST_SDK_ORIGIN },
        },
      );
    const idp = await s.idpAccessToken();
    for (const state of ['spec-twice-abcdefghijklmnopq', 'spec-late-abcdefghijklmnopqr']) {
      expect((await s.request('POST', `${API}/auth/sdk-exchange`, { token: idp, body: body(state) })).status).toBe(200);
    }
    expect((await read('spec-twice-abcdefghijklmnopq')).status).toBe(200);
    expect((await read('spec-twice-abcdefghijklmnopq')).status).toBe(409);
    s.clock.advance(5 * 60_000);
    try {
      expect((await read('spec-late-abcdefghijklmnopqr')).status).toBe(410);
    } finally {
      s.clock.advance(-5 * 60_000);
    }
  });
});
