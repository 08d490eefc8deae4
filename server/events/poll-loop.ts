/**
 * The polling loop the background workers share (webhook deliveries in events/worker.ts, file
 * conversions in conversion/worker.ts): run a batch, go on at once while batches come back full,
 * otherwise wait; a failing poll is logged and retried on the next tick; `stop()` waits for the
 * batch in flight. The timer is unref'd so a worker never keeps the process alive on its own.
 */
import type { Logger } from '../domain/logger.ts';

export interface PollLoopOptions {
  runOnce: () => Promise<number>;
  batchSize: number;
  pollIntervalMs: number;
  log: Logger;
  /** What failed, for the log: "Webhook delivery poll failed". */
  failure: string;
  /** Checked before each batch and each tick; the loop stops for good once it is true. */
  stopped: () => boolean;
}

export interface PollLoop {
  start(): void;
  /** Clears the next tick and waits for a batch in flight (call after `stopped()` turned true). */
  stop(): Promise<void>;
}

export function createPollLoop({ runOnce, batchSize, pollIntervalMs, log, failure, stopped }: PollLoopOptions): PollLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function schedule(delay: number): void {
    if (stopped()) return;
    timer = setTimeout(() => {
      running = (async () => {
        try {
          // A full batch means more may be due: go on without waiting.
          while (!stopped() && (await runOnce()) === batchSize);
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
      clearTimeout(timer);
      await running;
    },
  };
}
