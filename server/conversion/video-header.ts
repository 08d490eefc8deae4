/**
 * Duration and frame size of a video from its container header, without ffmpeg and without reading
 * the media data: MP4/QuickTime (`moov` → `mvhd` timescale and duration, the first `tkhd` with a
 * frame size) and WebM/Matroska (EBML `Info` → TimecodeScale/Duration, the first `Video` track's
 * PixelWidth/PixelHeight). Only box and element headers are read from the file (plus `moov`, which
 * is small), so a 5 GB video costs a few reads. Rotation matrices and display aspect ratios are
 * ignored: width and height are the coded frame size.
 */
import type { FileHandle } from 'node:fs/promises';

export interface VideoHeader {
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** The bytes are not the container they claim to be (or are cut short). */
export class NotAVideoError extends Error {}

/** `moov` is normally well under a megabyte; a larger one is refused rather than read whole. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** WebM keeps Info and Tracks before the first Cluster, within the first few kilobytes. */
const WEBM_HEAD_BYTES = 1024 * 1024;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function boxes(data: Buffer): { type: string; body: Buffer }[] {
  const out: { type: string; body: Buffer }[] = [];
  let at = 0;
  while (at + 8 <= data.length) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > data.length) break;
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = data.length - at;
    if (size < header || at + size > data.length) break;
    out.push({ type, body: data.subarray(at + header, at + size) });
    at += size;
  }
  return out;
}

function parseMoov(moov: Buffer): VideoHeader {
  const result: VideoHeader = { width: null, height: null, durationMs: null };
  for (const box of boxes(moov)) {
    if (box.type === 'mvhd' && box.body.length >= 32) {
      const v1 = box.body[0] === 1;
      const timescale = box.body.readUInt32BE(v1 ? 20 : 12);
      const duration = v1 ? Number(box.body.readBigUInt64BE(24)) : box.body.readUInt32BE(16);
      if (timescale > 0 && duration > 0 && duration !== 0xffffffff) result.durationMs = Math.round((duration / timescale) * 1000);
    }
    if (box.type === 'trak' && result.width === null) {
      const tkhd = boxes(box.body).find((b) => b.type === 'tkhd');
      if (tkhd) {
        const offset = tkhd.body[0] === 1 ? 88 : 76;
        if (tkhd.body.length >= offset + 8) {
          const width = Math.round(tkhd.body.readUInt32BE(offset) / 65536);
          const height = Math.round(tkhd.body.readUInt32BE(offset + 4) / 65536);
          if (width > 0 && height > 0) Object.assign(result, { width, height });
        }
      }
    }
  }
  return result;
}

export async function readMp4Header(file: FileHandle, size: number): Promise<VideoHeader> {
  let at = 0;
  let first = true;
  while (at + 8 <= size) {
    const head = await readAt(file, at, 16);
    if (head.length < 8) break;
    const type = head.toString('latin1', 4, 8);
    if (first && !['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide'].includes(type))
      throw new NotAVideoError('not an MP4 file (no ftyp box)');
    first = false;
    let boxSize = head.readUInt32BE(0);
    let header = 8;
    if (boxSize === 1) {
      boxSize = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (boxSize === 0) boxSize = size - at;
    if (boxSize < header || at + boxSize > size)
      throw new NotAVideoError(`the MP4 box "${type}" runs past the end of the file (truncated?)`);
    if (type === 'moov') {
      if (boxSize > MAX_MOOV_BYTES) throw new NotAVideoError('the MP4 moov box is implausibly large');
      return parseMoov(await readAt(file, at + header, boxSize - header));
    }
    at += boxSize;
  }
  throw new NotAVideoError('no moov box: not an MP4 file, or the upload is incomplete');
}

const EBML_MAGIC = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const CLUSTER = 0x1f43b675;
const CONTAINERS = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, VIDEO]);

/** A variable-length integer at `at`: its value (marker bit removed unless `keepMarker`) and length. */
function vint(data: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = data[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > data.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + data[at + i]!;
    if (data[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const readUint = (data: Buffer) => data.reduce((acc, byte) => acc * 256 + byte, 0);

export async function readWebmHeader(file: FileHandle, size: number): Promise<VideoHeader> {
  const data = await readAt(file, 0, Math.min(size, WEBM_HEAD_BYTES));
  if (data.length < 4 || data.readUInt32BE(0) !== EBML_MAGIC) throw new NotAVideoError('not a WebM file (no EBML header)');
  let timecodeScale = 1_000_000;
  let duration: number | null = null;
  const result: VideoHeader = { width: null, height: null, durationMs: null };
  let at = 0;
  while (at < data.length) {
    const id = vint(data, at, true);
    if (!id) break;
    const len = vint(data, at + id.length, false);
    if (!len) break;
    const start = at + id.length + len.length;
    if (id.value === CLUSTER) break;
    if (CONTAINERS.has(id.value)) {
      at = start; // Descend: its children follow.
      continue;
    }
    if (len.unknown || start + len.value > data.length) break;
    const body = data.subarray(start, start + len.value);
    if (id.value === 0x2ad7b1) timecodeScale = readUint(body);
    if (id.value === 0x4489) duration = body.length === 4 ? body.readFloatBE(0) : body.length === 8 ? body.readDoubleBE(0) : null;
    if (id.value === 0xb0 && result.width === null) result.width = readUint(body);
    if (id.value === 0xba && result.height === null) result.height = readUint(body);
    at = start + len.value;
  }
  if (duration !== null && Number.isFinite(duration) && duration > 0) result.durationMs = Math.round((duration * timecodeScale) / 1e6);
  return result;
}
