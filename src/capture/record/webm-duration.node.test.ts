/**
 * The Duration written into a MediaRecorder WebM: the header below is the one Chromium 156 wrote for
 * a clip recorded in e2e/record-clip.spec.ts (EBML header, a Segment of unknown size, Segment Info
 * with TimecodeScale, MuxingApp and WritingApp), followed by stand-in cluster bytes.
 */
import { describe, expect, it } from 'vitest';
import { withDuration } from './webm-duration';

const CHROMIUM_HEAD = [
  '1a45dfa3' + '9f' + '4286810142f7810142f2810442f381084282847765626d4287810442858102',
  '18538067' + '01ffffffffffffff',
  '1549a966' + '99' + '2ad7b1830f4240' + '4d8086' + '4368726f6d65' + '574186' + '4368726f6d65',
  '1f43b675' + '01ffffffffffffff' + 'e78100',
].join('');
const bytes = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
const CLUSTER_TAIL = new Uint8Array(5000).map((_, i) => i % 251);

async function read(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('withDuration', () => {
  it('writes the Duration into Segment Info and keeps every other byte', async () => {
    const head = bytes(CHROMIUM_HEAD);
    const original = new Blob([head, CLUSTER_TAIL], { type: 'video/webm' });
    const fixed = await read(await withDuration(original, 2345));
    const infoAt = 0x30;
    expect(fixed[infoAt + 4]).toBe(0x80 | (25 + 11));
    const durationAt = infoAt + 5 + 25;
    expect([...fixed.slice(durationAt, durationAt + 3)]).toEqual([0x44, 0x89, 0x88]);
    expect(new DataView(fixed.buffer, durationAt + 3, 8).getFloat64(0)).toBe(2345);
    expect(fixed.length).toBe(head.length + CLUSTER_TAIL.length + 11);
    expect([...fixed.slice(durationAt + 11)]).toEqual([...head.slice(infoAt + 5 + 25), ...CLUSTER_TAIL]);
  });

  it('leaves a clip that already has a Duration, or is not WebM, as it was', async () => {
    const once = await withDuration(new Blob([bytes(CHROMIUM_HEAD), CLUSTER_TAIL]), 1000);
    expect(await withDuration(once, 5000)).toBe(once);
    const notWebm = new Blob([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])]);
    expect(await withDuration(notWebm, 1000)).toBe(notWebm);
    const cut = new Blob([bytes(CHROMIUM_HEAD).slice(0, 60)]);
    expect(await withDuration(cut, 1000)).toBe(cut);
  });
});
