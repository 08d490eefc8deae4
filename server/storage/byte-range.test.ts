/** Byte ranges as a browser's media element and a hostile client send them. */
import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('reads the forms a media element sends', () => {
    expect(parseByteRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('says what cannot be served: past the end, an empty suffix, an empty file', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('serves the whole object for anything else', () => {
    for (const header of [
      undefined,
      '',
      'bytes=-',
      'bytes=5-2',
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=a-b',
      'bytes= 0-1',
      `bytes=${'9'.repeat(30)}-`,
    ])
      expect(parseByteRange(header, 100), String(header)).toBeNull();
  });
});
