/**
 * Hole 8 of issue 13: any reviewer could upload until the disk was full — every upload policy was
 * granted, whatever the uploader and their workspace had stored already. Storage now has a quota
 * per user and per workspace (`config.quotas`), counted from the `uploads` ledger (completed sizes
 * plus the declared sizes of pending policies, so concurrent policies cannot overshoot): a file
 * that can never fit is refused with 413 `payload_too_large`, one that does not fit now with 507
 * `quota_exceeded` and a message saying how much is used, at policy/presign time, again when an
 * upload completes, and while a multipart upload streams. API keys read the usage at
 * GET /workspace/storage, deleting files gives the space back, and the policy of a deleted file
 * cannot store it again outside the ledger.
 * Here: reviewers' uploads, usage, freeing space, the ledger and races; API key uploads (presigned
 * PUT, streamed multipart) are in storage-quota-api-keys.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../seed.ts';
import { sweepUploads } from '../model/file-cleanup.ts';
import { API, md5Hex, PNG_1X1, postForm, silentLogger, threadBody, type TestServer } from '../testing/support.ts';
import {
  count,
  expectCountersMatchLedger,
  expectRefused,
  objectFiles,
  policy,
  quotaServer,
  storedBytes,
  storeFile,
  USER_BYTES,
  WORKSPACE_BYTES,
  type Reviewer,
} from '../testing/storage-quota.ts';

describe('a reviewer fills their quota, then the workspace is filled', () => {
  let s: TestServer;
  let alice: Reviewer;
  let threadId: string;
  let attachedFileId: string;

  beforeAll(async () => {
    s = await quotaServer();
    alice = await s.exchangeToken({ sub: 'quota-alice', name: 'Alice' });
    threadId = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
  });
  afterAll(async () => {
    await s.close();
  });

  it('refuses a reviewer past their own quota at policy time (507), whatever the route, and stores nothing', async () => {
    attachedFileId = await storeFile(s, alice.token, threadId, 600);
    // A pending policy reserves its declared size: 600 stored + 400 promised = the whole quota.
    expect((await policy(s, alice.token, threadId, 400)).status).toBe(200);
    const uploads = await count(s, 'SELECT id FROM uploads');

    const refused = await policy(s, alice.token, threadId, 1);
    expectRefused(refused, 507, /^You have used 1000 bytes of your 1000 bytes of storage in this workspace/);
    expect(refused.body.error.message).toMatch(/delete files/i);
    const shot = `${API}/threads/${threadId}/screenshot-upload-policy?fileId=${crypto.randomUUID()}&filesize=10&filename=shot.png&mimeType=image/png`;
    expectRefused(await s.request('GET', shot, { token: alice.token }), 507, /^You have used/);
    expect(await count(s, 'SELECT id FROM uploads')).toBe(uploads);
  });

  it('refuses a file larger than the quota itself with 413: it can never fit', async () => {
    const res = await policy(s, alice.token, threadId, USER_BYTES + 1);
    expectRefused(res, 413, /larger than your storage quota of 1000 bytes/);
  });

  it('still lets other reviewers upload, until the workspace quota is used up; then nobody can, API keys included', async () => {
    for (const sub of ['quota-bob', 'quota-carol', 'quota-dave', 'quota-erin']) {
      const other = await s.exchangeToken({ sub, name: sub });
      await storeFile(s, other.token, s.seed.markupId, 1000);
    }
    expect(await storedBytes(s)).toBe(WORKSPACE_BYTES);
    const frank = await s.exchangeToken({ sub: 'quota-frank', name: 'Frank' });
    expectRefused(
      await policy(s, frank.token, s.seed.markupId, 1),
      507,
      /^This workspace has used 5000 bytes of its 5000 bytes of storage/,
    );
    const key = s.seed.workspaceApiKey;
    expectRefused(await policy(s, key, s.seed.workspaceId, 10, 'markup_asset'), 507, /^This workspace has used/);
    const markups = await count(s, 'SELECT id FROM markups');
    const presign = await s.request('POST', `${API}/markups/objectstore?workspaceId=${s.seed.workspaceId}&filesize=10&mimeType=image/png`, {
      token: key,
    });
    expectRefused(presign, 507, /^This workspace has used/);
    expect(await count(s, 'SELECT id FROM markups')).toBe(markups);
    expect(await storedBytes(s)).toBe(WORKSPACE_BYTES);
  });

  it('shows API keys the usage of the workspace and of each user; a reviewer sees their own', async () => {
    const res = await s.request('GET', `${API}/workspace/storage`, { token: s.seed.workspaceApiKey });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      workspaceId: s.seed.workspaceId,
      usedBytes: 5000,
      pendingBytes: 400,
      quotaBytes: WORKSPACE_BYTES,
      userQuotaBytes: USER_BYTES,
    });
    expect(res.body.data.users).toHaveLength(5);
    expect(res.body.data.users).toContainEqual({
      userId: alice.userId,
      name: 'Alice',
      kind: 'external',
      usedBytes: 1000,
      pendingBytes: 400,
      quotaBytes: USER_BYTES,
    });

    const own = await s.request('GET', `${API}/workspace/storage`, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body.data.user).toEqual({ userId: alice.userId, usedBytes: 1000, pendingBytes: 400, quotaBytes: USER_BYTES });
    expect(own.body.data.users).toBeUndefined();

    const org = s.seed.organizationApiKey;
    expect((await s.request('GET', `${API}/workspace/storage`, { token: org })).status).toBe(400);
    const other = await createWorkspace(s.db, s.seed.organizationId, 'Empty', s.clock.now());
    const empty = await s.request('GET', `${API}/workspace/storage?workspaceId=${other.id}`, { token: org });
    expect(empty.body.data).toMatchObject({ workspaceId: other.id, usedBytes: 0, users: [] });
    // Another workspace is as unknown to a workspace key or a reviewer as a made-up id.
    for (const token of [s.seed.workspaceApiKey, alice.token]) {
      const res404 = await s.request('GET', `${API}/workspace/storage?workspaceId=${other.id}`, { token });
      const made = await s.request('GET', `${API}/workspace/storage?workspaceId=${crypto.randomUUID()}`, { token });
      expect(res404.status).toBe(404);
      expect(res404.body).toEqual(made.body);
    }
  });

  it('gives the space back when files are deleted, and when an abandoned policy is swept', async () => {
    const message = await s.request('POST', `${API}/threads/${threadId}/messages`, {
      token: alice.token,
      body: { message: { ops: [{ insert: 'See attached\n' }] }, attachments: [{ fileId: attachedFileId }] },
    });
    expect(message.status, message.text).toBe(200);
    expect((await s.request('DELETE', `${API}/messages/${message.body.data.id}`, { token: alice.token })).status).toBe(204);
    expect(await storedBytes(s, alice.userId)).toBe(400);
    expect((await policy(s, alice.token, threadId, 600)).status).toBe(200);
    expectRefused(await policy(s, alice.token, threadId, 1), 507, /^You have used/);

    // Policies never completed stop counting once the sweep removed them (a day later).
    s.clock.advance(25 * 60 * 60 * 1000);
    await sweepUploads(s.db, s.storage, s.clock.now(), silentLogger);
    expect(await storedBytes(s, alice.userId)).toBe(0);
    const renewed = await s.exchangeToken({ sub: 'quota-alice', name: 'Alice' });
    expect((await policy(s, renewed.token, threadId, 1000)).status).toBe(200);
    await expectCountersMatchLedger(s);
  });
});

describe('storing past the ledger', () => {
  let s: TestServer;
  afterAll(async () => {
    await s.close();
  });

  it('refuses to store a deleted or re-issued upload again with its still valid policy (it would count nowhere)', async () => {
    s = await quotaServer();
    const mallory = await s.exchangeToken({ sub: 'mallory' });
    const threadId = (await s.request('POST', `${API}/threads`, { token: mallory.token, body: threadBody() })).body.data.id;
    const bytes = 'z'.repeat(900);
    const p = await policy(s, mallory.token, threadId, 900);
    expect((await postForm(s.app, p.body.data.policy, { bytes, type: 'text/plain' })).status).toBe(204);
    expect(
      (
        await s.request('POST', `${API}/upload-complete`, {
          token: mallory.token,
          body: { fileId: p.body.data.fileId, etag: md5Hex(bytes) },
        })
      ).status,
    ).toBe(200);
    const message = await s.request('POST', `${API}/threads/${threadId}/messages`, {
      token: mallory.token,
      body: { message: { ops: [{ insert: 'x\n' }] }, attachments: [{ fileId: p.body.data.fileId }] },
    });
    expect((await s.request('DELETE', `${API}/messages/${message.body.data.id}`, { token: mallory.token })).status).toBe(204);
    expect((await postForm(s.app, p.body.data.policy, { bytes, type: 'text/plain' })).status).toBe(409);

    // A screenshot policy asked again under another name moves the upload to a new key.
    const fileId = crypto.randomUUID();
    const shot = (filename: string) =>
      `${API}/threads/${threadId}/screenshot-upload-policy?fileId=${fileId}&filesize=${PNG_1X1.length}&filename=${filename}&mimeType=image/png`;
    const first = await s.request('GET', shot('a.png'), { token: mallory.token });
    expect((await s.request('GET', shot('b.png'), { token: mallory.token })).status).toBe(200);
    expect((await postForm(s.app, first.body.data.policy, { bytes: PNG_1X1, type: 'image/png' })).status).toBe(409);
    expect(objectFiles(s)).toEqual([]);
  });
});

describe('racing the quota', () => {
  let s: TestServer;
  let threadId: string;

  beforeAll(async () => {
    s = await quotaServer();
    const author = await s.exchangeToken({ sub: 'race-author' });
    threadId = (await s.request('POST', `${API}/threads`, { token: author.token, body: threadBody() })).body.data.id;
  });
  afterAll(async () => {
    await s.close();
  });

  it('never grants concurrent policies of one reviewer more than their quota', async () => {
    const racer = await s.exchangeToken({ sub: 'racer' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => policy(s, racer.token, threadId, 300)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 507, 507, 507, 507, 507]);
    expect(await storedBytes(s, racer.userId)).toBe(900);
  });

  it('never grants concurrent reviewers more than the workspace quota', async () => {
    const reviewers = await Promise.all(Array.from({ length: 6 }, (_, i) => s.exchangeToken({ sub: `crowd-${i}` })));
    const answers = await Promise.all(reviewers.map((r) => policy(s, r.token, threadId, 1000)));
    // 900 bytes are promised to the racer already: four more reviewers fit in 5000, two do not.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    for (const refused of answers.filter((a) => a.status !== 200)) expectRefused(refused, 507, /^This workspace has used 4900 bytes/);
    expect(await storedBytes(s)).toBe(4900);
  });

  it('checks again when an upload completes: a quota lowered meanwhile refuses it, and a retry with room succeeds', async () => {
    const late = await s.exchangeToken({ sub: 'late' });
    const p = await policy(s, late.token, threadId, 50);
    expect(p.status).toBe(200);
    expect((await postForm(s.app, p.body.data.policy, { bytes: 'y'.repeat(50), type: 'text/plain' })).status).toBe(204);
    const complete = () =>
      s.request('POST', `${API}/upload-complete`, {
        token: late.token,
        body: { fileId: p.body.data.fileId, etag: md5Hex('y'.repeat(50)) },
      });
    const quotas = s.deps.config.quotas;
    s.deps.config.quotas = { ...quotas, workspaceBytes: 4000 };
    try {
      expectRefused(await complete(), 507, /^This workspace has used/);
      // Still pending (and counted until the sweep): nothing was completed.
      expect(await count(s, 'SELECT id FROM uploads WHERE id = $1 AND completed_at IS NULL', [p.body.data.fileId])).toBe(1);
    } finally {
      s.deps.config.quotas = quotas;
    }
    expect((await complete()).status).toBe(200);
    await expectCountersMatchLedger(s);
  });
});
