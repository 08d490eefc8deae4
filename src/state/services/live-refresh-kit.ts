/**
 * Node tests only: threads and messages as the server sends them, small enough to read in a test,
 * and the part of the store live refresh works on, as plain signals.
 */
import { signal } from '@preact/signals';
import type { MessageResponse, ThreadResponse } from '../../api/wire';
import type { LiveRefreshStore } from './live-refresh';
import type { OptimisticEntry } from '../model/optimistic';
import type { Mode, SessionView, ThreadTask, WidgetError } from '../model/store';

export function message(id: string, threadId: string, text: string, userId = 'u-a', modifiedAt = 1): MessageResponse {
  return {
    id,
    threadId,
    message: text,
    content: text,
    messageJson: { ops: [{ insert: `${text}\n` }] },
    mentionIds: [],
    scopes: [],
    assignedRoleSlugs: [],
    createdAt: 1,
    modifiedAt,
    user: { id: userId, name: userId, guest: false, createdAt: 0, modifiedAt: 0 },
    userMetaData: { lastSeenAt: null },
    attachments: [],
    clipVideos: [],
  } as MessageResponse;
}

export function thread(id: string, number: number, extra: Partial<ThreadResponse> = {}): ThreadResponse {
  return {
    id,
    number,
    createdAt: 1,
    modifiedAt: 1,
    lastActivityAt: 1,
    scopes: ['reply', 'resolve-thread'],
    assignedRoleSlugs: [],
    user: { id: 'u-a', name: 'A', guest: false, createdAt: 0, modifiedAt: 0 },
    resolved: false,
    messages: [message(`${id}-m1`, id, `first of ${id}`)],
    userMetaData: { lastSeenAt: null },
    annotations: null,
    projectId: 'markup',
    proxyUrl: 'https://shop.test/',
    originalUrl: 'https://shop.test/',
    canonicalUrl: 'https://shop.test/',
    elements: [
      { id: `${id}-e`, threadId: id, path: `#el-${number}`, offsetXPercentage: 10, offsetYPercentage: 20, createdAt: 1, modifiedAt: 1 },
    ],
    parents: [],
    browserContext: {},
    viewModeId: 'desktop',
    screenshot: null,
    ...extra,
  } as ThreadResponse;
}

/** A deep copy, as a new answer from the server would be. */
export const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function fakeStore(threads: ThreadResponse[] = []) {
  return {
    session: signal<SessionView>({ status: 'signed-in', userId: 'u-b', name: 'B' }),
    threadsLoaded: signal(true),
    notice: signal<WidgetError | null>(null),
    threads: signal<ThreadResponse[]>(threads),
    optimistic: signal<OptimisticEntry[]>([]),
    openThreadId: signal<string | null>(null),
    mode: signal<Mode>('idle'),
    pinMove: signal<string | null>(null),
    thread: { busy: signal<ThreadTask | null>(null), error: signal<WidgetError | null>(null), confirmingDelete: signal(false) },
    lightbox: signal<{ url: string; label: string } | null>(null),
  } satisfies LiveRefreshStore;
}
