/**
 * The markup response's `conversion` (issue 17) for files uploaded through the real POST
 * /markups/file and converted by the real worker: pending before the worker ran, null once ready,
 * and for damaged files (a cut-off PNG, a cut-off PDF, an MP4 without its moov box) failed
 * with the code `unreadable` and a sentence for people — never the worker's own words, the
 * library's message or a storage key. Also the sentences for the PDF caps and for giving up.
 */
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

  it('names the PDF caps and gives a general sentence for a conversion given up (store outages)', async () => {
    expect(conversionFailure('pdf', 'PDFs may be at most 256 MB to be converted')).toEqual({
      code: 'too_large',
      message: 'The PDF is too large to be prepared for review (at most 256 MB).',
    });
    expect(conversionFailure('pdf', 'the PDF has 2400 pages; at most 2000 are converted')).toMatchObject({ code: 'too_many_pages' });
    expect(conversionFailure('pdf', 'the PDF has no pages')).toEqual({ code: 'unreadable', message: 'The PDF has no pages.' });
    const outage = 'the original ws/1/markup_asset/2/x.png is missing from the object store';
    expect(conversionFailure('image', outage)).toEqual({
      code: 'not_converted',
      message: 'The file could not be prepared for review. Please try again later.',
    });
    expect(conversionFailure('video', null)).toMatchObject({ code: 'not_converted' });
  });
});
