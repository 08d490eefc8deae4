/**
 * §4.8 uploads through the API: policies per resource type (types, sizes, what resourceId means,
 * who may ask), completion against what is really in the store, and the refusals a client needs
 * to tell apart (upload_not_found, etag_mismatch, 404 for what is not theirs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, md5Hex, postForm, threadBody, twoReviewersAndAThread, type TestServer } from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let threadId: string;
beforeAll(async () => {
  ({ s, alice, bob, threadId } = await twoReviewersAndAThread());
});
afterAll(async () => {
  await s.close();
});

const policy = (token: string, body: Record<string, unknown>) =>
  s.request('POST', `${API}/upload-policy`, {
    token,
    body: {
      resourceType: 'message_attachment',
      resourceId: threadId,
      filename: 'notes.txt',
      contentType: 'text/plain',
      filesize: 5,
      ...body,
    },
  });
const complete = (token: string, body: Record<string, unknown>) => s.request('POST', `${API}/upload-complete`, { token, body });

describe('POST /upload-policy', () => {
  it('records a pending upload and returns an S3 POST policy for it', async () => {
    const res = await policy(alice.token, { filename: 'Ünïcode résumé (final).pdf', contentType: 'Application/PDF', filesize: 1234 });
    expect(res.status).toBe(200);
    const { fileId, key, bucket, policy: post, metadata } = res.body.data;
    expect(key).toBe(`ws/${s.seed.workspaceId}/message_attachment/${fileId}/Unicode-resume-final.pdf`);
    expect(bucket).toBe('pinmark');
    expect(post.url).toBe('http://localhost:8787/storage/pinmark');
    expect(post.fields).toMatchObject({
      key,
      'Content-Type': 'application/pdf',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-meta-file-id': fileId,
    });
    expect(metadata).toEqual({ 'file-id': fileId, 'resource-type': 'message_attachment', 'resource-id': threadId });
    const conditions = JSON.parse(Buffer.from(post.fields.policy, 'base64').toString()).conditions;
    expect(conditions).toContainEqual(['content-length-range', 1, 1234]);
    const row = (
      await s.db.query<{ completed_at: Date | null; filename: string; created_by_user_id: string }>(
        'SELECT completed_at, filename, created_by_user_id FROM uploads WHERE id = $1',
        [fileId],
      )
    )[0];
    expect(row).toEqual({ completed_at: null, filename: 'Ünïcode résumé (final).pdf', created_by_user_id: alice.userId });
  });

  it('refuses types a resource does not take (415) and files over its limit (413)', async () => {
    for (const [resourceType, contentType] of [
      ['message_attachment', 'text/html'],
      ['message_attachment', 'image/svg+xml'],
      ['thread_screenshot', 'image/gif'],
    ]) {
      const res = await policy(alice.token, { resourceType, contentType });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
    }
    expect((await policy(alice.token, { contentType: 'text/plain; charset=utf-8' })).body.data.policy.fields['Content-Type']).toBe(
      'text/plain',
    );
    const big = await policy(alice.token, { filesize: 25 * 1024 * 1024 + 1 });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    expect(
      (await policy(alice.token, { resourceType: 'thread_screenshot', contentType: 'image/png', filesize: 10 * 1024 * 1024 + 1 })).status,
    ).toBe(413);
    expect((await policy(alice.token, { filesize: 0 })).status).toBe(422);
    expect((await policy(alice.token, { resourceType: 'avatar' })).status).toBe(422);
  });

  it('takes a thread (reply) or a markup (new thread) the caller reaches for attachments; 404 otherwise', async () => {
    expect((await policy(alice.token, { resourceId: s.seed.markupId })).status).toBe(200);
    expect((await policy(alice.token, { resourceId: threadId.toUpperCase() })).status).toBe(200);
    const otherMarkup = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Other',
      url: 'https://o.example/',
      now: s.clock.now(),
    });
    const otherThread = (
      await s.request('POST', `${API}/threads`, { token: s.seed.workspaceApiKey, body: threadBody({ projectId: otherMarkup }) })
    ).body.data.id;
    for (const resourceId of [otherMarkup, otherThread, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await policy(alice.token, { resourceId });
      expect(res.status).toBe(404);
    }
    expect((await policy(s.seed.workspaceApiKey, { resourceId: otherThread })).status).toBe(200);
    expect((await policy('', {})).status).toBe(401);
  });

  it('lets only the author (or an API key) upload a thread screenshot', async () => {
    const body = { resourceType: 'thread_screenshot', contentType: 'image/png', filename: 'shot.png' };
    expect((await policy(alice.token, body)).status).toBe(200);
    expect((await policy(s.seed.workspaceApiKey, body)).status).toBe(200);
    const res = await policy(bob.token, body);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('keeps admin uploads (assets, avatars, icons) for API keys', async () => {
    const image = { contentType: 'image/png', filename: 'x.png' };
    expect((await policy(alice.token, { ...image, resourceType: 'markup_asset', resourceId: s.seed.markupId })).status).toBe(403);
    expect((await policy(alice.token, { ...image, resourceType: 'user_avatar', resourceId: alice.userId })).status).toBe(403);
    expect((await policy(s.seed.workspaceApiKey, { ...image, resourceType: 'markup_asset', resourceId: s.seed.markupId })).status).toBe(
      200,
    );
    expect((await policy(s.seed.workspaceApiKey, { ...image, resourceType: 'user_avatar', resourceId: alice.userId })).status).toBe(200);
    expect(
      (await policy(s.seed.workspaceApiKey, { ...image, resourceType: 'workspace_icon', resourceId: s.seed.workspaceId })).status,
    ).toBe(200);
    expect(
      (await policy(s.seed.workspaceApiKey, { ...image, resourceType: 'external_user_avatar', resourceId: 'customer-42' })).status,
    ).toBe(200);
    expect(
      (await policy(s.seed.organizationApiKey, { ...image, resourceType: 'external_user_avatar', resourceId: 'customer-42' })).status,
    ).toBe(403);
    expect(
      (
        await policy(s.seed.workspaceApiKey, {
          ...image,
          resourceType: 'workspace_icon',
          resourceId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
  });
});

describe('POST /upload-complete', () => {
  async function newPolicy(token = alice.token, filesize = 5) {
    return (await policy(token, { filesize })).body.data as {
      fileId: string;
      key: string;
      policy: { url: string; fields: Record<string, string> };
    };
  }

  it('needs the file in the store with the reported ETag, then completes (quotes and case tolerated)', async () => {
    const p = await newPolicy();
    const early = await complete(alice.token, { fileId: p.fileId, etag: md5Hex('hello') });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('upload_not_found');
    const uploaded = await postForm(s.app, p.policy, { bytes: 'hello', type: 'text/plain' });
    expect(uploaded.status).toBe(204);
    const wrong = await complete(alice.token, { fileId: p.fileId, etag: md5Hex('other') });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('etag_mismatch');
    const res = await complete(alice.token, {
      fileId: p.fileId,
      etag: uploaded.headers.get('etag')!.toUpperCase(),
      resourceType: 'message_attachment',
      resourceId: threadId,
      key: p.key,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      fileId: p.fileId,
      key: p.key,
      etag: md5Hex('hello'),
      mimeType: 'text/plain',
      originalFilename: 'notes.txt',
      filesize: 5,
      url: expect.stringContaining('/storage/pinmark/ws/'),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(res.body.data.expiresAt) - s.clock.now()).toBeGreaterThanOrEqual(60 * 60 * 1000);
    expect(await (await s.app.request(res.body.data.url)).text()).toBe('hello');
    expect((await complete(alice.token, { fileId: p.fileId, etag: md5Hex('hello') })).status).toBe(200);
    // Completed: the store no longer lets the policy replace the file.
    const again = await postForm(s.app, p.policy, { bytes: 'HELLO', type: 'text/plain' });
    expect(again.status).toBe(409);
    expect(await (await s.app.request(res.body.data.url)).text()).toBe('hello');
  });

  it('is only for whoever made the upload', async () => {
    const p = await newPolicy();
    await postForm(s.app, p.policy, { bytes: 'hello' });
    const etag = md5Hex('hello');
    expect((await complete(bob.token, { fileId: p.fileId, etag })).status).toBe(404);
    const orgId = await createOrganization(s.db, 'Foreign', s.clock.now());
    const ws = await createWorkspace(s.db, orgId, 'Foreign', s.clock.now());
    const foreignKey = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: orgId,
      workspaceId: ws.id,
      name: 'Foreign key',
      now: s.clock.now(),
    });
    expect((await complete(foreignKey, { fileId: p.fileId, etag })).status).toBe(404);
    expect((await complete(alice.token, { fileId: 'nope', etag })).status).toBe(404);
    expect((await complete(alice.token, { fileId: p.fileId, etag, resourceId: s.seed.markupId })).status).toBe(422);
    expect((await complete(s.seed.workspaceApiKey, { fileId: p.fileId, etag })).status).toBe(200);
  });
});
