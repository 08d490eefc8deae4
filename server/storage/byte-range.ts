/**
 * One HTTP byte range (RFC 9110 §14) of a stored object, so the local store serves `Range` requests as
 * S3 does: a browser's `<video>` can seek only in a resource that answers 206 (the review app's video
 * player; without it `seekable` is empty and every seek snaps back to 0). Only a single range is
 * honoured; several ranges, or a header we do not understand, get the whole object (allowed: a
 * server may ignore Range). A range that starts past the end is unsatisfiable (416).
 */

export interface ByteRange {
  /** First and last byte, inclusive. */
  start: number;
  end: number;
}

/** The range asked for: a ByteRange, 'unsatisfiable', or null for the whole object. */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  // Longer than 15 digits is past any file we store, and past Number's exact integers.
  if (match[1]!.length > 15 || match[2]!.length > 15) return null;
  if (match[1] === '') {
    // A suffix: the last n bytes.
    const length = Number(match[2]);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
