/**
 * POST /markups/objectstore end to end on the local store: the markup exists at once (not ready),
 * the client PUTs the file to the signed URL, the conversion worker notices it, completes the upload
 * and converts it; an upload that never comes gives the markup up. Plus every refusal (nothing
 * stored) and the PUT's own checks (signed type and length, expiry, no overwrite once converted).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryOne } from '../db/db.ts';
import { API, createTestServer, md5Hex, silentLogger, type TestServer } from '../testing/support.ts';
import { createConversionWorker } from '../conversion/worker.ts';
import { pdfOf, pngOf } from '../testing/conversion-files.ts';
import { OBJECTSTORE_UPLOAD_GRACE_MS, OBJECTSTORE_URL_SECONDS } from './markup-objectstore.ts';

let s: TestServer;
let start: number;
beforeAll(async () => {
  s = await createTestServer();
  start = s.clock.now();
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  s.clock.set(start);
});

const worker = () => createConversionWorker({ db: s.db, store: s.storage, clock: s.clock, log: silentLogger });
const ask = (query: Record<string, string | number>, token = s.seed.workspaceApiKey) =>
  s.request('POST', `${API}/markups/objectstore?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token });
const put = (url: string, bytes: Uint8Array, headers: Record<string, string>) =>
  s.app.request(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
const markupOf = (id: string) =>
  queryOne<{ is_ready: boolean; deleted_at: Date | null; type: string; name: string; original_mime_type: string }>(
    s.db,
    'SELECT is_ready, deleted_at, type, name, original_mime_type FROM markups WHERE id = $1',
    [id],
  );
const counts = async () => ({
  markups: (await queryOne<{ n: number }>(s.db, 'SELECT count(*)::int AS n FROM markups'))!.n,
  uploads: (await queryOne<{ n: number }>(s.db, 'SELECT count(*)::int AS n FROM uploads'))!.n,
});

describe('POST /markups/objectstore', () => {
  it('creates a not-ready markup and a PUT URL; the uploaded file is converted and the markup becomes ready', async () => {
    const png = await pngOf(800, 600);
    const res = await ask({ workspaceId: s.seed.workspaceId, filesize: png.length, mimeType: 'image/png', name: 'Big poster' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png', 'Content-Length': String(png.length) } });
    expect(data.url).toMatch(/^http:\/\/localhost:8787\/storage\/pinmark\/ws\/.+X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost/);
    expect(await markupOf(data.markupId)).toMatchObject({
      is_ready: false,
      type: 'image',
      name: 'Big poster',
      original_mime_type: 'image/png',
    });

    // Nothing there yet: the worker waits (not counted as an attempt).
    s.clock.advance(5_000);
    expect(await worker().runOnce()).toBe(1);
    expect(await queryOne(s.db, 'SELECT attempts, status FROM markup_conversions WHERE markup_id = $1', [data.markupId])).toEqual({
      attempts: 0,
      status: 'pending',
    });

    const uploaded = await put(data.url, png, data.headers);
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get('etag')).toBe(`"${md5Hex(png)}"`);
    s.clock.advance(5_000);
    await worker().runOnce();
    expect((await markupOf(data.markupId))!.is_ready).toBe(true);
    const upload = await queryOne<{ completed_at: Date | null; etag: string; filesize: string }>(
      s.db,
      'SELECT completed_at, etag, filesize FROM uploads WHERE id = $1',
      [data.fileId],
    );
    expect(upload).toMatchObject({ etag: md5Hex(png) });
    expect(Number(upload!.filesize)).toBe(png.length);
    expect(await queryOne(s.db, 'SELECT width, height FROM markup_assets WHERE markup_id = $1 AND position = 0', [data.markupId])).toEqual({
      width: 800,
      height: 600,
    });

    // Converted: the object can no longer be replaced.
    expect((await put(data.url, png, data.headers)).status).toBe(409);
  });

  it('takes small files too, and PDFs become page markups', async () => {
    const pdf = await pdfOf([
      [300, 400],
      [400, 300],
    ]);
    const res = await ask({ workspaceId: s.seed.workspaceId, filesize: pdf.length, mimeType: 'application/pdf' });
    expect(res.status).toBe(200);
    expect((await put(res.body.data.url, pdf, res.body.data.headers)).status).toBe(200);
    s.clock.advance(5_000);
    await worker().runOnce();
    expect(await markupOf(res.body.data.markupId)).toMatchObject({ is_ready: true, type: 'pdf', name: 'Untitled PDF' });
    expect(
      await s.db.query('SELECT kind, position FROM markup_assets WHERE markup_id = $1 ORDER BY position', [res.body.data.markupId]),
    ).toEqual([
      { kind: 'page', position: 0 },
      { kind: 'page', position: 1 },
    ]);
  });

  it('gives the markup up when the upload never arrives', async () => {
    const res = await ask({ workspaceId: s.seed.workspaceId, filesize: 1000, mimeType: 'video/mp4' });
    s.clock.advance(OBJECTSTORE_URL_SECONDS * 1000 + OBJECTSTORE_UPLOAD_GRACE_MS + 1);
    await worker().runOnce();
    expect((await markupOf(res.body.data.markupId))!.deleted_at).not.toBeNull();
    expect(
      await queryOne(s.db, 'SELECT status, last_error FROM markup_conversions WHERE markup_id = $1', [res.body.data.markupId]),
    ).toEqual({
      status: 'failed',
      last_error: 'the upload never arrived',
    });
    expect(await queryOne(s.db, 'SELECT 1 FROM uploads WHERE id = $1', [res.body.data.fileId])).toBeUndefined();
    expect(await queryOne(s.db, 'SELECT 1 FROM markup_assets WHERE markup_id = $1', [res.body.data.markupId])).toBeUndefined();
  });

  it('refuses a PUT that does not match its signature, an expired URL and a short body', async () => {
    const png = await pngOf(10, 10);
    const { data } = (await ask({ workspaceId: s.seed.workspaceId, filesize: png.length, mimeType: 'image/png' })).body;
    const wrongType = await put(data.url, png, { ...data.headers, 'Content-Type': 'text/html' });
    expect(wrongType.status).toBe(403);
    const bigger = Buffer.concat([png, Buffer.alloc(10)]);
    expect((await put(data.url, bigger, { ...data.headers, 'Content-Length': String(bigger.length) })).status).toBe(403);
    expect((await put(data.url.replace('X-Amz-Expires=3600', 'X-Amz-Expires=9999'), png, data.headers)).status).toBe(403);
    s.clock.advance(OBJECTSTORE_URL_SECONDS * 1000 + 1000);
    const expired = await put(data.url, png, data.headers);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.code).toBe('url_expired');
    expect(await s.storage.head(new URL(data.url).pathname.replace('/storage/pinmark/', ''))).toBeNull();
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const before = await counts();
    const ws = s.seed.workspaceId;
    const cases: [Record<string, string | number>, number, string?][] = [
      [{ filesize: 10, mimeType: 'image/png' }, 400],
      [{ workspaceId: ws, mimeType: 'image/png' }, 400],
      [{ workspaceId: ws, filesize: 'ten', mimeType: 'image/png' }, 400],
      [{ workspaceId: ws, filesize: 0, mimeType: 'image/png' }, 400],
      [{ workspaceId: ws, filesize: 1.5, mimeType: 'image/png' }, 400],
      [{ workspaceId: ws, filesize: 10 }, 400],
      [{ workspaceId: ws, filesize: 10, mimeType: 'image/svg+xml' }, 415],
      [{ workspaceId: ws, filesize: 10, mimeType: 'text/html' }, 415],
      [{ workspaceId: ws, filesize: 300 * 1024 * 1024, mimeType: 'application/pdf' }, 413],
      [{ workspaceId: ws, filesize: 6 * 1024 ** 3, mimeType: 'video/mp4' }, 413],
      [{ workspaceId: '00000000-0000-4000-8000-000000000000', filesize: 10, mimeType: 'image/png' }, 404],
      [{ workspaceId: ws, filesize: 10, mimeType: 'image/png', parentFolderId: 'nope' }, 422],
      [{ workspaceId: ws, filesize: 10, mimeType: 'image/png', name: '' }, 400],
    ];
    for (const [query, status] of cases) {
      const res = await ask(query);
      expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), status]);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    const { token } = await s.exchangeToken();
    expect((await ask({ workspaceId: ws, filesize: 10, mimeType: 'image/png' }, token)).status).toBe(403);
    expect((await s.request('POST', `${API}/markups/objectstore?workspaceId=${ws}&filesize=10&mimeType=image/png`)).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
