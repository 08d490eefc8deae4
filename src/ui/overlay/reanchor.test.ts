import { describe, expect, it } from 'vitest';
import { ResolveQueue, RETRY_DELAYS_MS, type RetryState } from './reanchor';

describe('ResolveQueue retries', () => {
  it('retries a pin without an exact place on a fixed ~5 s schedule, then settles it', () => {
    const queue = new ResolveQueue();
    const state: RetryState = { firstAt: -1, settled: false };
    const times: number[] = [];
    let now = 1000;
    queue.resolved('a', state, false, now);
    while (!state.settled) {
      now = queue.nextRetryAt();
      times.push(now - 1000);
      expect(queue.takeDue(now)).toBe(true);
      expect(queue.next()).toBe('a');
      // A DOM change in between re-resolves it too: it must not add or shift retries.
      queue.resolved('a', state, false, now);
      if (!state.settled) queue.resolved('a', state, false, now + 10);
    }
    expect(times).toEqual([250, 750, 1750, 3000, 5000]);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(5000);
    expect(queue.nextRetryAt()).toBe(Infinity);
  });

  it('settles at once when the pin is found exactly, and forgets removed pins', () => {
    const queue = new ResolveQueue();
    const found: RetryState = { firstAt: -1, settled: false };
    queue.resolved('found', found, true, 0);
    expect(found.settled).toBe(true);
    const gone: RetryState = { firstAt: -1, settled: false };
    queue.resolved('gone', gone, false, 0);
    queue.add('gone');
    queue.forget('gone');
    expect(queue.size).toBe(0);
    expect(queue.nextRetryAt()).toBe(Infinity);
  });
});
