/**
 * Replies being written, per thread, mirrored to sessionStorage: switching threads, a refused send,
 * a lost connection, a sign-in again or a reload loses nothing typed.
 */
import { signal } from '@preact/signals';
import type { Delta } from '../../src/api/wire';

const KEY = 'pinmark-app-drafts';

function restore(): Record<string, Delta> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, Delta>) : {};
  } catch {
    return {};
  }
}

export const drafts = signal<Record<string, Delta>>(restore());

function persist(next: Record<string, Delta>): void {
  drafts.value = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Kept for this page only.
  }
}

export function setDraft(threadId: string, delta: Delta): void {
  persist({ ...drafts.peek(), [threadId]: delta });
}

export function clearDraft(threadId: string): void {
  const { [threadId]: _gone, ...rest } = drafts.peek();
  persist(rest);
}
