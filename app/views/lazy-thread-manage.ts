/** The thread-manage chunk (thread-manage.ts) as a signal: null until it arrives; a failed load is tried again on the next call. */
import { signal } from '@preact/signals';

type ThreadManage = typeof import('./thread-manage');

export const threadManage = signal<ThreadManage | null>(null);
let pending: Promise<void> | null = null;

export function loadThreadManage(): void {
  if (threadManage.peek() || pending) return;
  pending = import('./thread-manage').then(
    (module) => void (threadManage.value = module),
    () => undefined,
  );
  void pending.finally(() => (pending = null));
}
