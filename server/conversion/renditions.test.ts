/**
 * MarkupImage and MarkupVideo filled in by conversion (issue 17), on real files: every image and
 * PDF page gets a signed WebP thumbnail and preview (PDF pages rasterised by pdf.js, with their
 * text drawn), a PDF gets a markup thumbnail and its page count, a video its size and duration; the
 * renditions go with the markup when it is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { CLIP_WEBM, drawnPng, readyFileMarkup, textPdf } from '../testing/file-markups.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

async function fetchImage(url: string) {
  const res = await s.app.request(url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata(), type: res.headers.get('content-type') };
}

describe('renditions', () => {
  it('gives each image of a set a thumbnail and a preview, never enlarged', async () => {
    const markup = await readyFileMarkup(s, [
      { bytes: await drawnPng(3000, 1500), type: 'image/png', name: 'wide.png' },
      { bytes: await drawnPng(300, 200, 90), type: 'image/png', name: 'small.png' },
    ]);
    const [wide, small] = markup.images;
    expect(wide).toMatchObject({ width: 3000, height: 1500, previewWidth: 2048, previewHeight: 1024 });
    expect(small).toMatchObject({ width: 300, height: 200, previewWidth: 300, previewHeight: 200 });
    const preview = await fetchImage(wide.previewUrl);
    expect(preview.meta).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    const thumbnail = await fetchImage(wide.thumbnailUrl);
    expect(thumbnail.meta).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect((await fetchImage(small.thumbnailUrl)).meta).toMatchObject({ width: 300, height: 200 });
    expect(markup.thumbnailUrl).toEqual(expect.any(String));
  });

  it('rasterises every PDF page with its text, and makes the first page the markup thumbnail', async () => {
    const markup = await readyFileMarkup(s, [{ bytes: await textPdf(3), type: 'application/pdf', name: 'deck.pdf' }]);
    expect(markup.pageCount).toBe(3);
    expect(markup.images.map((p: { pageNumber: number }) => p.pageNumber)).toEqual([1, 2, 3]);
    for (const page of markup.images) {
      expect(page).toMatchObject({ width: 612, height: 792, previewWidth: 1236, previewHeight: 1600 });
      const preview = await fetchImage(page.previewUrl);
      expect(preview.meta).toMatchObject({ format: 'webp', width: 1236, height: 1600 });
      // The page is white with dark text drawn on it (the heading is near the top).
      const heading = await sharp(preview.bytes).extract({ left: 150, top: 150, width: 700, height: 120 }).greyscale().stats();
      expect(heading.channels[0]!.min).toBeLessThan(80);
      expect(heading.channels[0]!.max).toBeGreaterThan(240);
      expect((await fetchImage(page.thumbnailUrl)).meta).toMatchObject({ width: 232, height: 300 });
    }
    expect((await fetchImage(markup.thumbnailUrl)).meta).toMatchObject({ format: 'webp', width: 232, height: 300 });
    // pdf.js ran in its worker thread: its polyfills (which slow JSON.stringify for the whole isolate) are not here.
    expect(globalThis).not.toHaveProperty('pdfjsLib');
    expect(globalThis).not.toHaveProperty('__core-js_shared__');
  });

  it('measures a real video (size and duration in ms and s)', async () => {
    const markup = await readyFileMarkup(s, [{ bytes: CLIP_WEBM, type: 'video/webm', name: 'clip.webm' }]);
    expect(markup.video).toMatchObject({ width: 160, height: 120, durationMs: 1935, duration: 1.935, mimeType: 'video/webm' });
    const original = await s.app.request(markup.video.url);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(CLIP_WEBM);
  });

  it('deletes the renditions with the markup', async () => {
    const markup = await readyFileMarkup(s, [{ bytes: await textPdf(2), type: 'application/pdf', name: 'gone.pdf' }]);
    const keys = await s.db.query<{ k: string }>(
      'SELECT unnest(ARRAY[thumbnail_storage_key, preview_storage_key]) AS k FROM markup_assets WHERE markup_id = $1',
      [markup.id],
    );
    expect(keys).toHaveLength(4);
    for (const { k } of keys) expect(await s.storage.head(k)).not.toBeNull();
    expect((await s.request('DELETE', `${API}/markups/${markup.id}`, { token: s.seed.workspaceApiKey })).status).toBe(204);
    for (const { k } of keys) expect(await s.storage.head(k)).toBeNull();
  });
});
