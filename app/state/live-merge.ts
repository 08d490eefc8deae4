/**
 * Folding a fresh first page of the inbox into the list on screen without moving it: rows already
 * shown keep their place and take the new content (reply count, unread, resolved…); threads not
 * shown yet that are newer than the top row go on top, newest first; the selected row stays the
 * same thread (its index moves down by what was added above). Pure, for unit tests.
 */
import type { InboxThread } from '../../src/api/wire';

export interface Merged {
  items: InboxThread[];
  added: number;
  updated: number;
  selected: number;
}

export function mergeFirstPage(shown: InboxThread[], fresh: InboxThread[], selected: number): Merged {
  const byId = new Map(fresh.map((row) => [row.id, row]));
  const known = new Set(shown.map((row) => row.id));
  let updated = 0;
  const kept = shown.map((row) => {
    const next = byId.get(row.id);
    if (!next || (next.lastActivityAt === row.lastActivityAt && next.unread === row.unread && next.resolved === row.resolved)) return row;
    updated++;
    return next;
  });
  // Only threads newer than everything on screen are new at the top; an older unseen one belongs
  // further down the list, where loading more will bring it.
  const newest = shown.reduce((max, row) => Math.max(max, row.lastActivityAt), 0);
  const added = fresh.filter((row) => !known.has(row.id) && (row.lastActivityAt >= newest || shown.length === 0));
  return { items: [...added, ...kept], added: added.length, updated, selected: shown.length ? selected + added.length : selected };
}
