/**
 * What the reviewer sees of a comment the server has not confirmed yet: a thread or message built
 * from the request itself, with a local id (`local:<outbox item id>`), so its pin and text show at
 * once and can be rebuilt from the outbox after a reload. No scopes: nothing can be done to it
 * until it is real, apart from retrying or discarding the send.
 */
import type { AuthorUser, CreateMessageRequest, CreateThreadRequest, MessageResponse, ThreadResponse } from '../../api/wire';
import { textToDelta } from '../../delta/text';
import { showChange, type ChangeKind, type SendKinds } from './send-kinds';

export const LOCAL_PREFIX = 'local:';
export const localIdOf = (itemId: string) => `${LOCAL_PREFIX}${itemId}`;
export const isLocalId = (id: string) => id.startsWith(LOCAL_PREFIX);

function author(user: { userId: string; name: string }): AuthorUser {
  return { id: user.userId, name: user.name, guest: false, createdAt: 0, modifiedAt: 0 };
}

export function localMessage(
  id: string,
  threadId: string,
  body: CreateMessageRequest,
  user: { userId: string; name: string },
  at: number,
): MessageResponse {
  const delta = body.message ?? textToDelta(body.content ?? '');
  const text = body.content ?? '';
  return {
    id,
    threadId,
    message: text,
    messageJson: delta,
    content: text,
    mentionIds: body.mentionIds ?? [],
    scopes: [],
    assignedRoleSlugs: [],
    createdAt: at,
    modifiedAt: at,
    user: author(user),
    userMetaData: { lastSeenAt: null },
    attachments: [],
    clipVideos: [],
  } as MessageResponse;
}

export function localThread(
  id: string,
  body: CreateThreadRequest,
  user: { userId: string; name: string },
  at: number,
  markupId: string,
): ThreadResponse {
  return {
    id,
    createdAt: at,
    modifiedAt: at,
    scopes: [],
    assignedRoleSlugs: [],
    user: author(user),
    number: 0,
    resolved: false,
    messages: [localMessage(`${id}:first`, id, { message: body.message }, user, at)],
    userMetaData: { lastSeenAt: null },
    lastActivityAt: at,
    annotations: body.annotations ?? null,
    projectId: markupId,
    proxyUrl: body.url,
    originalUrl: body.url,
    canonicalUrl: body.canonicalUrl,
    elements: body.elements.map((e, i) => ({
      id: `${id}:e${i}`,
      threadId: id,
      path: e.elementPath,
      offsetXPercentage: e.offsetXPercentage,
      offsetYPercentage: e.offsetYPercentage,
      createdAt: at,
      modifiedAt: at,
    })),
    parents: body.elementParents.map((p, i) => ({
      id: `${id}:p${i}`,
      path: p.path,
      proxyUrl: p.url,
      originalUrl: p.url,
      canonicalUrl: p.canonicalUrl,
      depth: p.depth,
      createdAt: at,
      modifiedAt: at,
    })),
    browserContext: body.browserContext,
    viewModeId: body.viewModeId,
    offsetXPercentage: body.offsetXPercentage,
    offsetYPercentage: body.offsetYPercentage,
    screenshot: null,
  };
}

/** A change still in the outbox, as the UI shows it. */
export type OptimisticEntry =
  | { kind: 'thread'; localId: string; thread: ThreadResponse }
  | { kind: 'reply'; localId: string; threadId: string; message: MessageResponse }
  | { [K in ChangeKind]: { kind: 'change'; change: K; payload: SendKinds[K] } }[ChangeKind];

/**
 * The server's threads with what is still unsent on top, in the order it was made: new threads at
 * the end, replies after their thread's messages, then edits, deletions, resolutions and moves.
 * Idempotent, so it can run on a list that already shows some of it.
 */
export function mergeOptimistic(threads: ThreadResponse[], entries: OptimisticEntry[]): ThreadResponse[] {
  if (!entries.length) return threads;
  const known = new Set(threads.map((t) => t.id));
  let merged = threads.concat(entries.flatMap((e) => (e.kind === 'thread' && !known.has(e.localId) ? [e.thread] : [])));
  const replies = entries.filter((e): e is Extract<OptimisticEntry, { kind: 'reply' }> => e.kind === 'reply');
  if (replies.length) {
    merged = merged.map((thread) => {
      const mine = replies.filter((r) => r.threadId === thread.id && !thread.messages.some((m) => m.id === r.localId));
      return mine.length ? { ...thread, messages: [...thread.messages, ...mine.map((r) => r.message)] } : thread;
    });
  }
  for (const entry of entries) if (entry.kind === 'change') merged = showChange(entry.change, entry.payload, merged);
  return merged;
}
