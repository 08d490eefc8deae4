/**
 * Resolving pins for the overlay engine (engine.ts): which element each pin is on. Pins are queued
 * when they are new, changed or the page changed, resolved in time slices of at most
 * RESOLVE_BUDGET_MS per frame, tried again on the queue's retry schedule while their content is
 * late (a timer wakes the engine even if nothing else asks for a frame), and their elements are
 * watched for size changes.
 */
import type { ListenerCollection } from '../../util/listener-collection';
import { resolveRecord, type PinRecord } from './pins';
import { ResolveQueue } from './reanchor';
import { RetryTimer } from './retry-timer';
import { SizeWatch } from './size-watch';

/** Longest a frame spends resolving before it leaves the rest to the next frame. */
const RESOLVE_BUDGET_MS = 8;
/** Resolved elements watched for size changes; beyond this, mutations and resizes still catch most. */
const MAX_OBSERVED = 300;

export class PinResolver {
  declare private queue: ResolveQueue;
  declare private sizes: SizeWatch;
  declare private retry: RetryTimer;
  declare private onError: (error: unknown) => void;

  /** `wake` asks the engine for a layout frame: a retry is due, or a watched element changed size. */
  constructor(listeners: ListenerCollection, wake: () => void, onError: (error: unknown) => void) {
    this.queue = new ResolveQueue();
    this.onError = onError;
    this.retry = new RetryTimer(listeners, wake);
    this.sizes = new SizeWatch(wake, MAX_OBSERVED);
    listeners.observe(this.sizes);
  }

  /** Pins waiting to be resolved (the engine asks for another frame while there are any). */
  get size(): number {
    return this.queue.size;
  }

  /** Resolves `key` in the next slice. */
  add(key: string): void {
    this.queue.add(key);
  }

  /** Resolves every one of `keys` again, in slices from the next frame on. */
  addAll(keys: Iterable<string>): void {
    this.queue.addAll(keys);
  }

  /** A new or changed anchor: resolved in the next slice, its retry schedule started afresh. */
  renew(key: string): void {
    this.queue.forget(key);
    this.queue.add(key);
  }

  /** A pin that is gone: no longer watched, queued or retried. */
  release(pin: PinRecord): void {
    this.sizes.untrack(pin);
    this.queue.forget(pin.key);
  }

  /** Takes the retries that are due, then resolves queued pins until the frame's budget is spent; returns how many. */
  slice(pins: ReadonlyMap<string, PinRecord>, started: number): number {
    this.queue.takeDue(started);
    let count = 0;
    for (let key = this.queue.next(); key !== undefined; key = this.queue.next()) {
      const pin = pins.get(key);
      if (!pin) continue;
      this.resolve(pin, started);
      count += 1;
      if (performance.now() - started > RESOLVE_BUDGET_MS) break;
    }
    return count;
  }

  /** Sets the retry timer for the queue's earliest retry (after every frame). */
  armRetry(): void {
    this.retry.arm(this.queue.nextRetryAt());
  }

  private resolve(pin: PinRecord, now: number): void {
    try {
      resolveRecord(pin);
    } catch (error) {
      this.onError(error);
      pin.resolved = null;
      pin.clips = [];
    }
    this.sizes.track(pin, pin.resolved?.element ?? null, pin.resolved?.inline);
    this.queue.resolved(pin.key, pin, pin.resolved?.status === 'exact', now);
  }
}
