/**
 * What conversion learns from a file markup's original, read from a local temporary file: image
 * size and a thumbnail (sharp), PDF page sizes (pdf-lib), video duration and frame size (container
 * header). Bytes that are not what they claim to be throw CorruptFileError, which the worker treats
 * as final (retrying cannot repair a file); anything else is an operational failure worth a retry.
 */
import { open, readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp, { type Metadata } from 'sharp';
import { NotAVideoError, readMp4Header, readWebmHeader } from './video-header.ts';
import { imageRenditions, pdfRenditions, type RenditionSink } from './renditions.ts';

/**
 * Why a file cannot be converted, as recorded for clients (`markup_conversions.failure_reason`;
 * server/model/markup-conversion.ts turns it into the response's code and sentence). The message
 * beside it is for operators and may quote a library.
 */
export type FailureReason = 'unreadable' | 'too_large' | 'too_many_pages' | 'no_pages' | 'larger_than_declared';

/** The original cannot be converted as it is (not the type it claims, truncated, too big). */
export class CorruptFileError extends Error {
  constructor(
    readonly reason: FailureReason | null,
    message: string,
  ) {
    super(message);
  }
}

export interface AssetSize {
  width: number | null;
  height: number | null;
  durationMs?: number | null;
}

export interface Analysis {
  /** Position 0 first: the image, the video, or one entry per PDF page. */
  assets: AssetSize[];
  thumbnail?: { bytes: Buffer; contentType: string; extension: string };
}

/** pdf-lib parses the whole file in memory, so PDFs are capped (POST /markups/objectstore says so up front). */
export const PDF_MAX_BYTES = 256 * 1024 * 1024;
export const PDF_MAX_PAGES = 2000;
export const THUMBNAIL_WIDTH = 400;
export const THUMBNAIL_HEIGHT = 300;
const IMAGE_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

export type MarkupFileKind = 'image' | 'pdf' | 'video';

/** Options of an analysis: where each image's or page's renditions go (none without a sink), and a log for pages skipped. */
export interface RenditionOptions {
  sink?: RenditionSink;
  log?: (message: string) => void;
}

export async function analyzeFile(
  kind: MarkupFileKind,
  mimeType: string,
  file: string,
  size: number,
  options: RenditionOptions = {},
): Promise<Analysis> {
  if (kind === 'image') {
    const analysis = await analyzeImage(file);
    // Decoded once already by analyzeImage, so a failure here is not the file's fault.
    if (options.sink) await options.sink(0, await imageRenditions(file));
    return analysis;
  }
  if (kind === 'pdf') {
    const analysis = await analyzePdf(file, size);
    if (options.sink) await pdfRenditions(new Uint8Array(await readFile(file)), options.sink, options.log ?? (() => undefined));
    return analysis;
  }
  return analyzeVideo(mimeType, file, size);
}

async function analyzeImage(file: string): Promise<Analysis> {
  let metadata: Metadata;
  try {
    // sharp reads the file itself (no copy in JS memory) and refuses decompression bombs (its pixel limit).
    metadata = await sharp(file).metadata();
  } catch (error) {
    throw new CorruptFileError('unreadable', `not a readable image: ${(error as Error).message}`);
  }
  if (!metadata.format || !IMAGE_FORMATS.has(metadata.format))
    throw new CorruptFileError('unreadable', `not a PNG, JPEG, GIF or WebP image (found ${metadata.format ?? 'nothing'})`);
  // What a viewer shows: EXIF-rotated (sharp reads one frame of an animation unless asked for all).
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  let bytes: Buffer;
  try {
    bytes = await sharp(file)
      .autoOrient()
      .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    // The header was fine but the pixel data is not (a truncated file).
    throw new CorruptFileError('unreadable', `the image data cannot be decoded: ${(error as Error).message}`);
  }
  return { assets: [{ width: width ?? null, height: height ?? null }], thumbnail: { bytes, contentType: 'image/webp', extension: 'webp' } };
}

async function analyzePdf(file: string, size: number): Promise<Analysis> {
  if (size > PDF_MAX_BYTES)
    throw new CorruptFileError('too_large', `PDFs may be at most ${PDF_MAX_BYTES / 1024 / 1024} MB to be converted`);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(await readFile(file), { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw new CorruptFileError('unreadable', `not a readable PDF: ${(error as Error).message}`);
  }
  const count = doc.getPageCount();
  if (count === 0) throw new CorruptFileError('no_pages', 'the PDF has no pages');
  if (count > PDF_MAX_PAGES)
    throw new CorruptFileError('too_many_pages', `the PDF has ${count} pages; at most ${PDF_MAX_PAGES} are converted`);
  const assets: AssetSize[] = doc.getPages().map((page) => {
    // The CropBox is what viewers show; a page rotated by 90° or 270° is shown sideways.
    const box = page.getCropBox();
    const turned = Math.abs(page.getRotation().angle) % 180 === 90;
    const width = Math.max(1, Math.round(turned ? box.height : box.width));
    const height = Math.max(1, Math.round(turned ? box.width : box.height));
    return { width, height };
  });
  return { assets };
}

async function analyzeVideo(mimeType: string, file: string, size: number): Promise<Analysis> {
  const handle = await open(file, 'r');
  try {
    const header = mimeType === 'video/webm' ? await readWebmHeader(handle, size) : await readMp4Header(handle, size);
    return { assets: [{ width: header.width, height: header.height, durationMs: header.durationMs }] };
  } catch (error) {
    if (error instanceof NotAVideoError) throw new CorruptFileError('unreadable', error.message);
    throw error;
  } finally {
    await handle.close();
  }
}
