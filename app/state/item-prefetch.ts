/**
 * A markup page's item, asked for while the page's own chunk (manage-views) is still downloading
 * instead of after it: opening a markup's link cold is otherwise two round trips in a row before
 * anything of the markup shows. Taken once by the page's loader; an answer older than a few seconds is
 * not used (the page may have been left and opened again).
 */
import type { ItemResponse } from '../../src/api/wire';
import { api } from './session';

const FRESH_MS = 5_000;
const pending = new Map<string, { at: number; item: Promise<ItemResponse> }>();

export function prefetchItem(id: string): void {
  if (pending.has(id)) return;
  const item = api.item(id);
  item.catch(() => undefined);
  pending.set(id, { at: Date.now(), item });
}

/** The prefetched item of `id` when fresh, else a new request. */
export function takeItem(id: string): Promise<ItemResponse> {
  const early = pending.get(id);
  pending.delete(id);
  return early && Date.now() - early.at < FRESH_MS ? early.item : api.item(id);
}
