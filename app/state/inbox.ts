/**
 * The inbox list: the threads matching the URL's filters, newest activity first, loaded a page at a
 * time (the first small, so the first screen is quick; more as the windowed list nears its end), the
 * selected row for keyboard triage, and local edits (read, resolved, triage) applied at once.
 * A change of filters aborts the load still under way; a failure keeps what was shown.
 */
import { batch, computed, effect, signal } from '@preact/signals';
import type { InboxThread } from '../../src/api/wire';
import { route } from '../router/router';
import { filterKey, inboxQuery } from './filters';
import { api, session } from './session';

const FIRST_PAGE = 50;
const NEXT_PAGE = 100;

export const items = signal<InboxThread[]>([]);
export const total = signal(0);
export const listStatus = signal<'loading' | 'ready' | 'error'>('loading');
export const listError = signal<unknown>(null);
export const loadingMore = signal(false);
/** Index of the selected row (j/k move it). */
export const selected = signal(0);

let cursor: string | null = null;
let current: AbortController | null = null;

export async function loadInbox(): Promise<void> {
  current?.abort();
  const controller = (current = new AbortController());
  listStatus.value = 'loading';
  try {
    const page = await api.inbox({ ...inboxQuery.peek(), limit: FIRST_PAGE }, controller.signal);
    if (controller.signal.aborted) return;
    cursor = page.cursorId;
    batch(() => {
      items.value = page.threads;
      total.value = page.total;
      listStatus.value = 'ready';
      listError.value = null;
      selected.value = Math.min(selected.peek(), Math.max(0, page.threads.length - 1));
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    batch(() => {
      listStatus.value = 'error';
      listError.value = error;
    });
  }
}

export async function loadMore(): Promise<void> {
  if (!cursor || loadingMore.peek() || listStatus.peek() !== 'ready') return;
  const controller = current;
  loadingMore.value = true;
  try {
    const page = await api.inbox({ ...inboxQuery.peek(), limit: NEXT_PAGE, cursorId: cursor }, controller?.signal);
    if (controller !== current) return;
    cursor = page.cursorId;
    const known = new Set(items.peek().map((row) => row.id));
    items.value = [...items.peek(), ...page.threads.filter((row) => !known.has(row.id))];
    total.value = page.total;
  } catch (error) {
    if (controller === current) listError.value = error;
  } finally {
    loadingMore.value = false;
  }
}

/** A local change to a row (read, resolved, triage) while the server's answer is on its way or in. */
export function patchRow(threadId: string, changes: Partial<InboxThread>): void {
  const list = items.peek();
  const index = list.findIndex((row) => row.id === threadId);
  if (index < 0) return;
  const next = list.slice();
  next[index] = { ...list[index]!, ...changes };
  items.value = next;
}

const onInboxRoute = computed(() => route.value.name === 'inbox' || route.value.name === 'thread');

/**
 * Loads whenever the filters or the signed-in member change; returns the stop function. Not before
 * the inbox is first shown: opened on a markup's page, the app would otherwise have the server
 * answer the inbox first while the page's own chunk and markup wait behind it (one Node process
 * serves both). Once loaded the list is kept across pages, as before.
 */
export function startInbox(): () => void {
  let loadedFor: string | null = null;
  const stop = effect(() => {
    const token = session.value?.memberToken;
    const key = `${filterKey.value}|${token ?? ''}`;
    if (!token || key === loadedFor) return;
    if (loadedFor === null && !onInboxRoute.value) return;
    loadedFor = key;
    selected.value = 0;
    void loadInbox();
  });
  return () => {
    stop();
    current?.abort();
  };
}
