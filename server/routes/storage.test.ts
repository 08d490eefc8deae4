/**
 * The local object store over HTTP, as a browser and an S3 client meet it: presigned POST uploads
 * (and every refusal S3 would give), signed reads that expire, files served so that uploaded HTML
 * or SVG can never run on the API's origin, and CORS for customer sites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, md5Hex, PNG_1X1, postForm, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

let n = 0;
const policyFor = (contentType = 'image/png', maxBytes = 1000) =>
  s.storage.presignPost({ key: `tests/${++n}/file.bin`, contentType, maxBytes, expiresInSec: 900, metadata: { 'file-id': `f${n}` } });

async function errorOf(res: Response) {
  return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
}

describe('POST /storage/:bucket', () => {
  it('stores the file with its MD5 ETag and answers 204 with CORS for any origin', async () => {
    const post = policyFor();
    expect(post.url).toBe('http://localhost:8787/storage/pinmark');
    const res = await postForm(s.app, post, { bytes: PNG_1X1, type: 'image/png' });
    expect(res.status).toBe(204);
    expect(res.headers.get('etag')).toBe(`"${md5Hex(PNG_1X1)}"`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
    expect(await s.storage.head(post.fields.key!)).toEqual({ size: PNG_1X1.length, etag: md5Hex(PNG_1X1), contentType: 'image/png' });
  });

  it('answers a preflight from a customer site', async () => {
    const res = await s.app.request('/storage/pinmark', {
      method: 'OPTIONS',
      headers: { Origin: 'https://customer.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('answers 201 with an XML PostResponse when success_action_status=201', async () => {
    const post = policyFor('text/plain');
    const res = await postForm(s.app, post, { bytes: 'hello' }, (f) => ({ ...f, success_action_status: '201' }));
    expect(res.status).toBe(201);
    const xml = await res.text();
    expect(xml).toContain(`<Key>${post.fields.key}</Key>`);
    expect(xml).toContain(`<ETag>"${md5Hex('hello')}"</ETag>`);
  });

  it('refuses an expired policy with 403 policy_expired', async () => {
    const post = policyFor();
    s.clock.advance(15 * 60 * 1000 + 1);
    try {
      const res = await postForm(s.app, post, { bytes: PNG_1X1 });
      expect(res.headers.get('access-control-allow-origin')).toBe('*'); // the widget can read why
      expect(await errorOf(res)).toEqual({ status: 403, code: 'policy_expired' });
    } finally {
      s.clock.advance(-(15 * 60 * 1000 + 1));
    }
    expect(await s.storage.head(post.fields.key!)).toBeNull();
  });

  it('refuses another key, another type, extra fields and tampering with 403', async () => {
    const post = policyFor();
    const cases: [string, (f: Record<string, string>) => Record<string, string>][] = [
      ['wrong key', (f) => ({ ...f, key: 'tests/elsewhere.png' })],
      ['wrong type', (f) => ({ ...f, 'Content-Type': 'text/html' })],
      ['extra field', (f) => ({ ...f, acl: 'public-read' })],
      ['changed metadata', (f) => ({ ...f, 'x-amz-meta-file-id': 'other' })],
      ['tampered signature', (f) => ({ ...f, 'x-amz-signature': f['x-amz-signature']!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })],
      [
        'tampered policy',
        (f) => {
          const doc = JSON.parse(Buffer.from(f.policy!, 'base64').toString());
          doc.conditions[1] = ['starts-with', '$key', ''];
          return { ...f, key: 'anything.png', policy: Buffer.from(JSON.stringify(doc)).toString('base64') };
        },
      ],
    ];
    for (const [name, edit] of cases) {
      const res = await postForm(s.app, post, { bytes: PNG_1X1 }, edit);
      expect({ name, ...(await errorOf(res)) }).toEqual({ name, status: 403, code: 'forbidden' });
    }
    expect(await s.storage.head(post.fields.key!)).toBeNull();
    expect(await s.storage.head('tests/elsewhere.png')).toBeNull();
  });

  it('refuses an oversized file with 413 entity_too_large and keeps nothing', async () => {
    const post = policyFor('application/zip', 4096);
    const res = await postForm(s.app, post, { bytes: new Uint8Array(200_000) });
    expect(await errorOf(res)).toEqual({ status: 413, code: 'entity_too_large' });
    expect(await s.storage.head(post.fields.key!)).toBeNull();
    const exact = await postForm(s.app, post, { bytes: new Uint8Array(4096) });
    expect(exact.status).toBe(204);
  });

  it('refuses malformed forms: no file, empty file, not multipart, unknown bucket', async () => {
    const post = policyFor();
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
    expect(await errorOf(await s.app.request(post.url, { method: 'POST', body: form }))).toEqual({ status: 400, code: 'bad_request' });
    expect((await errorOf(await postForm(s.app, post, { bytes: '' }))).status).toBe(400);
    expect(await errorOf(await s.app.request(post.url, { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } }))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
    });
    expect((await postForm(s.app, { ...post, url: 'http://localhost:8787/storage/other' }, { bytes: PNG_1X1 })).status).toBe(404);
  });

  it('lets a retry overwrite until the policy expires', async () => {
    const post = policyFor('text/plain');
    await postForm(s.app, post, { bytes: 'first' });
    expect((await postForm(s.app, post, { bytes: 'second' })).status).toBe(204);
    expect((await s.storage.head(post.fields.key!))?.etag).toBe(md5Hex('second'));
  });
});

describe('GET /storage/:bucket/<key>', () => {
  async function stored(contentType: string, bytes: string | Uint8Array) {
    const post = policyFor(contentType, 100_000);
    expect((await postForm(s.app, post, { bytes })).status).toBe(204);
    return post.fields.key!;
  }

  it('serves the bytes through a signed URL, inline for images, with cache and safety headers', async () => {
    const key = await stored('image/png', PNG_1X1);
    const url = s.storage.presignGet(key, 600);
    const res = await s.app.request(url, { headers: { Origin: 'https://customer.example' } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect(
      Object.fromEntries(
        [
          'content-type',
          'content-disposition',
          'x-content-type-options',
          'cache-control',
          'etag',
          'access-control-allow-origin',
          'x-amz-meta-file-id',
        ].map((h) => [h, res.headers.get(h)]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cache-control': expect.stringMatching(/^private, max-age=(599|600)$/),
      etag: `"${md5Hex(PNG_1X1)}"`,
      'access-control-allow-origin': '*',
      'x-amz-meta-file-id': `f${n}`,
    });
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    const again = await s.app.request(url, { headers: { 'If-None-Match': `"${md5Hex(PNG_1X1)}"` } });
    expect(again.status).toBe(304);
    const head = await s.app.request(url, { method: 'HEAD' });
    expect(head.status).toBe(403); // the URL was signed for GET
  });

  it('serves uploaded HTML and SVG as sandboxed downloads that cannot run here', async () => {
    for (const [type, body] of [
      ['text/html', '<script>alert(document.cookie)</script>'],
      ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['text/plain', '<html><script>alert(1)</script></html>'],
    ] as const) {
      const key = await stored(type, body);
      const res = await s.app.request(s.storage.presignGet(key, 600));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="file.bin"; filename*=UTF-8''file.bin`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    }
  });

  it('names downloads as asked in the signed URL', async () => {
    const key = await stored('application/json', '{"a":1}');
    const res = await s.app.request(s.storage.presignGet(key, 600, { downloadFilename: 'diagnostics (1).json' }));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="diagnostics (1).json"; filename*=UTF-8''diagnostics%20%281%29.json`,
    );
    expect(await res.json()).toEqual({ a: 1 });
  });

  it('refuses expired, tampered and unsigned URLs with 403', async () => {
    const key = await stored('text/plain', 'secret');
    const url = s.storage.presignGet(key, 60);
    s.clock.advance(61_000);
    expect(await errorOf(await s.app.request(url))).toEqual({ status: 403, code: 'url_expired' });
    s.clock.advance(-61_000);
    expect((await s.app.request(url)).status).toBe(200);
    const other = await stored('text/plain', 'other');
    expect(await errorOf(await s.app.request(url.replace(encodeURI(key), encodeURI(other))))).toEqual({ status: 403, code: 'forbidden' });
    expect((await s.app.request(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=6000'))).status).toBe(403);
    const named = s.storage.presignGet(key, 60, { downloadFilename: 'a.txt' });
    expect((await s.app.request(named.replace('a.txt', 'a.html'))).status).toBe(403);
    expect((await s.app.request(url.split('?')[0]!)).status).toBe(403);
    expect((await s.app.request(s.storage.presignGet('tests/missing.txt', 60))).status).toBe(404);
  });
});
