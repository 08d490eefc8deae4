/**
 * The S3 driver end to end against our own local store over real HTTP (it speaks S3's protocol):
 * presigned POST upload, header-signed HEAD and DELETE, presigned GET — then a whole API flow with
 * the S3 driver as the API's storage. Plus the URL shapes of virtual-host and path-style buckets.
 */
import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, md5Hex, PNG_1X1, postForm, TEST_STORAGE_SECRET, threadBody, type TestServer } from '../testing/support.ts';
import { S3ObjectStore } from './s3-store.ts';

let bucketHost: TestServer;
let server: Server;
let endpoint: string;

beforeAll(async () => {
  bucketHost = await createTestServer();
  server = createAdaptorServer({ fetch: bucketHost.app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await bucketHost.close();
});

const s3 = (overrides: Partial<ConstructorParameters<typeof S3ObjectStore>[0]> = {}) =>
  new S3ObjectStore({
    endpoint,
    region: 'us-east-1',
    bucket: 'pinmark',
    accessKeyId: bucketHost.storage.credentials.accessKeyId,
    secretAccessKey: TEST_STORAGE_SECRET,
    forcePathStyle: true,
    clock: bucketHost.clock,
    ...overrides,
  });

describe('S3ObjectStore against the local store', () => {
  it('uploads with a presigned POST, then HEADs, GETs and DELETEs the object', async () => {
    const store = s3();
    const post = store.presignPost({
      key: 'ws/x/thread_screenshot/f1/shot 1.png',
      contentType: 'image/png',
      maxBytes: 5000,
      expiresInSec: 900,
    });
    expect(post.url).toBe(`${endpoint}/pinmark`);
    const res = await postForm({ request: (url, init) => fetch(url, init) }, post, { bytes: PNG_1X1, type: 'image/png' });
    expect(res.status).toBe(204);
    expect(res.headers.get('etag')).toBe(`"${md5Hex(PNG_1X1)}"`);

    expect(await store.head(post.fields.key!)).toEqual({ size: PNG_1X1.length, etag: md5Hex(PNG_1X1), contentType: 'image/png' });
    const read = await fetch(store.presignGet(post.fields.key!, 300));
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    await store.delete(post.fields.key!);
    expect(await store.head(post.fields.key!)).toBeNull();
    await store.delete(post.fields.key!); // deleting a missing object is fine
  });

  it('fails loudly with the wrong secret', async () => {
    await expect(s3({ secretAccessKey: 'not-the-secret-at-all' }).head('anything')).rejects.toThrow(/403/);
  });
});

describe('the API with the S3 driver as its storage', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await createTestServer({ objectStore: (clock) => s3({ clock }) });
  });
  afterAll(async () => {
    await api.close();
  });

  it('runs policy → upload → complete → attach → read', async () => {
    const { token } = await api.exchangeToken();
    const thread = (await api.request('POST', `${API}/threads`, { token, body: threadBody() })).body.data;
    const policy = await api.request('POST', `${API}/upload-policy`, {
      token,
      body: { resourceType: 'message_attachment', resourceId: thread.id, filename: 'notes.txt', contentType: 'text/plain', filesize: 11 },
    });
    expect(policy.status).toBe(200);
    expect(policy.body.data.policy.url).toBe(`${endpoint}/pinmark`);
    const upload = await postForm({ request: (url, init) => fetch(url, init) }, policy.body.data.policy, {
      bytes: 'hello world',
      type: 'text/plain',
    });
    expect(upload.status).toBe(204);
    const complete = await api.request('POST', `${API}/upload-complete`, {
      token,
      body: { fileId: policy.body.data.fileId, etag: upload.headers.get('etag') },
    });
    expect(complete.status).toBe(200);
    const reply = await api.request('POST', `${API}/threads/${thread.id}/messages`, {
      token,
      body: { content: 'see file', attachments: [{ fileId: policy.body.data.fileId }] },
    });
    expect(reply.status).toBe(200);
    const read = await fetch(reply.body.data.attachments[0].url);
    expect(await read.text()).toBe('hello world');
    expect(read.headers.get('content-disposition')).toContain('attachment; filename="notes.txt"');
  });
});

describe('URL shapes', () => {
  const clock = { now: () => Date.UTC(2024, 0, 1) };
  it('uses virtual-hosted buckets on AWS and path style when asked', () => {
    const aws = new S3ObjectStore({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'feedback',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      clock,
    });
    expect(aws.presignPost({ key: 'a/b.png', contentType: 'image/png', maxBytes: 10, expiresInSec: 60 }).url).toBe(
      'https://feedback.s3.eu-west-1.amazonaws.com/',
    );
    expect(aws.presignGet('a/b c.png', 60)).toMatch(
      /^https:\/\/feedback\.s3\.eu-west-1\.amazonaws\.com\/a\/b%20c\.png\?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKID%2F20240101%2Feu-west-1%2Fs3%2Faws4_request&/,
    );
    const minio = new S3ObjectStore({
      endpoint: 'http://minio:9000/',
      region: 'us-east-1',
      bucket: 'feedback',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      clock,
    });
    expect(minio.presignPost({ key: 'k', contentType: 'image/png', maxBytes: 10, expiresInSec: 60 }).url).toBe(
      'http://minio:9000/feedback',
    );
    expect(minio.presignGet('k', 60)).toMatch(/^http:\/\/minio:9000\/feedback\/k\?/);
  });
});
