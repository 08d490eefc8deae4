/**
 * Changes to the open thread beyond replying and triage: editing and deleting messages (one's own;
 * owners and admins also others', as the server's `scopes` on each message say), deleting the
 * thread, and moving it to another markup. An edit is written on a draft (drafts.ts, key
 * `edit:<message id>`) that survives a refusal, a lost connection and a reload; every change updates
 * the inbox row too. A chunk of its own with the views that use it (views/thread-manage.ts).
 */
import { signal } from '@preact/signals';
import type { Delta, MessageResponse } from '../../src/api/wire';
import { normalizeDelta } from '../../src/delta';
import { hrefFor, navigate } from '../router/router';
import { markups } from './directory';
import { clearDraft } from './drafts';
import { items, patchRow, total } from './inbox';
import { api } from './session';
import { run, update } from './thread';

/** The message being edited (one at a time), or null. */
export const editingMessage = signal<string | null>(null);

export const editKey = (messageId: string) => `edit:${messageId}`;

/** Whether the server lets this caller do `scope` on the message (the scopes it sent). */
export function mayOnMessage(message: MessageResponse, scope: 'update-message' | 'delete-message'): boolean {
  return Array.isArray(message.scopes) && message.scopes.includes(scope);
}

export function startEdit(messageId: string): void {
  editingMessage.value = messageId;
}

/** Leaves the editor; the draft goes (cancel means "keep what is saved"). */
export function cancelEdit(messageId: string): void {
  clearDraft(editKey(messageId));
  if (editingMessage.peek() === messageId) editingMessage.value = null;
}

/** Saves an edit; true when the server took it (the draft is cleared only then). */
export async function saveEdit(threadId: string, messageId: string, delta: Delta): Promise<boolean> {
  const saved = await run(`edit:${messageId}`, () => api.updateMessage(messageId, { message: normalizeDelta(delta) }));
  if (!saved) return false;
  update(threadId, (thread) => ({
    ...thread,
    messages: thread.messages.map((m) => (m.id === messageId ? { ...m, ...saved, attachments: saved.attachments ?? m.attachments } : m)),
  }));
  cancelEdit(messageId);
  return true;
}

export async function removeMessage(threadId: string, messageId: string): Promise<boolean> {
  const done = await run(`delete:${messageId}`, async () => (await api.deleteMessage(messageId), true));
  if (!done) return false;
  update(threadId, (thread) => ({ ...thread, messages: thread.messages.filter((m) => m.id !== messageId) }));
  return true;
}

/**
 * Deletes the thread and everything in it, then goes back to the inbox (`stay`: the caller shows
 * what comes next, e.g. the file review, which stays on its file).
 */
export async function removeThread(threadId: string, { stay = false } = {}): Promise<boolean> {
  const done = await run('deleteThread', async () => (await api.deleteThread(threadId), true));
  if (!done) return false;
  const before = items.peek().length;
  items.value = items.peek().filter((row) => row.id !== threadId);
  if (items.peek().length < before) total.value = Math.max(0, total.peek() - 1);
  if (!stay) navigate(hrefFor(null));
  return true;
}

/** Moves the thread to another markup; true when done (the thread then shows its new number). */
export async function moveToMarkup(threadId: string, markupId: string): Promise<boolean> {
  const moved = await run('move', () => api.moveThread(threadId, markupId));
  if (!moved) return false;
  update(threadId, (thread) => ({ ...thread, projectId: moved.projectId, number: moved.number }));
  const name = markups.peek()?.find((m) => m.id === moved.projectId)?.name;
  patchRow(threadId, { markupId: moved.projectId, number: moved.number, ...(name ? { markupName: name } : {}) });
  return true;
}
