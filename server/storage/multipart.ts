/**
 * A streaming multipart/form-data reader for the local store's upload endpoint. The platform's
 * `Request.formData()` buffers the whole body, and a 100 MB upload must not sit in memory: this
 * reader hands over small text fields as strings and the file part chunk by chunk, so the caller
 * can count bytes, hash them, write them to disk and stop the moment the policy's limit is passed.
 */

export interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string | null;
}

export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a `multipart/form-data` Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function parseDisposition(value: string): { name: string | null; filename: string | null } {
  const params = new Map<string, string>();
  for (const m of value.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim());
  }
  return { name: params.get('name') ?? null, filename: params.get('filename') ?? null };
}

export class MultipartReader {
  private buffer: Buffer;
  private done = false;
  private readonly delimiter: Buffer;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  /** True while the current part's body has not been read to its end. */
  private inBody = false;

  constructor(body: ReadableStream<Uint8Array>, boundary: string) {
    this.reader = body.getReader();
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // A leading CRLF lets the first boundary match the same delimiter as the others.
    this.buffer = Buffer.from(CRLF);
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.reader.read();
    } catch {
      throw new MultipartError('The request body could not be read to its end (was the upload interrupted?)');
    }
    const { value, done } = chunk;
    if (done) {
      this.done = true;
      return false;
    }
    this.buffer = this.buffer.length === 0 ? Buffer.from(value) : Buffer.concat([this.buffer, value]);
    return true;
  }

  /** Stops reading the request (after an early refusal). */
  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  /** Skips to the next part and reads its headers; null after the closing boundary. */
  async nextPart(): Promise<PartHeaders | null> {
    if (this.inBody) await this.readBody(() => undefined);
    let at = this.buffer.indexOf(this.delimiter);
    while (at < 0) {
      // Preamble: keep only what could be the start of a delimiter.
      if (this.buffer.length > this.delimiter.length) this.buffer = this.buffer.subarray(this.buffer.length - this.delimiter.length);
      if (!(await this.fill())) throw new MultipartError('The form ended before its first boundary');
      at = this.buffer.indexOf(this.delimiter);
    }
    this.buffer = this.buffer.subarray(at + this.delimiter.length);
    while (this.buffer.length < 2) if (!(await this.fill())) throw new MultipartError('The form ended inside a boundary');
    if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
      this.done = true;
      return null;
    }
    let end = this.buffer.indexOf(HEADER_END);
    while (end < 0) {
      if (this.buffer.length > MAX_HEADER_BYTES) throw new MultipartError('A part has too many header bytes');
      if (!(await this.fill())) throw new MultipartError('The form ended inside part headers');
      end = this.buffer.indexOf(HEADER_END);
    }
    // Skip transport padding and the CRLF after the boundary.
    const lines = this.buffer.subarray(0, end).toString('utf8').split('\r\n').slice(1);
    this.buffer = this.buffer.subarray(end + HEADER_END.length);
    let disposition: { name: string | null; filename: string | null } = { name: null, filename: null };
    let contentType: string | null = null;
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const header = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (header === 'content-disposition') disposition = parseDisposition(value);
      else if (header === 'content-type') contentType = value;
    }
    if (!disposition.name) throw new MultipartError('A part has no name in its Content-Disposition');
    this.inBody = true;
    return { name: disposition.name, filename: disposition.filename, contentType };
  }

  /** Feeds the current part's body to `sink`, chunk by chunk, up to the next boundary. */
  async readBody(sink: (chunk: Buffer) => void | Promise<void>): Promise<void> {
    for (;;) {
      const at = this.buffer.indexOf(this.delimiter);
      if (at >= 0) {
        if (at > 0) await sink(this.buffer.subarray(0, at));
        this.buffer = this.buffer.subarray(at);
        this.inBody = false;
        return;
      }
      // Everything except a possible partial delimiter at the end is body.
      const safe = this.buffer.length - (this.delimiter.length - 1);
      if (safe > 0) {
        await sink(this.buffer.subarray(0, safe));
        this.buffer = this.buffer.subarray(safe);
      }
      if (!(await this.fill())) throw new MultipartError('The form ended inside a part (no closing boundary)');
    }
  }

  /** The current part's body as UTF-8 text, refused past `maxBytes`. */
  async readText(maxBytes: number): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    await this.readBody((chunk) => {
      size += chunk.length;
      if (size > maxBytes) throw new MultipartError(`A form field is longer than ${maxBytes} bytes`);
      chunks.push(Buffer.from(chunk));
    });
    return Buffer.concat(chunks).toString('utf8');
  }
}
