/**
 * Real files for the file-markup suites (issue 17): PNGs drawn by sharp, PDFs with several pages of
 * real text by pdf-lib, and a 2-second video Chromium's MediaRecorder recorded (fixtures/clip-2s.*,
 * made by fixtures/record-clips.mjs: this machine has no ffmpeg). A ready markup is made the way a
 * client makes one: POST /markups/file, then the conversion worker runs.
 */
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { createConversionWorker } from '../conversion/worker.ts';
import { API, silentLogger, type TestServer } from './support.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A 2-second 160×120 VP8 WebM and H.264 MP4 (durations 1935 ms and 1981 ms in their headers). */
export const CLIP_WEBM = fixture('clip-2s.webm');
export const CLIP_MP4 = fixture('clip-2s.mp4');
export const CLIP_MP4_DURATION_S = 1.981;

/** A picture with shapes (not a flat colour), `width`×`height`, as PNG. */
export async function drawnPng(width: number, height: number, hue = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,85%)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsl(${hue + 120},70%,45%)"/>
    <rect x="${width / 2}" y="${height / 4}" width="${width / 3}" height="${height / 2}" fill="hsl(${hue + 240},70%,40%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A PDF of `pages` US-letter pages, each with a heading and a paragraph of real text. */
export async function textPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Chapter ${n}: Pricing review`, { x: 72, y: 700, size: 24, font, color: rgb(0.1, 0.1, 0.3) });
    page.drawText(`The annual plan costs less on page ${n}. Reviewers highlight this sentence.`, { x: 72, y: 650, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

/** POST /markups/file with these files (API key), then one conversion pass; answers the ready markup. */
export async function readyFileMarkup(
  s: TestServer,
  files: Array<{ bytes: Buffer; type: string; name: string }>,
  options: { token?: string; workspaceId?: string } = {},
): Promise<any> {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const workspaceId = options.workspaceId ?? s.seed.workspaceId;
  const res = await s.app.request(`${API}/markups/file?workspaceId=${workspaceId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.token ?? s.seed.workspaceApiKey}` },
    body: form,
  });
  const created = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(created)}`);
  const id = created.data.id as string;
  const worker = createConversionWorker({ db: s.db, store: s.storage, clock: s.clock, log: silentLogger });
  for (let pass = 0; pass < 5; pass++) {
    await worker.runOnce();
    const ready = await s.db.query<{ is_ready: boolean }>('SELECT is_ready FROM markups WHERE id = $1', [id]);
    if (ready[0]?.is_ready) break;
  }
  const markup = await s.request('GET', `${API}/markups/${id}`, { token: s.seed.organizationApiKey });
  if (!markup.body?.data?.isReady) throw new Error(`markup ${id} did not become ready: ${markup.text}`);
  return markup.body.data;
}

/** A file-thread body: a point, a message, and whatever the variant adds. */
export function fileThreadBody(markupId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    isImageThread: true,
    projectId: markupId,
    offsetXPercentage: 25,
    offsetYPercentage: 75,
    message: { ops: [{ insert: 'Look here\n' }] },
    ...extra,
  };
}
