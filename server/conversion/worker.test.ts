/**
 * The conversion worker on generated originals: image size and thumbnail, PDF pages, MP4 and WebM
 * headers, the one transaction that flips isReady and records markup_ready; corrupt files fail at
 * once without crashing anything, store outages are retried on the backoff and given up after the
 * last attempt, deleted markups are left alone, and two workers never convert one markup twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { queryOne } from '../db/db.ts';
import { insertRegistration } from '../events/registrations.ts';
import { createTestServer, silentLogger, type TestServer } from '../testing/support.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { fileMarkup, mp4Of, pdfOf, pngOf, webmOf } from '../testing/conversion-files.ts';
import { CONVERSION_MAX_ATTEMPTS, createConversionWorker, retryDelayMs } from './worker.ts';

let s: TestServer;
let folderId: string;

beforeAll(async () => {
  s = await createTestServer();
  folderId = (await queryOne<{ root_folder_id: string }>(s.db, 'SELECT root_folder_id FROM workspaces WHERE id = $1', [
    s.seed.workspaceId,
  ]))!.root_folder_id;
  await s.db.transaction((tx) =>
    insertRegistration(
      tx,
      s.seed.workspaceId,
      { url: 'https://hooks.example/ready', eventTypes: ['markup_ready'], enabled: true },
      s.clock.now(),
    ),
  );
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await s.db.query('DELETE FROM webhook_deliveries');
});

const worker = (store: ObjectStore = s.storage) => createConversionWorker({ db: s.db, store, clock: s.clock, log: silentLogger });
const make = (contentType: string, bytes: Buffer) =>
  fileMarkup(s.db, s.storage, { workspaceId: s.seed.workspaceId, folderId, contentType, bytes, now: s.clock.now() });
const markupOf = (id: string) =>
  queryOne<{ is_ready: boolean; thumbnail_storage_key: string | null; modified_at: Date }>(
    s.db,
    'SELECT is_ready, thumbnail_storage_key, modified_at FROM markups WHERE id = $1',
    [id],
  );
const assetsOf = (id: string) =>
  s.db.query<{
    kind: string;
    position: number;
    file_id: string | null;
    width: number | null;
    height: number | null;
    duration_ms: number | null;
  }>('SELECT kind, position, file_id, width, height, duration_ms FROM markup_assets WHERE markup_id = $1 ORDER BY position', [id]);
const conversionOf = (id: string) =>
  queryOne<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date }>(
    s.db,
    'SELECT status, attempts, last_error, next_attempt_at FROM markup_conversions WHERE markup_id = $1',
    [id],
  );
const readyEvents = () => s.db.query<{ payload: string }>(`SELECT payload FROM webhook_deliveries WHERE event_type = 'markup_ready'`);

/** Runs polls until nothing is due now. */
async function drain(w = worker()): Promise<void> {
  while ((await w.runOnce()) > 0);
}

describe('converting file markups', () => {
  it('measures an image, stores a webp thumbnail within 400×300 and makes the markup ready with one markup_ready event', async () => {
    const id = await make('image/png', await pngOf(640, 480));
    const before = await markupOf(id);
    s.clock.advance(1000);
    await drain();
    const markup = await markupOf(id);
    expect(markup!.is_ready).toBe(true);
    expect(markup!.modified_at.getTime()).toBeGreaterThan(before!.modified_at.getTime());
    expect(markup!.thumbnail_storage_key).toBe(`ws/${s.seed.workspaceId}/markup_asset/${id}/thumbnail.webp`);
    expect(await assetsOf(id)).toMatchObject([{ kind: 'image', position: 0, width: 640, height: 480 }]);
    const thumb = await s.storage.read(markup!.thumbnail_storage_key!);
    const meta = await sharp(Buffer.from(await new Response(thumb!.body).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);
    expect(thumb!.info.contentType).toBe('image/webp');
    const events = await readyEvents();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({
      type: 'markup_ready',
      workspaceId: s.seed.workspaceId,
      data: { markup: { id, type: 'image' }, actor: null },
    });
    expect(await conversionOf(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    // Nothing more to do: a second poll converts nothing and records nothing.
    expect(await worker().runOnce()).toBe(0);
    expect(await readyEvents()).toHaveLength(1);
  });

  it('measures every image of a several-image markup; the thumbnail is the first one', async () => {
    const id = await make('image/png', await pngOf(300, 200));
    const second = await fileMarkup(s.db, s.storage, {
      workspaceId: s.seed.workspaceId,
      folderId,
      contentType: 'image/jpeg',
      bytes: await sharp(await pngOf(50, 70))
        .jpeg()
        .toBuffer(),
      now: s.clock.now(),
    });
    // Move the second markup's image over as image 2 of the first.
    await s.db.query(`UPDATE markup_assets SET markup_id = $1, position = 1 WHERE markup_id = $2`, [id, second]);
    await s.db.query(`UPDATE markups SET deleted_at = now() WHERE id = $1`, [second]);
    await drain();
    expect(await assetsOf(id)).toMatchObject([
      { kind: 'image', position: 0, width: 300, height: 200 },
      { kind: 'image', position: 1, width: 50, height: 70 },
    ]);
  });

  it('keeps small images at their size', async () => {
    const id = await make('image/png', await pngOf(120, 80));
    await drain();
    const thumb = await s.storage.read((await markupOf(id))!.thumbnail_storage_key!);
    const meta = await sharp(Buffer.from(await new Response(thumb!.body).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
  });

  it('adds a page row per further PDF page with its size in points (a rotated page turned)', async () => {
    const id = await make(
      'application/pdf',
      await pdfOf(
        [
          [612, 792],
          [595, 842],
          [612, 792],
        ],
        [2],
      ),
    );
    await drain();
    expect((await markupOf(id))!.is_ready).toBe(true);
    expect(await assetsOf(id)).toMatchObject([
      { kind: 'page', position: 0, width: 612, height: 792 },
      { kind: 'page', position: 1, file_id: null, width: 595, height: 842 },
      { kind: 'page', position: 2, file_id: null, width: 792, height: 612 },
    ]);
    expect((await assetsOf(id))[0]!.file_id).not.toBeNull();
    // Issue 17: a PDF's thumbnail is its first page's (renditions.test.ts checks the pictures).
    expect((await markupOf(id))!.thumbnail_storage_key).toMatch(/\/p0-thumbnail\.webp$/);
  });

  it('reads duration and frame size from MP4 and WebM headers', async () => {
    const mp4 = await make('video/mp4', mp4Of(1280, 720, 93_500));
    const webm = await make('video/webm', webmOf(640, 360, 12_250));
    await drain();
    expect(await assetsOf(mp4)).toMatchObject([{ kind: 'video', width: 1280, height: 720, duration_ms: 93_500 }]);
    expect(await assetsOf(webm)).toMatchObject([{ kind: 'video', width: 640, height: 360, duration_ms: 12_250 }]);
    expect((await markupOf(mp4))!.is_ready && (await markupOf(webm))!.is_ready).toBe(true);
  });

  it('fails a corrupt file at once, keeps it not ready and records why — and goes on with the others', async () => {
    const fake = await make('image/png', Buffer.from('<html>not a png</html>'));
    const truncated = await make('application/pdf', (await pdfOf([[612, 792]])).subarray(0, 200));
    const noMoov = await make('video/mp4', mp4Of(10, 10, 1000).subarray(0, 1000));
    const good = await make('image/png', await pngOf(10, 10));
    await drain();
    for (const id of [fake, truncated, noMoov]) {
      expect((await markupOf(id))!.is_ready).toBe(false);
      expect(await conversionOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
    }
    expect((await conversionOf(fake))!.last_error).toMatch(/not a readable image/);
    expect((await conversionOf(truncated))!.last_error).toMatch(/not a readable PDF/);
    expect((await conversionOf(noMoov))!.last_error).toMatch(/runs past the end|no moov/);
    expect((await markupOf(good))!.is_ready).toBe(true);
    expect(await readyEvents()).toHaveLength(1);
  });

  it('retries a store outage on the backoff and gives up after the last attempt', async () => {
    let failures = Infinity;
    const flaky: ObjectStore = Object.assign(Object.create(s.storage) as ObjectStore, {
      read: async (key: string) => {
        if (failures-- > 0) throw new Error('storage unreachable');
        return s.storage.read(key);
      },
    });
    const id = await make('image/png', await pngOf(20, 20));
    const w = worker(flaky);
    await w.runOnce();
    expect(await conversionOf(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'storage unreachable' });
    expect((await conversionOf(id))!.next_attempt_at.getTime()).toBe(s.clock.now() + retryDelayMs(1));
    expect(await w.runOnce()).toBe(0); // not due yet
    s.clock.advance(retryDelayMs(1));
    failures = 0;
    await w.runOnce();
    expect((await markupOf(id))!.is_ready).toBe(true);

    failures = Infinity;
    const doomed = await make('image/png', await pngOf(20, 20));
    for (let attempt = 1; attempt <= CONVERSION_MAX_ATTEMPTS; attempt++) {
      await w.runOnce();
      s.clock.advance(retryDelayMs(attempt));
    }
    expect(await conversionOf(doomed)).toMatchObject({
      status: 'failed',
      attempts: CONVERSION_MAX_ATTEMPTS,
      last_error: 'storage unreachable',
    });
    expect((await markupOf(doomed))!.is_ready).toBe(false);
  });

  it('leaves deleted markups alone', async () => {
    const id = await make('image/png', await pngOf(20, 20));
    await s.db.query('UPDATE markups SET deleted_at = now() WHERE id = $1', [id]);
    await drain();
    expect((await markupOf(id))!.is_ready).toBe(false);
    expect(await readyEvents()).toHaveLength(0);
  });

  it('converts each markup once when two workers poll at the same time', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(async (n) => make('image/png', await pngOf(10 * n, 10))));
    const a = worker();
    const b = worker();
    while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0));
    for (const id of ids) expect(await conversionOf(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await readyEvents()).toHaveLength(5);
  });

  it('hands a row whose lease ran out to the next worker', async () => {
    const id = await make('image/png', await pngOf(20, 20));
    // A worker claimed the row and died before converting it.
    const now = s.clock.now();
    await s.db.query(
      `INSERT INTO markup_conversions (markup_id, attempts, next_attempt_at, lease_id, created_at) VALUES ($1, 1, $2::timestamptz, $3, $4::timestamptz)`,
      [id, new Date(now + 10 * 60_000).toISOString(), randomUUID(), new Date(now).toISOString()],
    );
    expect(await worker().runOnce()).toBe(0);
    s.clock.advance(10 * 60_000);
    await drain();
    expect((await markupOf(id))!.is_ready).toBe(true);
    expect(await conversionOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});
