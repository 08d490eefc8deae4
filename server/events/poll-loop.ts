/**
 * The polling loop the background workers share (webhook deliveries in events/worker.ts, file
 * conversions in conversion/worker.ts, e-mail in mail/sender.ts): run a batch, go on at once while batches come back full,
 * otherwise wait; a failing poll is logged and retried on the next tick; `stop()` ends the loop
 * for good and waits for the batch in flight. The timer is unref'd so a worker never keeps the process alive on its own.
 */
import type { Logger } from '../domain/logger.ts';

export interface PollLoopOptions {
  runOnce: () => Promise<number>;
  batchSize: number;
  pollIntervalMs: number;
  log: Logger;
  /** What failed, for the log: "Webhook delivery poll failed". */
  failure: string;
  /**
   * Checked before each batch and each tick besides `stop()`: a worker whose own signal also
   * aborts its requests in flight (events/worker.ts) passes it here.
   */
  stopped?: () => boolean;
}

export interface PollLoop {
  start(): void;
  /** Ends the loop for good: clears the next tick and waits for a batch in flight. */
  stop(): Promise<void>;
}

export function createPollLoop({ runOnce, batchSize, pollIntervalMs, log, failure, stopped: signalled }: PollLoopOptions): PollLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let ended = false;
  const stopped = () => ended || (signalled?.() ?? false);

  function schedule(delay: number): void {
    if (stopped()) return;
    timer = setTimeout(() => {
      running = (async () => {
        try {
          // A full batch means more may be due: go on without waiting. (The mail worker's fan-out
          // takes bigger batches than its sender, so "full" is at least batchSize.)
          while (!stopped() && (await runOnce()) >= batchSize);
        } catch (error) {
          log.error(failure, error);
        } finally {
          running = undefined;
          schedule(pollIntervalMs);
        }
      })();
    }, delay);
    timer.unref();
  }

  return {
    start: () => schedule(0),
    async stop() {
      ended = true;
      clearTimeout(timer);
      await running;
    },
  };
}
