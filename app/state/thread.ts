/**
 * The open thread: loaded by id from the URL (an unknown or deleted id becomes a message, not an
 * error page), marked seen, and the actions on it — reply, resolve, reopen, triage. Every action
 * updates the inbox row too. A refused action keeps what was typed (drafts.ts) and says why.
 */
import { effect, signal } from '@preact/signals';
import type { Delta, ThreadResponse, TriageRequest } from '../../src/api/wire';
import { normalizeDelta } from '../../src/delta';
import { route } from '../router/router';
import { clearDraft } from './drafts';
import { isGone } from './errors';
import { patchRow } from './inbox';
import { api, session } from './session';

export type ThreadState =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'missing'; id: string }
  | { status: 'error'; id: string; error: unknown }
  | { status: 'ready'; id: string; thread: ThreadResponse };

export const openThread = signal<ThreadState>({ status: 'none' });
/** The last refused action on the open thread, shown beside it until dismissed or the next action. */
export const actionError = signal<unknown>(null);
/** Actions under way ('reply', 'resolve', 'triage'), so their buttons show it. */
export const busy = signal<Record<string, boolean>>({});

let generation = 0;

export async function loadThread(id: string): Promise<void> {
  const run = ++generation;
  const shown = openThread.peek();
  if (!(shown.status === 'ready' && shown.id === id)) openThread.value = { status: 'loading', id };
  try {
    const thread = await api.getThread(id);
    if (run !== generation) return;
    openThread.value = { status: 'ready', id, thread };
    patchRow(id, { unread: false });
    api.seen(id).catch(() => undefined);
  } catch (error) {
    if (run !== generation) return;
    openThread.value = isGone(error) ? { status: 'missing', id } : { status: 'error', id, error };
  }
}

function readyThread(): ThreadResponse | null {
  const state = openThread.peek();
  return state.status === 'ready' ? state.thread : null;
}

export function update(threadId: string, change: (thread: ThreadResponse) => ThreadResponse): void {
  const state = openThread.peek();
  if (state.status === 'ready' && state.id === threadId) openThread.value = { ...state, thread: change(state.thread) };
}

export async function run<T>(name: string, action: () => Promise<T>): Promise<T | undefined> {
  busy.value = { ...busy.peek(), [name]: true };
  actionError.value = null;
  try {
    return await action();
  } catch (error) {
    actionError.value = error;
    return undefined;
  } finally {
    busy.value = { ...busy.peek(), [name]: false };
  }
}

/** Posts a reply; true when the server took it (the draft is cleared only then). */
export async function reply(threadId: string, delta: Delta): Promise<boolean> {
  const message = await run('reply', () => api.createMessage(threadId, { message: normalizeDelta(delta) }));
  if (!message) return false;
  clearDraft(threadId);
  update(threadId, (thread) => ({ ...thread, messages: [...thread.messages, message], lastActivityAt: message.createdAt }));
  patchRow(threadId, { lastActivityAt: message.createdAt, unread: false });
  api.seen(threadId).catch(() => undefined);
  return true;
}

/** Resolves an open thread, reopens a resolved one. */
export async function toggleResolved(threadId: string, resolved: boolean): Promise<void> {
  const done = await run('resolve', () => (resolved ? api.resolveThread(threadId) : api.unresolveThread(threadId)));
  if (!done) return;
  update(threadId, (thread) => ({ ...thread, resolved }));
  patchRow(threadId, { resolved });
}

export async function saveTriage(threadId: string, body: TriageRequest): Promise<void> {
  const answer = await run('triage', () => api.triage(threadId, body));
  if (!answer) return;
  const { assigneeId, priority, labels } = answer;
  update(threadId, (thread) => ({ ...thread, assigneeId, priority, labels }));
  patchRow(threadId, { priority, labels, ...(body.assigneeId !== undefined ? { assignee: assigneePerson(assigneeId) } : {}) });
}

function assigneePerson(id: string | null) {
  if (!id) return null;
  const me = session.peek();
  return { id, name: me && me.userId === id ? me.name : (personName.get(id) ?? '') };
}

/** Names of members (from the directory) for rows whose assignee changed here. */
export const personName = new Map<string, string>();

export function currentThread(): ThreadResponse | null {
  return readyThread();
}

/** Loads the thread the URL names whenever it changes; returns the stop function. */
export function startThread(): () => void {
  return effect(() => {
    const id = route.value.threadId;
    if (!session.value?.memberToken) return;
    actionError.value = null;
    if (id) void loadThread(id);
    else openThread.value = { status: 'none' };
  });
}
