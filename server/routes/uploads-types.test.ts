/**
 * Every UploadResourceType end to end: policy → the file posted to the local store → upload-complete
 * → the resource shows or uses it (a message's attachment, the thread's screenshot from a
 * screenshot or snapshot upload, a file markup converted by the worker, a member's avatar, an
 * external user's avatarFileId, the workspace icon) — each with the refusals that matter for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../db/db.ts';
import { createApiKey, createOrganization, createWorkspace } from '../seed.ts';
import { API, md5Hex, PNG_1X1, postForm, silentLogger, twoReviewersAndAThread, type TestServer } from '../testing/support.ts';
import { createConversionWorker } from '../conversion/worker.ts';
import { pngOf } from '../testing/conversion-files.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let threadId: string;
let key: string;
beforeAll(async () => {
  ({ s, alice, bob, threadId } = await twoReviewersAndAThread());
  key = s.seed.workspaceApiKey;
});
afterAll(async () => {
  await s.close();
});

interface Uploaded {
  fileId: string;
  key: string;
  etag: string;
  url: string;
}

/** Policy, POST to the store, complete; fails the test on any step that is not a success. */
async function upload(
  token: string,
  resourceType: string,
  resourceId: string,
  bytes: Uint8Array = PNG_1X1,
  contentType = 'image/png',
): Promise<Uploaded> {
  const policy = await s.request('POST', `${API}/upload-policy`, {
    token,
    body: { resourceType, resourceId, filename: 'file.png', contentType, filesize: bytes.length },
  });
  expect(policy.status, policy.text).toBe(200);
  const stored = await postForm(s.app, policy.body.data.policy, { bytes, type: contentType });
  expect(stored.status).toBe(204);
  const done = await s.request('POST', `${API}/upload-complete`, {
    token,
    body: { fileId: policy.body.data.fileId, etag: stored.headers.get('etag') },
  });
  expect(done.status, done.text).toBe(200);
  return { fileId: policy.body.data.fileId, key: policy.body.data.key, etag: md5Hex(bytes), url: done.body.data.url };
}
const policyStatus = async (token: string, body: Record<string, unknown>) =>
  (await s.request('POST', `${API}/upload-policy`, { token, body: { filename: 'f.png', contentType: 'image/png', filesize: 10, ...body } }))
    .status;
/** The bytes behind a signed URL the API handed out. */
const fetchBytes = async (url: string) => Buffer.from(await (await s.app.request(url)).arrayBuffer());

describe('uploads of every resource type are usable', () => {
  it('message_attachment: attached to a reply, shown with a signed URL', async () => {
    const file = await upload(alice.token, 'message_attachment', threadId, Buffer.from('hello'), 'text/plain');
    const reply = await s.request('POST', `${API}/threads/${threadId}/messages`, {
      token: alice.token,
      body: { content: 'see file', attachments: [{ fileId: file.fileId }] },
    });
    expect(reply.status).toBe(200);
    expect(await fetchBytes(reply.body.data.attachments[0].url)).toEqual(Buffer.from('hello'));
    // Another reviewer cannot attach it (it is not theirs).
    const other = await s.request('POST', `${API}/threads/${threadId}/messages`, {
      token: bob.token,
      body: { content: 'mine', attachments: [{ fileId: file.fileId }] },
    });
    expect(other.status).toBe(422);
  });

  for (const type of ['thread_screenshot', 'thread_snapshot'] as const) {
    it(`${type}: becomes the thread's screenshot through PUT /threads/:id/screenshot`, async () => {
      const file = await upload(alice.token, type, threadId);
      const put = await s.request('PUT', `${API}/threads/${threadId}/screenshot`, {
        token: alice.token,
        body: { fileId: file.fileId, key: file.key, etag: file.etag, mimeType: 'image/png', width: 1, height: 1, filesize: PNG_1X1.length },
      });
      expect(put.status, put.text).toBe(200);
      const shown = await s.request('GET', `${API}/threads/${threadId}/screenshot`, { token: bob.token });
      expect(await fetchBytes(shown.body.data.url)).toEqual(PNG_1X1);
      // Only the thread's author (or an API key) may upload one.
      expect(await policyStatus(bob.token, { resourceType: type, resourceId: threadId })).toBe(403);
    });
  }

  it('markup_asset: named by POST /markups/bulk/from-files, then converted and ready', async () => {
    const png = await pngOf(500, 250);
    const file = await upload(key, 'markup_asset', s.seed.workspaceId, png);
    const created = await s.request('POST', `${API}/markups/bulk/from-files`, {
      token: key,
      body: { items: [{ fileId: file.fileId, name: 'Uploaded mockup' }] },
    });
    expect(created.status, created.text).toBe(204);
    const asset = await queryOne<{ markup_id: string }>(s.db, 'SELECT markup_id FROM markup_assets WHERE file_id = $1', [file.fileId]);
    expect(await queryOne(s.db, 'SELECT is_ready FROM markups WHERE id = $1', [asset!.markup_id])).toEqual({ is_ready: false });
    await createConversionWorker({ db: s.db, store: s.storage, clock: s.clock, log: silentLogger }).runOnce();
    expect(await queryOne(s.db, 'SELECT is_ready FROM markups WHERE id = $1', [asset!.markup_id])).toEqual({ is_ready: true });
    expect(await queryOne(s.db, 'SELECT width, height FROM markup_assets WHERE file_id = $1', [file.fileId])).toEqual({
      width: 500,
      height: 250,
    });
    // Reviewers do not upload markup files; a PDF is fine, an SVG is not.
    expect(await policyStatus(alice.token, { resourceType: 'markup_asset', resourceId: s.seed.workspaceId })).toBe(403);
    expect(await policyStatus(key, { resourceType: 'markup_asset', resourceId: s.seed.workspaceId, contentType: 'application/pdf' })).toBe(
      200,
    );
    expect(await policyStatus(key, { resourceType: 'markup_asset', resourceId: s.seed.workspaceId, contentType: 'image/svg+xml' })).toBe(
      415,
    );
  });

  it("user_avatar: becomes the member's avatar on completion, replacing the previous one", async () => {
    const member = (await queryOne<{ user_id: string }>(s.db, 'SELECT user_id FROM workspace_members WHERE workspace_id = $1 LIMIT 1', [
      s.seed.workspaceId,
    ]))!.user_id;
    const first = await upload(key, 'user_avatar', member);
    const listed = async () =>
      (await s.request('GET', `${API}/users`, { token: key })).body.data.users.find((u: { id: string }) => u.id === member);
    expect(await fetchBytes((await listed()).avatarUrl)).toEqual(PNG_1X1);
    const png = await pngOf(64, 64);
    await upload(key, 'user_avatar', member, png);
    expect(await fetchBytes((await listed()).avatarUrl)).toEqual(png);
    // The replaced avatar's file and upload are gone.
    expect(await s.storage.head(first.key)).toBeNull();
    expect(await queryOne(s.db, 'SELECT 1 FROM uploads WHERE id = $1', [first.fileId])).toBeUndefined();
    expect(await policyStatus(alice.token, { resourceType: 'user_avatar', resourceId: member })).toBe(403);
    expect(await policyStatus(key, { resourceType: 'user_avatar', resourceId: '00000000-0000-4000-8000-000000000000' })).toBe(404);
    expect(await policyStatus(key, { resourceType: 'user_avatar', resourceId: member, contentType: 'image/gif' })).toBe(415);
    expect(await policyStatus(key, { resourceType: 'user_avatar', resourceId: member, filesize: 3 * 1024 * 1024 })).toBe(413);
  });

  it('external_user_avatar: named as avatarFileId of an external user, shown with a signed avatarUrl', async () => {
    const file = await upload(key, 'external_user_avatar', 'ext-42');
    expect(
      (
        await s.request('POST', `${API}/users/external`, {
          token: key,
          body: { externalId: 'ext-42', name: 'Ext', avatarFileId: file.fileId },
        })
      ).status,
    ).toBe(204);
    const read = await s.request('GET', `${API}/users/external/ext-42`, { token: key });
    expect(read.body.data.avatarFileId).toBe(file.fileId);
    expect(await fetchBytes(read.body.data.avatarUrl)).toEqual(PNG_1X1);
    // Not completed, or not an avatar: refused with 422, nothing changed.
    const pending = await s.request('POST', `${API}/upload-policy`, {
      token: key,
      body: { resourceType: 'external_user_avatar', resourceId: 'ext-42', filename: 'a.png', contentType: 'image/png', filesize: 10 },
    });
    const attachment = await upload(alice.token, 'message_attachment', threadId, Buffer.from('x'), 'text/plain');
    for (const fileId of [pending.body.data.fileId, attachment.fileId]) {
      expect((await s.request('PATCH', `${API}/users/external/ext-42`, { token: key, body: { avatarFileId: fileId } })).status).toBe(422);
    }
    expect((await s.request('GET', `${API}/users/external/ext-42`, { token: key })).body.data.avatarFileId).toBe(file.fileId);
    // External users belong to a workspace: organization keys cannot upload for them.
    expect(await policyStatus(s.seed.organizationApiKey, { resourceType: 'external_user_avatar', resourceId: 'ext-42' })).toBe(403);
  });

  it("workspace_icon: becomes the workspace's icon, shown by GET /workspace as iconUrl", async () => {
    expect((await s.request('GET', `${API}/workspace`, { token: key })).body.data.iconUrl).toBeUndefined();
    await upload(key, 'workspace_icon', s.seed.workspaceId);
    const ws = await s.request('GET', `${API}/workspace`, { token: key });
    expect(await fetchBytes(ws.body.data.iconUrl)).toEqual(PNG_1X1);
    // Another organization's workspace is out of reach (404), and reviewers may not set it (403).
    const now = s.clock.now();
    const other = await createWorkspace(s.db, await createOrganization(s.db, 'Other org', now), 'Other', now);
    expect(await policyStatus(key, { resourceType: 'workspace_icon', resourceId: other.id })).toBe(404);
    const otherKey = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: (await queryOne<{ organization_id: string }>(s.db, 'SELECT organization_id FROM workspaces WHERE id = $1', [
        other.id,
      ]))!.organization_id,
      workspaceId: other.id,
      name: 'k',
      now,
    });
    expect(await policyStatus(otherKey, { resourceType: 'workspace_icon', resourceId: s.seed.workspaceId })).toBe(404);
    expect(await policyStatus(alice.token, { resourceType: 'workspace_icon', resourceId: s.seed.workspaceId })).toBe(403);
  });
});
