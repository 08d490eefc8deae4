/**
 * API answers of 1 KB or more are gzipped for clients that accept gzip (the widget's thread list is
 * ~120 KB of JSON a page), the same JSON once unpacked; clients that do not ask get plain text. The thread list's ETag still answers 304 when the browser sends it back weak.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  const { token } = await s.exchangeToken();
  for (let i = 0; i < 5; i++) await s.request('POST', `${API}/threads`, { token, body: threadBody() });
});
afterAll(async () => {
  await s.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  s.app.request(`${API}${path}`, { headers: { Authorization: `Bearer ${s.seed.workspaceApiKey}`, ...headers } });

describe('compression of API answers', () => {
  it('gzips a thread list for a client that accepts gzip, and the JSON is the same', async () => {
    const list = `/threads?markupId=${s.seed.markupId}`;
    const plain = await get(list);
    const plainText = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const packed = await get(list, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.length).toBeLessThan(plainText.length / 3);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(plainText));

    const etag = packed.headers.get('etag')!;
    expect(etag.startsWith('W/')).toBe(true);
    const again = await get(list, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('answers plain JSON to clients that do not ask for gzip, and errors stay readable either way', async () => {
    const plain = await get('/auth/config?publicKey=' + s.seed.publicKey);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).data.installationId).toBeTruthy();
    const refused = await s.app.request(`${API}/threads?markupId=${s.seed.markupId}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(refused.status).toBe(401);
    const body = Buffer.from(await refused.arrayBuffer());
    const text = refused.headers.get('content-encoding') === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    expect(JSON.parse(text).error.code).toBe('unauthorized');
  });
});
