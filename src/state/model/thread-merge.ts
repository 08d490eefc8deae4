/**
 * Live refresh's merge (live-refresh.ts): the thread list just fetched is folded into what the
 * reviewer sees instead of replacing it, so other reviewers' threads, replies and resolutions show
 * up while nothing the reviewer is doing moves:
 *  - a thread whose content did not change keeps its object, so Preact and the pin engine (which
 *    caches anchors per thread object) redo nothing for it;
 *  - what is still in the outbox (new comments, replies, edits, deletions, resolutions, moves) is
 *    laid over the server's copy again (mergeOptimistic), so an unconfirmed change never flickers;
 *  - the server's copy of a comment still in the outbox (sent, answer not read yet) is held back
 *    until the outbox reconciles it, so it never shows twice;
 *  - a thread changed locally while the request was out (its object is not one of `before`) is
 *    kept as it is: the answer may predate that change; the next poll settles it.
 * A lazy chunk: only signed-in reviewers poll, and it brings the outbox's optimistic overlays.
 */
import type { MessageResponse, ThreadResponse } from '../../api/wire';
import { isLocalId, mergeOptimistic, type OptimisticEntry } from './optimistic';

export interface MergeInput {
  /** The store's threads now. */
  current: readonly ThreadResponse[];
  /** The store's threads when the request left. */
  before: readonly ThreadResponse[];
  /** The server's list (every page). */
  server: readonly ThreadResponse[];
  /** What is still in the outbox. */
  optimistic: readonly OptimisticEntry[];
}

export interface MergeResult {
  /** The list to show: `current` itself when nothing changed. */
  threads: ThreadResponse[];
  /** Threads that were shown and are gone from the server (deleted by someone else). */
  removed: string[];
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether two values parsed from JSON hold the same data. Walks both and stops at the first
 * difference: no serializing, so comparing a whole list costs little (see the node test's timing).
 */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 32) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!hasOwn.call(b, key) || !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1))
      return false;
  }
  return true;
}

type PendingThread = Extract<OptimisticEntry, { kind: 'thread' }>;
type PendingReply = Extract<OptimisticEntry, { kind: 'reply' }>;

/** The server's copy of a new thread still in the outbox: same author, page and exact anchor. */
function isCopyOf(server: ThreadResponse, local: ThreadResponse): boolean {
  const [a] = server.elements ?? [];
  const [b] = local.elements ?? [];
  return (
    !!a &&
    !!b &&
    server.user?.id === local.user?.id &&
    server.canonicalUrl === local.canonicalUrl &&
    a.path === b.path &&
    a.offsetXPercentage === b.offsetXPercentage &&
    a.offsetYPercentage === b.offsetYPercentage
  );
}

/** Drops from a server thread the replies that are copies of replies still in the outbox. */
function withoutPendingReplies(server: ThreadResponse, known: ThreadResponse | undefined, replies: PendingReply[]): ThreadResponse {
  const mine = replies.filter((r) => r.threadId === server.id);
  const messages = Array.isArray(server.messages) ? server.messages : [];
  if (!mine.length || !messages.length) return server;
  const seen = new Set((known?.messages ?? []).map((m) => m.id));
  const held = new Set<MessageResponse>();
  for (const reply of mine) {
    const copy = messages.find(
      (m) => !seen.has(m.id) && !held.has(m) && m.user?.id === reply.message.user.id && m.content === reply.message.content,
    );
    if (copy) held.add(copy);
  }
  return held.size ? { ...server, messages: messages.filter((m) => !held.has(m)) } : server;
}

export function mergeServerThreads({ current, before, server, optimistic }: MergeInput): MergeResult {
  const earlier = new Set(before);
  const byId = new Map(current.map((t) => [t.id, t]));
  const changedMeanwhile = (t: ThreadResponse) => !earlier.has(t);
  const pendingThreads = optimistic.filter((e): e is PendingThread => e.kind === 'thread');
  const pendingReplies = optimistic.filter((e): e is PendingReply => e.kind === 'reply');
  const matched = new Set<PendingThread>();

  const list: ThreadResponse[] = [];
  const onServer = new Set<string>();
  for (let incoming of server) {
    if (!incoming || typeof incoming.id !== 'string') continue;
    if (!Array.isArray(incoming.messages)) incoming = { ...incoming, messages: [] };
    const known = byId.get(incoming.id);
    if (!known) {
      const local = pendingThreads.find((e) => !matched.has(e) && isCopyOf(incoming, e.thread));
      if (local) {
        matched.add(local);
        continue;
      }
    }
    onServer.add(incoming.id);
    list.push(known && changedMeanwhile(known) ? known : withoutPendingReplies(incoming, known, pendingReplies));
  }

  const removed: string[] = [];
  const pendingIds = new Set(pendingThreads.map((e) => e.localId));
  for (const thread of current) {
    if (onServer.has(thread.id)) continue;
    if (isLocalId(thread.id)) {
      if (pendingIds.has(thread.id)) list.push(thread);
    } else if (changedMeanwhile(thread)) {
      list.push(thread); // e.g. created by the outbox after the request left
    } else {
      removed.push(thread.id);
    }
  }

  // Overlays make new objects even where they change nothing: equal content keeps the old object.
  const merged = mergeOptimistic(list, optimistic as OptimisticEntry[]).map((thread) => {
    const known = byId.get(thread.id);
    return known && known !== thread && sameData(known, thread) ? known : thread;
  });
  const same = merged.length === current.length && merged.every((t, i) => t === current[i]);
  return { threads: same ? (current as ThreadResponse[]) : merged, removed };
}
