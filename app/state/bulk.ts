/**
 * Bulk triage (issue 16): rows ticked in the inbox (a checkbox, or `x` on the selected row) are
 * resolved, reopened or assigned together. Each thread is one request (a few at a time), so one
 * refusal does not stop the rest; the refused stay ticked and are named, the rest are updated in
 * the list at once and the list is read again.
 */
import { signal } from '@preact/signals';
import type { InboxPerson } from '../../src/api/wire';
import { t } from '../i18n';
import { describeFailure } from './errors';
import { items, loadInbox, patchRow } from './inbox';
import { api } from './session';

export const checked = signal<ReadonlySet<string>>(new Set());
export const bulkProgress = signal<{ done: number; total: number } | null>(null);
/** The last bulk action's outcome, in words (announced; names the threads that were refused). */
export const bulkOutcome = signal('');

const AT_ONCE = 4;

export function toggleChecked(threadId: string): void {
  const next = new Set(checked.peek());
  if (next.has(threadId)) next.delete(threadId);
  else next.add(threadId);
  checked.value = next;
}

export function clearChecked(): void {
  checked.value = new Set();
  bulkOutcome.value = '';
}

export type BulkAction = { kind: 'resolve' } | { kind: 'reopen' } | { kind: 'assign'; assignee: InboxPerson | null };

async function apply(action: BulkAction, threadId: string): Promise<void> {
  if (action.kind === 'resolve') {
    await api.resolveThread(threadId);
    patchRow(threadId, { resolved: true });
  } else if (action.kind === 'reopen') {
    await api.unresolveThread(threadId);
    patchRow(threadId, { resolved: false });
  } else {
    await api.triage(threadId, { assigneeId: action.assignee?.id ?? null });
    patchRow(threadId, { assignee: action.assignee });
  }
}

export async function runBulk(action: BulkAction): Promise<void> {
  const words = t().bulk;
  const ids = [...checked.peek()];
  if (!ids.length || bulkProgress.peek()) return;
  bulkProgress.value = { done: 0, total: ids.length };
  bulkOutcome.value = '';
  const refused: { id: string; why: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await apply(action, id);
      } catch (failure) {
        refused.push({ id, why: describeFailure(failure) });
      }
      bulkProgress.value = { done: (bulkProgress.peek()?.done ?? 0) + 1, total: ids.length };
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, ids.length) }, worker));
  bulkProgress.value = null;
  const numberOf = (id: string) => items.peek().find((row) => row.id === id)?.number;
  checked.value = new Set(refused.map((r) => r.id));
  bulkOutcome.value = refused.length
    ? words.partly(ids.length - refused.length, refused.map((r) => `#${numberOf(r.id) ?? '?'}: ${r.why}`).join('; '))
    : words.done(ids.length);
  await loadInbox();
}
