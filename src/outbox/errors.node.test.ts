import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { backoffDelay, classifyError, parseRetryAfter, retryAfterOf, toOutboxError } from './errors';

describe('classifyError', () => {
  it('retries what may succeed unchanged: no response, timeouts, rate limits, server errors', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyError(new DOMException('aborted', 'AbortError'))).toBe('retry');
    expect(classifyError(new DOMException('slow', 'TimeoutError'))).toBe('retry');
    expect(classifyError(new ApiError(0, 'network_error', 'offline'))).toBe('retry');
    expect(classifyError(new ApiError(0, 'timeout', 'slow'))).toBe('retry');
    for (const status of [408, 425, 429, 500, 502, 503, 504]) {
      expect(classifyError(new ApiError(status, 'x', 'x')), String(status)).toBe('retry');
    }
  });

  it('keeps an upload refused for lack of storage (507) as failed: the same file cannot fit later by itself', () => {
    expect(classifyError(new ApiError(507, 'quota_exceeded', 'This workspace has used 50 GB of its 50 GB of storage'))).toBe('fail');
  });

  it('pauses for sign-in on 401 only', () => {
    expect(classifyError(new ApiError(401, 'token_expired', 'expired'))).toBe('auth');
    expect(classifyError({ status: 401 })).toBe('auth');
    expect(classifyError(new ApiError(403, 'forbidden', 'no'))).toBe('fail');
  });

  it('fails other 4xx and anything it does not understand', () => {
    for (const status of [400, 403, 404, 409, 410, 413, 415, 422]) {
      expect(classifyError(new ApiError(status, 'x', 'x')), String(status)).toBe('fail');
    }
    expect(classifyError(new Error('bug'))).toBe('fail');
    expect(classifyError(new RangeError('bug'))).toBe('fail');
    expect(classifyError(null)).toBe('fail');
    expect(classifyError('nope')).toBe('fail');
    expect(classifyError({ status: '500' })).toBe('fail');
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 3 ', now)).toBe(3_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(2, now)).toBe(2_000);
  });

  it('reads an HTTP date, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(-1, now)).toBeUndefined();
    expect(parseRetryAfter(Number.NaN, now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('takes retryAfterMs first, then a raw retryAfter header value', () => {
    expect(retryAfterOf({ status: 429, retryAfterMs: 1500, retryAfter: '9' }, now)).toBe(1500);
    expect(retryAfterOf({ status: 503, retryAfter: '9' }, now)).toBe(9000);
    expect(retryAfterOf({ status: 503, retryAfterMs: -3 }, now)).toBeUndefined();
    expect(retryAfterOf(new TypeError('x'), now)).toBeUndefined();
    expect(retryAfterOf(undefined, now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 60 s, jittered within [cap/2, cap]', () => {
    const caps = [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000];
    caps.forEach((cap, index) => {
      const attempt = index + 1;
      expect(backoffDelay(attempt, () => 0)).toBe(cap / 2);
      expect(backoffDelay(attempt, () => 1)).toBe(cap);
      expect(backoffDelay(attempt, () => 0.5)).toBe(cap * 0.75);
    });
  });

  it('stays within the bounds for any random value, including out-of-range ones', () => {
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let attempt = 1; attempt <= 40; attempt++) {
      const cap = Math.min(60_000, 1000 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(cap / 2);
        expect(delay).toBeLessThanOrEqual(cap);
      }
    }
    expect(backoffDelay(1, () => 7)).toBe(1000);
    expect(backoffDelay(1, () => -1)).toBe(500);
    expect(backoffDelay(1000, () => 1)).toBe(60_000);
  });

  it('takes other constants', () => {
    expect(backoffDelay(1, () => 1, 10, 100)).toBe(10);
    expect(backoffDelay(5, () => 1, 10, 100)).toBe(100);
  });
});

describe('toOutboxError', () => {
  it('keeps plain data only', () => {
    const error = toOutboxError(new ApiError(422, 'validation_failed', 'Body is wrong'), 'fail');
    expect(error).toEqual({ message: 'Body is wrong', status: 422, code: 'validation_failed', class: 'fail' });
    expect(Object.getPrototypeOf(error)).toBe(Object.prototype);
  });

  it('names network failures and timeouts', () => {
    expect(toOutboxError(new TypeError('Failed to fetch'), 'retry')).toMatchObject({ code: 'network_error' });
    expect(toOutboxError(new DOMException('slow', 'TimeoutError'), 'retry')).toMatchObject({ code: 'timeout' });
    expect(toOutboxError('weird', 'fail')).toEqual({ message: 'weird', class: 'fail' });
    expect(toOutboxError(undefined, 'fail').message).toBe('The request failed.');
  });
});
