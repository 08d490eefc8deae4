/**
 * Runs `run` in a task of its own, ahead of the page's ordinary tasks where the browser has
 * `scheduler.postTask` (user-blocking priority), after a zero timer elsewhere: for splitting work
 * that must still happen soon (start-up). Aborting `signal` cancels it. Shared by the loader (no
 * imports beyond this) and ListenerCollection.
 */
type PostTask = (run: () => void, options: { priority: 'user-blocking'; signal?: AbortSignal }) => Promise<unknown>;

export function runInNextTask(run: () => void, signal?: AbortSignal): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    scheduler.postTask(run, { priority: 'user-blocking', signal }).catch(() => {
      /* aborted: nothing to run */
    });
    return;
  }
  const timer = setTimeout(run, 0);
  signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
}
