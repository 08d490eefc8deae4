/**
 * One page painted at a time, the one nearest the reader first. pdf.js's worker parses pages one
 * after another anyway; painting five near pages at once would only delay the page on screen by the
 * four others. Priorities are read when a job is picked (the reader may have scrolled meanwhile).
 */

interface Job {
  priority: () => number;
  run: () => Promise<unknown>;
}

export interface RenderQueue {
  /** Queues `run`; the returned function takes it back out if it has not started. */
  schedule(priority: () => number, run: () => Promise<unknown>): () => void;
}

export function createRenderQueue(): RenderQueue {
  const waiting = new Set<Job>();
  let busy = false;

  const pump = () => {
    if (busy || waiting.size === 0) return;
    let next: Job | null = null;
    for (const job of waiting) if (!next || job.priority() < next.priority()) next = job;
    waiting.delete(next!);
    busy = true;
    void next!
      .run()
      .catch(() => {
        // Each job reports its own failure; the queue only keeps going.
      })
      .finally(() => {
        busy = false;
        pump();
      });
  };

  return {
    schedule(priority, run) {
      const job = { priority, run };
      waiting.add(job);
      queueMicrotask(pump);
      return () => waiting.delete(job);
    },
  };
}
