/**
 * Creating markups: POST /markups/url, the multipart POST /markups/file (streamed, 100 MB limit,
 * type checks, the DB contract conversion relies on) and the markup_created event.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../http/validate.ts';
import { createWorkspace } from '../seed.ts';
import { API, PNG_1X1, TEST_PUBLIC_URL, createTestServer, type TestServer } from '../testing/support.ts';
import { insertFolder } from '../testing/malformed-cases-markups.ts';
import { MARKUP_FILE_MAX_BYTES } from '../domain/upload-rules.ts';
import { limitedBody } from './markup-file.ts';

let s: TestServer;
let key: string;
let workspaceId: string;
let rootFolderId: string;
let archiveFolderId: string;
beforeAll(async () => {
  s = await createTestServer();
  key = s.seed.workspaceApiKey;
  workspaceId = s.seed.workspaceId;
  const ws = (await s.request('GET', `${API}/workspace`, { token: key })).body.data;
  rootFolderId = ws.rootFolderId;
  archiveFolderId = ws.archiveFolderId;
  await s.request('POST', `${API}/webhook-registrations`, {
    token: key,
    body: { url: 'https://receiver.example/h', workspaceId, enabled: true },
  });
});
afterAll(async () => {
  await s.close();
});

async function eventsOf(type: string): Promise<Array<{ data: { markup: { id: string; name: string }; actor: { id: string } | null } }>> {
  const rows = await s.db.query<{ payload: string }>(
    'SELECT payload FROM webhook_deliveries WHERE event_type = $1 ORDER BY created_at, id',
    [type],
  );
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

const count = async (sql: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params))[0]!.n;

describe('POST /markups/url', () => {
  it('creates a webpage markup at the workspace root, named after the host, and announces it', async () => {
    const res = await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://shop.example.com/cart?x=1' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'webpage',
      name: 'shop.example.com',
      url: 'https://shop.example.com/cart?x=1',
      markupUrl: 'https://shop.example.com/cart?x=1',
      status: 'editing',
      readOnly: false,
      activeThreads: 0,
    });
    const row = (
      await s.db.query<{ folder_id: string; is_ready: boolean; created_by_user_id: string }>(
        'SELECT folder_id, is_ready, created_by_user_id FROM markups WHERE id = $1',
        [res.body.data.id],
      )
    )[0]!;
    expect(row.folder_id).toBe(rootFolderId);
    expect(row.is_ready).toBe(true);
    const events = await eventsOf('markup_created');
    const event = events.find((e) => e.data.markup.id === res.body.data.id)!;
    expect(event.data.actor?.id).toBe(row.created_by_user_id);
  });

  it('takes a name, an empty workspaceId as the default, and a subfolder', async () => {
    const folder = await insertFolder(s, workspaceId, 'Sub');
    const res = await s.request('POST', `${API}/markups/url`, {
      token: key,
      body: { url: 'http://a.example/', name: '  Landing  ', workspaceId: '', parentFolderId: folder },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Landing');
    expect((await s.db.query<{ folder_id: string }>('SELECT folder_id FROM markups WHERE id = $1', [res.body.data.id]))[0]!.folder_id).toBe(
      folder,
    );
  });

  it('counts as a created project in product metrics', async () => {
    const day = new Date(s.clock.now()).toISOString().slice(0, 10);
    const before = (await s.request('GET', `${API}/product-metrics/user/workspace-totals?startDate=${day}&endDate=${day}`, { token: key }))
      .body.data.projectsCreated;
    await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://metrics.example/' } });
    const after = (await s.request('GET', `${API}/product-metrics/user/workspace-totals?startDate=${day}&endDate=${day}`, { token: key }))
      .body.data.projectsCreated;
    expect(after).toBe(before + 1);
  });

  it('refuses non-http URLs, file URLs, user-info and bad names with 422, storing nothing', async () => {
    const before = await count('SELECT id FROM markups');
    for (const [url, hint] of [
      ['ftp://x.example/', 'http'],
      ['javascript:alert(1)', 'http'],
      ['https://x.example/shot.PNG', '/markups/file'],
      ['https://x.example/doc.pdf?dl=1', '/markups/file'],
      ['https://x.example/clip.mp4', '/markups/file'],
      ['https://x.example/archive.zip', 'neither'],
      ['https://user:pw@x.example/', 'user name'],
    ] as const) {
      const res = await s.request('POST', `${API}/markups/url`, { token: key, body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.text, url).toContain(hint);
    }
    expect((await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', name: '   ' } })).status).toBe(
      422,
    );
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', name: 'x'.repeat(256) } })).status,
    ).toBe(422);
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: key, body: { url: `https://x.example/${'a'.repeat(2100)}` } })).status,
    ).toBe(422);
    expect(await count('SELECT id FROM markups')).toBe(before);
  });

  it('refuses the archive folder, folders inside it, other workspaces\u2019 folders and unknown folders (422)', async () => {
    const archived = await insertFolder(s, workspaceId, 'Old');
    await s.db.query('UPDATE folders SET parent_id = $2 WHERE id = $1', [archived, archiveFolderId]);
    const other = await createWorkspace(s.db, s.seed.organizationId, 'Other', s.clock.now());
    for (const parentFolderId of [archiveFolderId, archived, other.rootFolderId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', parentFolderId } });
      expect(res.status, parentFolderId).toBe(422);
      expect(res.body.error.details[0].path).toBe('parentFolderId');
    }
  });

  it('acts on the key\u2019s workspace: other workspaces are 404, organization keys must name one (400)', async () => {
    const other = await createWorkspace(s.db, s.seed.organizationId, 'Other 2', s.clock.now());
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', workspaceId: other.id } })).status,
    ).toBe(404);
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: s.seed.organizationApiKey, body: { url: 'https://x.example/' } })).status,
    ).toBe(400);
    const res = await s.request('POST', `${API}/markups/url`, {
      token: s.seed.organizationApiKey,
      body: { url: 'https://x.example/', workspaceId: other.id },
    });
    expect(res.status).toBe(200);
    expect((await s.db.query<{ folder_id: string }>('SELECT folder_id FROM markups WHERE id = $1', [res.body.data.id]))[0]!.folder_id).toBe(
      other.rootFolderId,
    );
  });

  it('is refused to exchange tokens (403)', async () => {
    const reviewer = await s.exchangeToken({ sub: 'create-rev' });
    expect((await s.request('POST', `${API}/markups/url`, { token: reviewer.token, body: { url: 'https://x.example/' } })).status).toBe(
      403,
    );
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);

function form(
  files: Array<{ field?: string; bytes: Uint8Array; type?: string; name: string }>,
  extra: Record<string, string> = {},
): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(extra)) f.append(name, value);
  for (const file of files)
    f.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], file.type ? { type: file.type } : {}), file.name);
  return f;
}

async function upload(
  body: FormData | ReadableStream<Uint8Array> | string,
  query = `workspaceId=${workspaceId}`,
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { duplex?: string } = { method: 'POST', headers: { Authorization: `Bearer ${key}`, ...headers }, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const res = await s.app.request(`${API}/markups/file?${query}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

describe('POST /markups/file', () => {
  it('stores an image as a completed upload and creates an image markup waiting for conversion', async () => {
    const res = await upload(form([{ bytes: PNG_1X1, type: 'image/png', name: 'Home page.png' }]));
    expect(res.status, res.text).toBe(200);
    const m = res.body.data;
    expect(m).toMatchObject({
      type: 'image',
      name: 'Home page',
      originalMimeType: 'image/png',
      isReady: false,
      thumbnailUrl: null,
      markupUrl: `${TEST_PUBLIC_URL}/review/${m.id}`,
    });
    expect(m.url).toBeUndefined();
    expect(m.images).toHaveLength(1);
    expect(m.images[0]).toMatchObject({ mimeType: 'image/png', width: null, height: null, position: 0, pageNumber: null });
    const fetched = await s.app.request(m.images[0].url);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG_1X1);
    const assets = await s.db.query<{ kind: string; position: number; file_id: string; mime_type: string }>(
      'SELECT kind, position, file_id, mime_type FROM markup_assets WHERE markup_id = $1',
      [m.id],
    );
    expect(assets).toEqual([expect.objectContaining({ kind: 'image', position: 0, mime_type: 'image/png' })]);
    const up = (
      await s.db.query<{ resource_type: string; resource_id: string; completed_at: Date | null; filesize: string | number }>(
        'SELECT resource_type, resource_id, completed_at, filesize FROM uploads WHERE id = $1',
        [assets[0]!.file_id],
      )
    )[0]!;
    expect(up).toMatchObject({ resource_type: 'markup_asset', resource_id: m.id });
    expect(up.completed_at).not.toBeNull();
    expect(Number(up.filesize)).toBe(PNG_1X1.length);
    expect((await eventsOf('markup_created')).some((e) => e.data.markup.id === m.id)).toBe(true);
  });

  it('makes pdf and video markups (one page / video asset row), with the name from the query', async () => {
    const pdf = await upload(
      form([{ bytes: PDF, type: 'application/pdf', name: 'spec.pdf' }]),
      `workspaceId=${workspaceId}&name=Spec%20v2`,
    );
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.body.data).toMatchObject({
      type: 'pdf',
      name: 'Spec v2',
      originalMimeType: 'application/pdf',
      isReady: false,
      pageCount: null,
    });
    expect(pdf.body.data.images[0]).toMatchObject({ position: 0, pageNumber: 1 });
    const video = await upload(form([{ field: 'files', bytes: MP4, type: 'video/mp4', name: 'demo.mp4' }]));
    expect(video.status, video.text).toBe(200);
    expect(video.body.data).toMatchObject({
      type: 'video',
      isReady: false,
      video: { mimeType: 'video/mp4', width: null, height: null, durationMs: null },
    });
    const kinds = await s.db.query<{ kind: string }>('SELECT kind FROM markup_assets WHERE markup_id = ANY($1::uuid[]) ORDER BY kind', [
      [pdf.body.data.id, video.body.data.id],
    ]);
    expect(kinds.map((k) => k.kind)).toEqual(['page', 'video']);
  });

  it('shows what conversion fills in: dimensions, PDF pages (all on the PDF), signed thumbnail, pageCount once ready', async () => {
    const pdf = await upload(form([{ bytes: PDF, type: 'application/pdf', name: 'deck.pdf' }]));
    const id = pdf.body.data.id as string;
    // What the conversion worker does (its contract): measure, add pages 1..n-1, thumbnail, ready.
    await s.db.query('UPDATE markup_assets SET width = 800, height = 600 WHERE markup_id = $1', [id]);
    for (const position of [1, 2]) {
      await s.db.query(
        `INSERT INTO markup_assets (id, markup_id, kind, position, file_id, mime_type, width, height, created_at, modified_at)
         VALUES (gen_random_uuid(), $1, 'page', $2, NULL, 'application/pdf', 800, 600, now(), now())`,
        [id, position],
      );
    }
    const writer = await s.storage.createWriter();
    await writer.write(PNG_1X1);
    await writer.commit(`ws/${workspaceId}/thumbs/${id}.png`, 'image/png', {});
    await s.db.query('UPDATE markups SET thumbnail_storage_key = $2, is_ready = true WHERE id = $1', [
      id,
      `ws/${workspaceId}/thumbs/${id}.png`,
    ]);
    const res = await s.request('GET', `${API}/markups/${id}`, { token: key });
    expect(res.body.data).toMatchObject({ type: 'pdf', isReady: true, pageCount: 3 });
    expect(res.body.data.images.map((p: { pageNumber: number; width: number }) => [p.pageNumber, p.width])).toEqual([
      [1, 800],
      [2, 800],
      [3, 800],
    ]);
    const urls = res.body.data.images.map((p: { url: string }) => new URL(p.url).pathname);
    expect(new Set(urls).size).toBe(1);
    const thumb = await s.app.request(res.body.data.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(Buffer.from(await thumb.arrayBuffer())).toEqual(PNG_1X1);
  });

  it('makes one image markup of several image files, in order; infers a missing type from the extension', async () => {
    const res = await upload(
      form(
        [
          { field: 'files', bytes: PNG_1X1, type: 'image/png', name: 'a.png' },
          { field: 'files', bytes: PNG_1X1, name: 'b.png' },
        ],
        { note: 'ignored text field' },
      ),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.images.map((i: { position: number }) => i.position)).toEqual([0, 1]);
    expect(res.body.data.name).toBe('a');
  });

  it('refuses SVG, HTML, disguised and mixed files, and empty forms, storing nothing', async () => {
    const markups = await count('SELECT id FROM markups');
    const uploads = await count('SELECT id FROM uploads');
    const cases: Array<[FormData, number]> = [
      [form([{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml', name: 'x.svg' }]), 415],
      [form([{ bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'text/html', name: 'x.html' }]), 415],
      [form([{ bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png', name: 'x.png' }]), 415],
      [
        form([
          { bytes: PNG_1X1, type: 'image/png', name: 'a.png' },
          { bytes: PDF, type: 'application/pdf', name: 'b.pdf' },
        ]),
        422,
      ],
      [form([{ bytes: new Uint8Array(0), type: 'image/png', name: 'empty.png' }]), 422],
      [form([], { name: 'no file' }), 422],
    ];
    for (const [body, status] of cases) {
      const res = await upload(body);
      expect(res.status, res.text).toBe(status);
    }
    expect(await count('SELECT id FROM markups')).toBe(markups);
    expect(await count('SELECT id FROM uploads')).toBe(uploads);
    const leftovers = await s.db.query('SELECT 1 FROM uploads WHERE resource_type = $1 AND completed_at IS NULL', ['markup_asset']);
    expect(leftovers).toHaveLength(0);
  });

  it('refuses a non-multipart body (415; above 1 MiB the usual 413), bad queries (400) and Idempotency-Key (400)', async () => {
    expect((await upload('{}', `workspaceId=${workspaceId}`, { 'Content-Type': 'application/json' })).status).toBe(415);
    expect(
      (await upload('x'.repeat(MAX_BODY_BYTES + 10), `workspaceId=${workspaceId}`, { 'Content-Type': 'application/json' })).status,
    ).toBe(413);
    expect((await upload(form([{ bytes: PNG_1X1, type: 'image/png', name: 'a.png' }]), '')).status).toBe(400);
    expect(
      (
        await upload(form([{ bytes: PNG_1X1, type: 'image/png', name: 'a.png' }]), `workspaceId=${workspaceId}`, {
          'Idempotency-Key': 'abc-123-def',
        })
      ).status,
    ).toBe(400);
    const bad = await upload(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      `workspaceId=${workspaceId}`,
      { 'Content-Type': 'multipart/form-data; boundary=b' },
    );
    expect(bad.status).toBe(400);
  });

  it('answers 413 for a declared Content-Length above 100 MB without reading the body', async () => {
    expect(MARKUP_FILE_MAX_BYTES).toBe(100 * 1024 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await upload(body, `workspaceId=${workspaceId}`, {
      'Content-Type': 'multipart/form-data; boundary=b',
      'Content-Length': String(MARKUP_FILE_MAX_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(res.body.error.message).toContain('/markups/objectstore');
    expect(pulled).toBeLessThan(5);
  });

  it('answers 413 for a chunked body that passes 100 MB, produced lazily, and keeps nothing', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, PNG_1X1]));
        else controller.enqueue(chunk);
        sent++;
        if (sent > 200) controller.close();
      },
    });
    const uploads = await count('SELECT id FROM uploads');
    const res = await upload(body, `workspaceId=${workspaceId}`, { 'Content-Type': 'multipart/form-data; boundary=b' });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(110);
    expect(await count('SELECT id FROM uploads')).toBe(uploads);
    // The partial file was written to disk as it came, and removed with the refusal.
    expect(readdirSync(path.join(s.objectsDir, '.tmp'))).toEqual([]);
  });

  it('stops a streamed body at the limit (counted, never buffered)', async () => {
    let produced = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += 1000;
        controller.enqueue(new Uint8Array(1000));
      },
    });
    const limited = limitedBody(source, 4500);
    const reader = limited.stream.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toMatchObject({ status: 413 });
    expect(received).toBe(4000);
    expect(limited.exceeded()).toBe(true);
    expect(produced).toBeLessThan(10_000);
  });
});
