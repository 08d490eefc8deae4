/**
 * Where conversion puts renditions (renditions.ts): each one goes to the object store as soon as it
 * is made, beside the markup's originals, and its key is remembered by asset position for the one
 * transaction that makes the markup ready (job.ts). A repeated run writes the same keys again.
 */
import type { ObjectStore } from '../storage/object-store.ts';
import type { RenditionPair, RenditionSink } from './renditions.ts';

export interface StoredRendition {
  thumbnailKey: string;
  previewKey: string;
  previewWidth: number;
  previewHeight: number;
}
/** By asset position (an image of the set, or a PDF page − 1). */
export type StoredRenditions = Map<number, StoredRendition>;

/** `ws/<ws>/markup_asset/<markup>/p<position>-<thumbnail|preview>.webp`. */
export function renditionKey(workspaceId: string, markupId: string, position: number, name: 'thumbnail' | 'preview'): string {
  return `ws/${workspaceId}/markup_asset/${markupId}/p${position}-${name}.webp`;
}

export function storedRenditions(
  store: ObjectStore,
  keyOf: (position: number, name: 'thumbnail' | 'preview') => string,
): { sink: RenditionSink; stored: StoredRenditions } {
  const stored: StoredRenditions = new Map();
  const sink = async (position: number, pair: RenditionPair) => {
    const thumbnailKey = keyOf(position, 'thumbnail');
    const previewKey = keyOf(position, 'preview');
    await store.put(thumbnailKey, pair.thumbnail.bytes, pair.thumbnail.contentType);
    await store.put(previewKey, pair.preview.bytes, pair.preview.contentType);
    stored.set(position, { thumbnailKey, previewKey, previewWidth: pair.preview.width, previewHeight: pair.preview.height });
  };
  return { sink, stored };
}
