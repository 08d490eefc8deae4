/**
 * Uploads by PUT and the server's own reads and writes, through both drivers: the S3 driver's
 * presigned PUT, header-signed PUT (`put`) and streamed GET (`read`) against the local store over
 * real HTTP, and the local store's PUT refusals — a body shorter than its signed Content-Length
 * (nothing kept), a payload that is not the one signed, an unsigned request — and its CORS preflight.
 */
import { createAdaptorServer } from '@hono/node-server';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, md5Hex, TEST_STORAGE_SECRET, type TestServer } from '../testing/support.ts';
import { S3ObjectStore } from './s3-store.ts';
import { signHeaders, sha256Hex } from './sigv4.ts';

let s: TestServer;
let server: Server;
let endpoint: string;

beforeAll(async () => {
  s = await createTestServer();
  server = createAdaptorServer({ fetch: s.app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await s.close();
});

const s3 = () =>
  new S3ObjectStore({
    endpoint,
    region: 'us-east-1',
    bucket: 'pinmark',
    accessKeyId: s.storage.credentials.accessKeyId,
    secretAccessKey: TEST_STORAGE_SECRET,
    forcePathStyle: true,
    clock: s.clock,
  });

/** A raw HTTP PUT whose body may be shorter than the Content-Length it announces. */
function rawPut(url: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method: 'PUT', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.write(body);
    // Ends the connection early: the server sees a body cut short.
    setTimeout(() => req.destroy(), 200);
  });
}

describe('PUT uploads and server-side reads and writes', () => {
  it('S3 driver: presigned PUT, then read streams the bytes back', async () => {
    const store = s3();
    const bytes = Buffer.from('a video, supposedly');
    const url = store.presignPut({
      key: 'ws/x/markup_asset/f1/big file.mp4',
      contentType: 'video/mp4',
      contentLength: bytes.length,
      expiresInSec: 600,
    });
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: bytes });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${md5Hex(bytes)}"`);
    const read = await store.read('ws/x/markup_asset/f1/big file.mp4');
    expect(read!.info).toEqual({ size: bytes.length, etag: md5Hex(bytes), contentType: 'video/mp4' });
    expect(Buffer.from(await new Response(read!.body).arrayBuffer()).equals(bytes)).toBe(true);
    expect(await store.read('ws/x/missing')).toBeNull();
  });

  it('S3 driver: put stores a thumbnail with a signed payload hash', async () => {
    const store = s3();
    const info = await store.put('ws/x/markup_asset/m1/thumbnail.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(info).toEqual({ size: 10, etag: md5Hex('webp bytes'), contentType: 'image/webp' });
    expect(await s.storage.head('ws/x/markup_asset/m1/thumbnail.webp')).toEqual(info);
  });

  it('refuses a body that is not the one signed, and an unsigned PUT', async () => {
    const url = new URL(`${endpoint}/pinmark/ws/x/tampered`);
    const headers = signHeaders({
      method: 'PUT',
      url,
      credentials: s.storage.credentials,
      now: s.clock.now(),
      headers: { 'content-type': 'text/plain' },
      payloadHash: sha256Hex('original'),
    });
    const res = await fetch(url, { method: 'PUT', headers, body: 'tampered' });
    expect(res.status).toBe(400);
    expect(await s.storage.head('ws/x/tampered')).toBeNull();
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(403);
  });

  it('answers a browser preflight for PUT', async () => {
    const res = await s.app.request('/storage/pinmark/ws/x/any.mp4', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://customer.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('keeps nothing of a body cut short', async () => {
    const key = 'ws/x/markup_asset/f2/cut.pdf';
    const url = s3().presignPut({ key, contentType: 'application/pdf', contentLength: 100_000, expiresInSec: 600 });
    await rawPut(url, { 'content-type': 'application/pdf', 'content-length': '100000' }, Buffer.alloc(1000, 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await s.storage.head(key)).toBeNull();
  });
});
