/**
 * Receiving the files of POST /markups/file (markup-file.ts): the body counted against the 100 MB
 * limit as it streams, each `file`/`files` part streamed into the object store with its first
 * bytes checked against its declared type, every byte taken from the quota reservation, and the
 * file set checked to make one markup. The route creates the markup from what this received.
 */
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../http/app-deps.ts';
import { ApiError, validationFailed } from '../domain/errors.ts';
import { markupTypeOf } from '../model/markup-writes.ts';
import { MARKUP_FILE_MAX_BYTES, MAX_FILES_PER_MARKUP, normalizeContentType, UPLOAD_RULES, uploadKey } from '../domain/upload-rules.ts';
import type { MultipartReader } from '../storage/multipart.ts';
import { openObjectSink, sniffMismatch, typeFromFilename, type ObjectSink, type StoredFile } from '../model/markup-file-store.ts';
import type { StreamReservation } from '../model/storage-quota.ts';

const FILE_FIELDS = new Set(['file', 'files']);

/** The 413 of an upload past MARKUP_FILE_MAX_BYTES, pointing to the object-store upload for larger files. */
export const tooLarge = () =>
  new ApiError(
    413,
    'payload_too_large',
    `The upload is larger than ${MARKUP_FILE_MAX_BYTES / 1024 / 1024} MB; upload larger files with POST /api/v2/markups/objectstore`,
  );

/** Counts the bytes of a body as they pass; past `maxBytes` the stream fails and `exceeded` is set. */
export function limitedBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): { stream: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  let size = 0;
  let over = false;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          over = true;
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { stream, exceeded: () => over };
}

export interface ReceivedFile extends StoredFile {
  fileId: string;
  filename: string;
  contentType: string;
}

const HEAD_BYTES = 16;

/** Streams one file part into the store, refusing an unaccepted type before anything is written. */
async function receiveFile(
  deps: AppDeps,
  reader: MultipartReader,
  workspaceId: string,
  part: { filename: string | null; contentType: string | null },
  index: number,
  quota: StreamReservation,
): Promise<ReceivedFile> {
  const filename = (part.filename ?? '').trim() || 'file';
  const declared = part.contentType ? normalizeContentType(part.contentType) : '';
  const contentType = declared === '' || declared === 'application/octet-stream' ? (typeFromFilename(filename) ?? declared) : declared;
  const accepted = UPLOAD_RULES.markup_asset.types;
  if (!accepted.includes(contentType)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `File ${index + 1} ("${filename}") is ${contentType || 'of no declared type'}; markups accept ${accepted.join(', ')}`,
      [{ path: `files.${index}`, message: `one of ${accepted.join(', ')}` }],
    );
  }
  const fileId = randomUUID();
  const key = uploadKey(workspaceId, 'markup_asset', fileId, filename);
  let sink: ObjectSink | null = null;
  let head: Buffer = Buffer.alloc(0);
  const flushHead = async () => {
    const problem = sniffMismatch(contentType, head);
    if (problem)
      throw new ApiError(415, 'unsupported_media_type', `File ${index + 1} ("${filename}") ${problem}`, [
        { path: `files.${index}`, message: problem },
      ]);
    sink = await openObjectSink(deps.storage, key, contentType, { 'file-id': fileId, 'resource-type': 'markup_asset' });
    await sink.write(head);
  };
  try {
    await reader.readBody(async (chunk) => {
      quota.take(chunk.length);
      if (sink) return sink.write(chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length >= HEAD_BYTES) await flushHead();
    });
    if (!sink) {
      if (head.length === 0)
        throw validationFailed(`File ${index + 1} ("${filename}") is empty`, [{ path: `files.${index}`, message: 'empty file' }]);
      await flushHead();
    }
    const stored = await sink!.commit();
    return { ...stored, fileId, filename, contentType };
  } catch (error) {
    await (sink as ObjectSink | null)?.abort();
    throw error;
  }
}

/** Reads every part; `file`/`files` parts are stored, other fields are read past and ignored. */
export async function receiveFiles(
  deps: AppDeps,
  reader: MultipartReader,
  workspaceId: string,
  received: ReceivedFile[],
  quota: StreamReservation,
): Promise<void> {
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    if (!FILE_FIELDS.has(part.name)) continue;
    if (received.length >= MAX_FILES_PER_MARKUP) {
      throw validationFailed(`At most ${MAX_FILES_PER_MARKUP} files per markup`, [
        { path: 'files', message: `at most ${MAX_FILES_PER_MARKUP}` },
      ]);
    }
    received.push(await receiveFile(deps, reader, workspaceId, part, received.length, quota));
  }
}

/** A file set is one markup: any number of images, or exactly one PDF or one video. */
export function checkFileSet(files: ReceivedFile[]): void {
  if (files.length === 0)
    throw validationFailed('No file: send the file in a form field named file (or files)', [{ path: 'file', message: 'required' }]);
  if (files.length > 1 && files.some((f) => markupTypeOf(f.contentType) !== 'image')) {
    throw validationFailed('Several files make one image markup, so they must all be images; upload a PDF or a video on its own', [
      { path: 'files', message: 'several files must all be images' },
    ]);
  }
}
