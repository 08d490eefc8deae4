/**
 * Hole 8 of issue 13 (see storage-quota.test.ts), for API keys: a presigned PUT counts by its
 * declared (signed) size, and a streamed multipart upload to /markups/file is stopped past the
 * space left (507) or the whole quota (413) keeping nothing, is counted when it fits, and holds its
 * space while it streams so a second upload cannot take it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PNG_1X1, type TestServer } from '../testing/support.ts';
import {
  count,
  expectCountersMatchLedger,
  expectRefused,
  objectFiles,
  quotaServer,
  storedBytes,
  WORKSPACE_BYTES,
} from '../testing/storage-quota.ts';

describe('API key uploads: presigned PUT and the streamed multipart', () => {
  let s: TestServer;
  const key = () => s.seed.workspaceApiKey;

  beforeAll(async () => {
    s = await quotaServer();
  });
  afterAll(async () => {
    await s.close();
  });

  /** A multipart body of one PNG-looking file of `size` bytes, streamed without a Content-Length (its end waits for `hold`). */
  function streamedPng(size: number, hold?: Promise<void>): ReadableStream<Uint8Array> {
    const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n');
    const file = Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, size - PNG_1X1.length), 7)]).subarray(0, size);
    const parts = [head, file.subarray(0, 1000), file.subarray(1000), Buffer.from('\r\n--b--\r\n')].filter((p) => p.length > 0);
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (parts.length === 1) await hold;
        const next = parts.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
  }

  async function uploadMultipart(size: number, options: { hold?: Promise<void>; headers?: Record<string, string> } = {}) {
    const res = await s.app.request(`${API}/markups/file?workspaceId=${s.seed.workspaceId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key()}`, 'Content-Type': 'multipart/form-data; boundary=b', ...options.headers },
      body: streamedPng(size, options.hold),
      duplex: 'half',
    } as RequestInit);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  }

  const nothingLeftBehind = async (before: { uploads: number; markups: number; files: string[] }) => {
    expect(await count(s, 'SELECT id FROM uploads')).toBe(before.uploads);
    expect(await count(s, 'SELECT id FROM markups')).toBe(before.markups);
    expect(objectFiles(s)).toEqual(before.files);
  };
  const state = async () => ({
    uploads: await count(s, 'SELECT id FROM uploads'),
    markups: await count(s, 'SELECT id FROM markups'),
    files: objectFiles(s),
  });

  it('counts a presigned PUT by its declared (signed) size', async () => {
    const presign = (filesize: number) =>
      s.request('POST', `${API}/markups/objectstore?workspaceId=${s.seed.workspaceId}&filesize=${filesize}&mimeType=image/png`, {
        token: key(),
      });
    const before = await state();
    expectRefused(await presign(WORKSPACE_BYTES + 1), 413, /larger than this workspace's storage quota of 5000 bytes/);
    await nothingLeftBehind(before);
    expect((await presign(3000)).status).toBe(200);
    expectRefused(await presign(2001), 507, /^This workspace has used 3000 bytes of its 5000 bytes/);
    expect(await storedBytes(s)).toBe(3000);
  });

  it('stops a streamed multipart upload past the space left (507) and keeps none of it', async () => {
    const before = await state();
    const res = await uploadMultipart(2500);
    expectRefused(res, 507, /^This workspace has used 3000 bytes of its 5000 bytes/);
    await nothingLeftBehind(before);
    expect(await count(s, 'SELECT id FROM storage_reservations')).toBe(0);
  });

  it('refuses a streamed file bigger than the whole quota with 413, keeping nothing', async () => {
    const before = await state();
    expectRefused(await uploadMultipart(WORKSPACE_BYTES + 100), 413, /larger than this workspace's storage quota/);
    // A declared Content-Length is judged before the body is read.
    const declared = await uploadMultipart(100, { headers: { 'Content-Length': String(200_000) }, hold: new Promise(() => undefined) });
    expectRefused(declared, 413, /larger than this workspace's storage quota/);
    await nothingLeftBehind(before);
  });

  it('takes a streamed upload that fits, and counts it', async () => {
    const res = await uploadMultipart(1500);
    expect(res.status, res.text).toBe(200);
    expect(await storedBytes(s)).toBe(4500);
    const usage = await s.request('GET', `${API}/workspace/storage`, { token: key() });
    expect(usage.body.data).toMatchObject({ usedBytes: 4500, pendingBytes: 3000, quotaBytes: WORKSPACE_BYTES });
    // API keys count against the workspace only: their service user has no quota of its own.
    expect(usage.body.data.users).toEqual([expect.objectContaining({ usedBytes: 4500, quotaBytes: null })]);
  });

  it('does not let a second stream take the space a first one is still filling', async () => {
    let release = () => undefined as void;
    const first = uploadMultipart(400, { hold: new Promise<void>((resolve) => (release = resolve)) });
    while ((await count(s, 'SELECT id FROM storage_reservations')) === 0) await new Promise((r) => setTimeout(r, 5));
    expectRefused(await uploadMultipart(50), 507, /^This workspace has used 5000 bytes/);
    release();
    expect((await first).status).toBe(200);
    expect((await uploadMultipart(50)).status).toBe(200);
    expect(await storedBytes(s)).toBe(4950);
    await expectCountersMatchLedger(s);
  });
});
