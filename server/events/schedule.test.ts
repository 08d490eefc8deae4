/** The retry schedule: 5 s doubling to 1 h, up to 20 % jitter, given up past 24 h after the event. */
import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, nextAttemptAt, retryDelay } from './schedule.ts';

describe('retry schedule', () => {
  it('doubles from 5 s and stops growing at 1 h', () => {
    expect([1, 2, 3, 4, 5, 10, 11, 12, 30].map((n) => retryDelay(n, () => 0))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 2_560_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('stretches each delay by up to 20 % at random', () => {
    expect(retryDelay(1, () => 0.999999)).toBe(6_000);
    expect(retryDelay(20, () => 0.5)).toBe(3_960_000);
  });

  it('gives up when the next attempt would fall past 24 h', () => {
    const createdAt = 1_000_000;
    expect(nextAttemptAt({ createdAt, failedAt: createdAt, attempts: 1, random: () => 0 })).toBe(createdAt + 5_000);
    const late = createdAt + GIVE_UP_AFTER_MS - 3_600_000;
    expect(nextAttemptAt({ createdAt, failedAt: late, attempts: 20, random: () => 0 })).toBe(createdAt + GIVE_UP_AFTER_MS);
    expect(nextAttemptAt({ createdAt, failedAt: late + 1, attempts: 20, random: () => 0 })).toBeNull();
  });
});
