/**
 * MediaRecorder writes WebM as a live stream: its Segment Info has no Duration, so a player shows
 * 0:00 (or ∞) and cannot seek until it has read the whole file. This writes the Duration element
 * into Segment Info once the recording is over — only the first few kilobytes are read and rebuilt,
 * the rest of the clip is reused as a Blob slice. Anything unexpected leaves the clip as it was.
 */

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
/** Segment Info sits in the first bytes (after the EBML header and at most a SeekHead or Void). */
const HEAD_BYTES = 64 * 1024;

interface Vint {
  value: number;
  length: number;
  /** All value bits set: "unknown size" (a live stream's Segment). */
  unknown: boolean;
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: allOnes };
}

/** An element's size field of `length` bytes holding `value`, or null when it does not fit. */
function sizeField(value: number, length: number): Uint8Array<ArrayBuffer> | null {
  if (value >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

interface Element {
  id: number;
  /** Where the size field starts, where the content starts and ends. */
  sizeAt: number;
  size: Vint;
  start: number;
  end: number;
}

function readElement(bytes: Uint8Array, at: number): Element | null {
  const id = readVint(bytes, at, true);
  if (!id) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  const start = at + id.length + size.length;
  return { id: id.value, sizeAt: at + id.length, size, start, end: size.unknown ? Infinity : start + size.value };
}

/** The clip with its Duration written in; the same Blob when it has one or cannot be read. */
export async function withDuration(blob: Blob, durationMs: number): Promise<Blob> {
  try {
    if (!(durationMs > 0)) return blob;
    const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
    const header = readElement(head, 0);
    if (header?.id !== EBML_HEADER || !Number.isFinite(header.end)) return blob;
    const segment = readElement(head, header.end);
    if (segment?.id !== SEGMENT) return blob;
    let info: Element | null = null;
    for (let at = segment.start; at < head.length;) {
      const child = readElement(head, at);
      if (!child || !Number.isFinite(child.end)) return blob;
      if (child.id === INFO) {
        info = child;
        break;
      }
      at = child.end;
    }
    if (!info || info.end > head.length) return blob;
    let scale = 1_000_000;
    for (let at = info.start; at < info.end;) {
      const child = readElement(head, at);
      if (!child) return blob;
      if (child.id === DURATION) return blob;
      if (child.id === TIMECODE_SCALE && child.size.value <= 8) scale = readUint(head, child.start, child.size.value);
      at = child.end;
    }
    const duration = new Uint8Array(11);
    duration.set([0x44, 0x89, 0x88]);
    new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / (scale || 1_000_000));
    const infoSize = sizeField(info.size.value + duration.length, info.size.length);
    if (!infoSize) return blob;
    const parts: BlobPart[] = [head.slice(0, info.sizeAt)];
    // A Segment of known size grows by the same bytes (MediaRecorder's is of unknown size).
    if (!segment.size.unknown) {
      const segmentSize = sizeField(segment.size.value + duration.length, segment.size.length);
      if (!segmentSize) return blob;
      parts[0] = head.slice(0, segment.sizeAt);
      parts.push(segmentSize, head.slice(segment.start, info.sizeAt));
    }
    parts.push(infoSize, head.slice(info.start, info.end), duration, blob.slice(info.end));
    return new Blob(parts, { type: blob.type });
  } catch {
    return blob;
  }
}

function readUint(bytes: Uint8Array, at: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i]!;
  return value;
}
