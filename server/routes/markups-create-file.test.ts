/**
 * Creating markups from files with the multipart POST /markups/file: image, PDF and video markups,
 * the upload and asset rows they store, several images in one markup, and what the conversion
 * worker fills in later (the DB contract it relies on). Refusals and size limits are in
 * markups-create-file-limits.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API, PNG_1X1, TEST_PUBLIC_URL } from '../testing/support.ts';
import { MP4, PDF, form, markupsServer } from './markups-test-kit.ts';

const { s, key, workspaceId, eventsOf, upload } = await markupsServer();
afterAll(async () => {
  await s.close();
});

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
      markupUrl: `${TEST_PUBLIC_URL}/app/markups/${m.id}`,
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
});
