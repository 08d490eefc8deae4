/**
 * Cancellation and timeout for a capture. html2canvas (and a pending getUserMedia prompt) cannot be
 * aborted, so every awaited step is raced against this guard; a late result is simply discarded and
 * the registered cleanups (e.g. removing html2canvas's clone iframe) run at the moment of failure.
 */
import { CaptureError, type CapturePhase } from './types';

export interface Guard {
  /** Resolves with `work`, or rejects as soon as the capture is cancelled or timed out. */
  race<T>(work: Promise<T>): Promise<T>;
  /** Throws the cancellation/timeout error if one happened already (`now`: performance.now(), if read already). */
  check(now?: number): void;
  /** Throws if cancelled or timed out as far as known, without reading the clock (called per element). */
  checkCancelled(): void;
  /** Runs now if the guard already failed, otherwise when it fails (never after `dispose`). */
  onFail(cleanup: () => void): void;
  progress(phase: CapturePhase): void;
  dispose(): void;
}

export interface GuardOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (phase: CapturePhase) => void;
}

export function createGuard({ signal, timeoutMs = 10_000, onProgress }: GuardOptions): Guard {
  let failure: CaptureError | undefined;
  let disposed = false;
  const cleanups: Array<() => void> = [];
  let rejectStopped: (error: CaptureError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  // Nobody may be racing at the moment of failure; that must not become an unhandled rejection.
  stopped.catch(() => {});

  const fail = (error: CaptureError): void => {
    if (failure || disposed) return;
    failure = error;
    for (const cleanup of cleanups.splice(0)) runQuietly(cleanup);
    rejectStopped(error);
  };
  const onAbort = (): void => fail(new CaptureError('cancelled', 'The screenshot was cancelled.'));
  const limit = Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 10_000;
  const timeOut = (): void => fail(new CaptureError('timeout', `The screenshot took longer than ${Math.round(limit)} ms.`));
  const timer = setTimeout(timeOut, limit);
  // Also checked at every pause: html2canvas yields with scheduler.yield(), whose continuations run
  // ahead of timers, so the timer alone may not fire before the capture is over.
  const deadline = performance.now() + limit;
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });

  return {
    race<T>(work: Promise<T>): Promise<T> {
      // The losing side of the race may still reject later; keep it quiet.
      work.catch(() => {});
      if (failure) return Promise.reject(failure);
      return Promise.race([work, stopped]);
    },
    check(now = performance.now()) {
      if (!failure && now >= deadline) timeOut();
      if (failure) throw failure;
    },
    checkCancelled() {
      if (failure) throw failure;
    },
    onFail(cleanup) {
      if (failure) runQuietly(cleanup);
      else if (!disposed) cleanups.push(cleanup);
    },
    progress(phase) {
      if (failure || !onProgress) return;
      // A host callback that throws must not break the capture.
      runQuietly(() => onProgress(phase));
    },
    dispose() {
      disposed = true;
      cleanups.length = 0;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

function runQuietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // Cleanup and progress callbacks are best effort.
  }
}
