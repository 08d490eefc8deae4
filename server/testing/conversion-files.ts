/**
 * Test originals made on the spot (no binary fixtures): a PNG by sharp, a PDF by pdf-lib, minimal
 * MP4 and WebM headers built box by box; and a file markup set up the way POST /markups/file leaves
 * it (is_ready false, one asset at position 0 naming a completed upload), for the worker to convert.
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument, degrees } from 'pdf-lib';
import sharp from 'sharp';
import { isoAt, type Db } from '../db/db.ts';
import { attachMarkupFiles, createMarkup, markupTypeOf } from '../model/markup-writes.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** Pages of the given sizes in points; `rotate` turns a page (by its index) by 90°. */
export async function pdfOf(pages: [number, number][], rotate: number[] = []): Promise<Buffer> {
  const doc = await PDFDocument.create();
  pages.forEach(([w, h], i) => {
    const page = doc.addPage([w, h]);
    if (rotate.includes(i)) page.setRotation(degrees(90));
  });
  return Buffer.from(await doc.save());
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** ftyp, mdat (before moov, as many encoders write it), moov with mvhd and one video tkhd. */
export function mp4Of(width: number, height: number, durationMs: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(durationMs, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('mdat', Buffer.alloc(4096, 7)),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd))),
  ]);
}

function ebml(id: number[], body: Buffer): Buffer {
  // 8-byte size vint: 0x01 then 7 bytes of length.
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, body]);
}

const uint = (n: number, bytes = 2) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(n, 0, bytes);
  return b;
};

export function webmOf(width: number, height: number, durationMs: number): Buffer {
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(durationMs); // with the default TimecodeScale (1 ms)
  const info = ebml([0x15, 0x49, 0xa9, 0x66], Buffer.concat([ebml([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)), ebml([0x44, 0x89], duration)]));
  const video = ebml([0xe0], Buffer.concat([ebml([0xb0], uint(width)), ebml([0xba], uint(height))]));
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], Buffer.concat([ebml([0xd7], uint(1, 1)), video])));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(2048, 3));
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
    ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, tracks, cluster])),
  ]);
}

/** A not-ready file markup with its original stored and its upload completed; returns the markup id. */
export async function fileMarkup(
  db: Db,
  store: ObjectStore,
  args: { workspaceId: string; folderId: string; contentType: string; bytes: Buffer; now: number; name?: string },
): Promise<string> {
  const uploadId = randomUUID();
  const key = `ws/${args.workspaceId}/markup_asset/${uploadId}/original`;
  const info = await store.put(key, args.bytes, args.contentType);
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO uploads (id, workspace_id, resource_type, resource_id, storage_key, filename, content_type, filesize, etag, created_at, completed_at)
       VALUES ($1, $2, 'markup_asset', NULL, $3, 'original', $4, $5, $6, $7::timestamptz, $7::timestamptz)`,
      [uploadId, args.workspaceId, key, args.contentType, info.size, info.etag, isoAt(args.now)],
    );
    const markup = await createMarkup(tx, {
      workspaceId: args.workspaceId,
      folderId: args.folderId,
      type: markupTypeOf(args.contentType),
      name: args.name ?? 'A file',
      url: null,
      markupUrl: 'http://localhost/review',
      originalMimeType: args.contentType,
      isReady: false,
      createdByUserId: null,
      now: args.now,
    });
    await attachMarkupFiles(tx, markup.id, [{ uploadId, contentType: args.contentType }], args.now);
    return markup.id;
  });
}
