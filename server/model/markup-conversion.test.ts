/**
 * The markup response's `conversion` (issue 17) for files uploaded through the real POST
 * /markups/file and converted by the real worker: pending before the worker ran, null once ready,
 * and for damaged files (a cut-off PNG, a cut-off PDF, an MP4 without its moov box) failed
 * with the code `unreadable` and a sentence for people — never the worker's own words, the
 * library's message or a storage key. Also the sentences for the PDF caps and for giving up.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createConversionWorker } from '../conversion/worker.ts';
import { form, markupsServer } from '../routes/markups-test-kit.ts';
import { mp4Of, pdfOf, pngOf } from '../testing/conversion-files.ts';
import { API, silentLogger } from '../testing/support.ts';
import { conversionFailure } from './markup-conversion.ts';

const { s, key, upload } = await markupsServer();
afterAll(async () => {
  await s.close();
});

const worker = createConversionWorker({ db: s.db, store: s.storage, clock: s.clock, log: silentLogger });
async function drain(): Promise<void> {
  while ((await worker.runOnce()) > 0);
}
async function uploaded(bytes: Buffer, type: string, name: string): Promise<string> {
  const res = await upload(form([{ bytes, type, name }]));
  expect(res.status, res.text).toBe(200);
  return res.body.data.id as string;
}
const markup = async (id: string) => {
  const res = await s.request('GET', `${API}/markups/${id}`, { token: key });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('conversion in the markup response', () => {
  it('says pending until the worker ran, then null when ready and failed with a human sentence when damaged', async () => {
    const good = await uploaded(await pngOf(40, 30), 'image/png', 'good.png');
    // The upload checks the first bytes: these start right and break after.
    const fakePng = await uploaded((await pngOf(40, 30)).subarray(0, 60), 'image/png', 'cut.png');
    const cutPdf = await uploaded((await pdfOf([[612, 792]])).subarray(0, 200), 'application/pdf', 'cut.pdf');
    const noMoov = await uploaded(mp4Of(10, 10, 1000).subarray(0, 1000), 'video/mp4', 'clip.mp4');
    for (const id of [good, fakePng, cutPdf, noMoov])
      expect(await markup(id)).toMatchObject({ isReady: false, conversion: { status: 'pending', error: null } });

    await drain();
    expect(await markup(good)).toMatchObject({ isReady: true, conversion: null });
    const expected: [string, string][] = [
      [fakePng, 'The file could not be read as an image (PNG, JPEG, GIF or WebP).'],
      [cutPdf, 'The file could not be read as a PDF.'],
      [noMoov, 'The file could not be read as a video (MP4 or WebM).'],
    ];
    for (const [id, message] of expected) {
      const shown = await markup(id);
      expect(shown).toMatchObject({ isReady: false, conversion: { status: 'failed', error: { code: 'unreadable', message } } });
      // The worker's record stays for operators; none of its words reach the client.
      const [row] = await s.db.query<{ last_error: string }>('SELECT last_error FROM markup_conversions WHERE markup_id = $1', [id]);
      expect(row!.last_error.length).toBeGreaterThan(0);
      expect(JSON.stringify(shown.conversion)).not.toContain(row!.last_error.slice(0, 12));
      expect(JSON.stringify(shown.conversion)).not.toMatch(/ws\/|markup_asset|Error|at \w+ \(/);
    }
    // Lists carry it too (the folder view shows the markup as failed without opening it).
    const list = await s.request('GET', `${API}/markups?workspaceId=${s.seed.workspaceId}&limit=100`, { token: key });
    expect(list.status).toBe(200);
    const listed = (list.body.data.data as { id: string; conversion?: unknown }[]).find((m) => m.id === cutPdf);
    expect(listed?.conversion).toMatchObject({ status: 'failed', error: { code: 'unreadable' } });
  });

  it('tells from the reason the worker recorded, not from its wording, and a store outage given up generally', async () => {
    expect(conversionFailure('pdf', 'too_large')).toEqual({
      code: 'too_large',
      message: 'The PDF is too large to be prepared for review (at most 256 MB).',
    });
    expect(conversionFailure('pdf', 'too_many_pages')).toMatchObject({ code: 'too_many_pages' });
    expect(conversionFailure('pdf', 'no_pages')).toEqual({ code: 'unreadable', message: 'The PDF has no pages.' });
    expect(conversionFailure('video', 'unreadable')).toEqual({
      code: 'unreadable',
      message: 'The file could not be read as a video (MP4 or WebM).',
    });
    const givenUp = { code: 'not_converted', message: 'The file could not be prepared for review. Please try again later.' };
    expect(conversionFailure('image', null)).toEqual(givenUp);
    // An unknown reason (a newer server's, read by an older one) and an inherited key are not codes.
    expect(conversionFailure('image', 'melted')).toEqual(givenUp);
    expect(conversionFailure('image', 'toString')).toEqual(givenUp);
  });

  it("records the reason beside the worker's words, so rewording them changes nothing clients see", async () => {
    const cut = await uploaded((await pdfOf([[612, 792]])).subarray(0, 200), 'application/pdf', 'cut-again.pdf');
    await drain();
    const [row] = await s.db.query<{ failure_reason: string }>('SELECT failure_reason FROM markup_conversions WHERE markup_id = $1', [cut]);
    expect(row!.failure_reason).toBe('unreadable');
    await s.db.query(`UPDATE markup_conversions SET last_error = 'reworded entirely' WHERE markup_id = $1`, [cut]);
    expect((await markup(cut)).conversion).toMatchObject({ status: 'failed', error: { code: 'unreadable' } });
  });

  it('gives rows that failed before the reason column the reason their wording meant (migration 0025)', async () => {
    const wordings: [string, string | null][] = [
      ['PDFs may be at most 256 MB to be converted', 'too_large'],
      ['the PDF has 2400 pages; at most 2000 are converted', 'too_many_pages'],
      ['the PDF has no pages', 'no_pages'],
      ['the uploaded file has 900 bytes, more than the 800 declared', 'larger_than_declared'],
      ['not a readable PDF: Failed to parse PDF document', 'unreadable'],
      ['no moov box: not an MP4 file, or the upload is incomplete', 'unreadable'],
      ['the original ws/1/markup_asset/2/x.pdf is missing from the object store', null],
    ];
    const ids: string[] = [];
    for (const [i] of wordings.entries()) ids.push(await uploaded(await pdfOf([[612, 792]]), 'application/pdf', `old-${i}.pdf`));
    await drain();
    // As such rows were left before the migration: failed, with the worker's words and no reason.
    for (const [i, [wording]] of wordings.entries())
      await s.db.query(`UPDATE markup_conversions SET status = 'failed', last_error = $2, failure_reason = NULL WHERE markup_id = $1`, [
        ids[i],
        wording,
      ]);
    const sql = readFileSync(new URL('../db/migrations/0025_conversion_failure_reason.sql', import.meta.url), 'utf8');
    await s.db.exec(sql.slice(sql.indexOf('UPDATE markup_conversions')));
    const reasons: (string | null)[] = [];
    for (const id of ids) {
      const [row] = await s.db.query<{ failure_reason: string | null }>(
        'SELECT failure_reason FROM markup_conversions WHERE markup_id = $1',
        [id],
      );
      reasons.push(row!.failure_reason);
    }
    expect(reasons).toEqual(wordings.map(([, reason]) => reason));
    await s.db.query('UPDATE markups SET is_ready = false WHERE id = $1', [ids[1]]);
    expect((await markup(ids[1]!)).conversion).toMatchObject({ status: 'failed', error: { code: 'too_many_pages' } });
  });
});
