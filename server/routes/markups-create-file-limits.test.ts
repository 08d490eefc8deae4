/**
 * What POST /markups/file refuses, storing nothing: SVG, HTML, disguised and mixed files, empty
 * forms, non-multipart bodies, bad queries and Idempotency-Key; and the 100 MB limit, enforced on
 * a declared Content-Length and on a streamed body as it arrives (limitedBody), never buffered.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../http/validate.ts';
import { PNG_1X1 } from '../testing/support.ts';
import { MARKUP_FILE_MAX_BYTES } from '../domain/upload-rules.ts';
import { limitedBody } from './markup-file-receive.ts';
import { PDF, form, markupsServer } from './markups-test-kit.ts';

const { s, workspaceId, count, upload } = await markupsServer();
afterAll(async () => {
  await s.close();
});

describe('POST /markups/file', () => {
  it('refuses SVG, HTML, disguised and mixed files, and empty forms, storing nothing', async () => {
    const markups = await count('SELECT id FROM markups');
    const uploads = await count('SELECT id FROM uploads');
    const cases: Array<[FormData, number]> = [
      [form([{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml', name: 'x.svg' }]), 415],
      [form([{ bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'text/html', name: 'x.html' }]), 415],
      [form([{ bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png', name: 'x.png' }]), 415],
      [
        form([
          { bytes: PNG_1X1, type: 'image/png', name: 'a.png' },
          { bytes: PDF, type: 'application/pdf', name: 'b.pdf' },
        ]),
        422,
      ],
      [form([{ bytes: new Uint8Array(0), type: 'image/png', name: 'empty.png' }]), 422],
      [form([], { name: 'no file' }), 422],
    ];
    for (const [body, status] of cases) {
      const res = await upload(body);
      expect(res.status, res.text).toBe(status);
    }
    expect(await count('SELECT id FROM markups')).toBe(markups);
    expect(await count('SELECT id FROM uploads')).toBe(uploads);
    const leftovers = await s.db.query('SELECT 1 FROM uploads WHERE resource_type = $1 AND completed_at IS NULL', ['markup_asset']);
    expect(leftovers).toHaveLength(0);
  });

  it('refuses a non-multipart body (415; above 1 MiB the usual 413), bad queries (400) and Idempotency-Key (400)', async () => {
    expect((await upload('{}', `workspaceId=${workspaceId}`, { 'Content-Type': 'application/json' })).status).toBe(415);
    expect(
      (await upload('x'.repeat(MAX_BODY_BYTES + 10), `workspaceId=${workspaceId}`, { 'Content-Type': 'application/json' })).status,
    ).toBe(413);
    expect((await upload(form([{ bytes: PNG_1X1, type: 'image/png', name: 'a.png' }]), '')).status).toBe(400);
    expect(
      (
        await upload(form([{ bytes: PNG_1X1, type: 'image/png', name: 'a.png' }]), `workspaceId=${workspaceId}`, {
          'Idempotency-Key': 'abc-123-def',
        })
      ).status,
    ).toBe(400);
    const bad = await upload(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      `workspaceId=${workspaceId}`,
      { 'Content-Type': 'multipart/form-data; boundary=b' },
    );
    expect(bad.status).toBe(400);
  });

  it('answers 413 for a declared Content-Length above 100 MB without reading the body', async () => {
    expect(MARKUP_FILE_MAX_BYTES).toBe(100 * 1024 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await upload(body, `workspaceId=${workspaceId}`, {
      'Content-Type': 'multipart/form-data; boundary=b',
      'Content-Length': String(MARKUP_FILE_MAX_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(res.body.error.message).toContain('/markups/objectstore');
    expect(pulled).toBeLessThan(5);
  });

  it('answers 413 for a chunked body that passes 100 MB, produced lazily, and keeps nothing', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, PNG_1X1]));
        else controller.enqueue(chunk);
        sent++;
        if (sent > 200) controller.close();
      },
    });
    const uploads = await count('SELECT id FROM uploads');
    const res = await upload(body, `workspaceId=${workspaceId}`, { 'Content-Type': 'multipart/form-data; boundary=b' });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(110);
    expect(await count('SELECT id FROM uploads')).toBe(uploads);
    // The partial file was written to disk as it came, and removed with the refusal.
    expect(readdirSync(path.join(s.objectsDir, '.tmp'))).toEqual([]);
  });

  it('stops a streamed body at the limit (counted, never buffered)', async () => {
    let produced = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += 1000;
        controller.enqueue(new Uint8Array(1000));
      },
    });
    const limited = limitedBody(source, 4500);
    const reader = limited.stream.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toMatchObject({ status: 413 });
    expect(received).toBe(4000);
    expect(limited.exceeded()).toBe(true);
    expect(produced).toBeLessThan(10_000);
  });
});
