/**
 * The streaming multipart reader: the platform's own FormData encoding read back whatever the
 * chunking (a boundary split across chunks is the classic bug), binary files intact, and
 * truncated or header-less bodies refused instead of hanging.
 */
import { describe, expect, it } from 'vitest';
import { MultipartError, MultipartReader, multipartBoundary } from './multipart.ts';

async function encode(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}

async function readAll(bytes: Buffer, contentType: string, chunkSize: number) {
  const reader = new MultipartReader(chunked(bytes, chunkSize), multipartBoundary(contentType)!);
  const parts: { name: string; filename: string | null; contentType: string | null; body: Buffer }[] = [];
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    const chunks: Buffer[] = [];
    await reader.readBody((chunk) => void chunks.push(Buffer.from(chunk)));
    parts.push({ ...part, body: Buffer.concat(chunks) });
  }
  return parts;
}

describe('MultipartReader', () => {
  const file = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7 + (i >> 8)) % 256));

  it('reads fields and a binary file at every chunk size', async () => {
    const form = new FormData();
    form.append('key', 'ws/1/a.png');
    form.append('Content-Type', 'image/png');
    form.append('x-amz-meta-note', 'line1\r\nline2 "quoted" ünïcode');
    form.append('file', new Blob([file], { type: 'image/png' }), 'a "b".png');
    const { bytes, contentType } = await encode(form);
    for (const size of [1, 2, 3, 7, 13, 64, 1000, bytes.length]) {
      const parts = await readAll(bytes, contentType, size);
      expect(parts.map((p) => p.name)).toEqual(['key', 'Content-Type', 'x-amz-meta-note', 'file']);
      expect(parts[2]!.body.toString()).toBe('line1\r\nline2 "quoted" ünïcode');
      expect(parts[3]).toMatchObject({ contentType: 'image/png', filename: 'a %22b%22.png' });
      expect(parts[3]!.body.equals(file)).toBe(true);
    }
  });

  it('limits text fields and refuses truncated bodies', async () => {
    const form = new FormData();
    form.append('policy', 'x'.repeat(100));
    form.append('file', new Blob([file]), 'f');
    const { bytes, contentType } = await encode(form);
    const reader = new MultipartReader(chunked(bytes, 10), multipartBoundary(contentType)!);
    await reader.nextPart();
    await expect(reader.readText(50)).rejects.toBeInstanceOf(MultipartError);
    await expect(readAll(bytes.subarray(0, bytes.length - 60), contentType, 100)).rejects.toBeInstanceOf(MultipartError);
    await expect(readAll(Buffer.from('no boundary here'), contentType, 4)).rejects.toBeInstanceOf(MultipartError);
  });

  it('finds the boundary of a Content-Type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});
