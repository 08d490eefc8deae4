/**
 * Byte ranges from the local object store (what a `<video>` needs to seek): 206 with Content-Range for
 * one range, 416 past the end, the whole object for several ranges or a stale If-Range, and nothing
 * without a valid signature — a Range header opens no door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, md5Hex, postForm, type TestServer } from '../testing/support.ts';

let s: TestServer;
let key: string;
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
beforeAll(async () => {
  s = await createTestServer();
  const post = s.storage.presignPost({ key: 'tests/range/clip.webm', contentType: 'video/webm', maxBytes: 10_000, expiresInSec: 900 });
  expect((await postForm(s.app, post, { bytes: BYTES, type: 'video/webm' })).status).toBe(204);
  key = post.fields.key!;
});
afterAll(async () => {
  await s.close();
});

const get = (headers: Record<string, string>, url = s.storage.presignGet(key, 600)) => s.app.request(url, { headers });

describe('GET /storage/:bucket/<key> with Range', () => {
  it('answers one range with 206, its bytes and Content-Range; the whole file says it takes ranges', async () => {
    const whole = await get({});
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    for (const [header, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=0-99999', 0, 999],
    ] as const) {
      const res = await get({ Range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(BYTES.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 for a range past the end', async () => {
    const res = await get({ Range: 'bytes=1000-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
  });

  it('serves the whole file for several ranges, nonsense, or an If-Range of another version', async () => {
    for (const headers of <Record<string, string>[]>[
      { Range: 'bytes=0-1,5-6' },
      { Range: 'bytes=9-2' },
      { Range: 'pages=1-2' },
      { Range: 'bytes=0-9', 'If-Range': '"not-this-version"' },
    ]) {
      const res = await get(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(1000);
    }
    const same = await get({ Range: 'bytes=0-9', 'If-Range': `"${md5Hex(BYTES)}"` });
    expect(same.status).toBe(206);
  });

  it('gives nothing to a Range request without a valid signature', async () => {
    const url = s.storage.presignGet(key, 600);
    expect((await get({ Range: 'bytes=0-9' }, url.split('?')[0]!)).status).toBe(403);
    expect((await get({ Range: 'bytes=0-9' }, url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'))).status).toBe(403);
    s.clock.advance(601_000);
    try {
      expect((await get({ Range: 'bytes=0-9' }, url)).status).toBe(403);
    } finally {
      s.clock.advance(-601_000);
    }
  });
});
