/**
 * One send attempt and what its outcome makes of the record — kept apart from the engine so the
 * retry rules (classification, Retry-After, backoff) are one pure function.
 */
import { backoffDelay, classifyError, RETRY_AFTER_MAX_MS, retryAfterOf, toOutboxError } from './errors';
import type { ErrorClass, OutboxError, StoredRecord, TimerSetter } from './types';

export type AttemptOutcome = { result: unknown } | { error: unknown };

/**
 * Runs `send` with a signal aborted on `stop` or after `timeoutMs`; never rejects. A sender that
 * ignores the signal is no longer waited for: a hung request must not hold the queue forever.
 */
export async function runAttempt(
  send: (signal: AbortSignal) => Promise<unknown>,
  stop: AbortSignal,
  timeoutMs: number,
  setTimer: TimerSetter,
): Promise<AttemptOutcome> {
  const controller = new AbortController();
  const cancel = () => controller.abort(stop.reason);
  stop.addEventListener('abort', cancel);
  const cancelTimeout = setTimer(() => controller.abort(new DOMException('The request took too long.', 'TimeoutError')), timeoutMs);
  try {
    const signal = controller.signal;
    const result = await new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve()
        .then(() => send(signal))
        .then(resolve, reject);
    });
    return { result };
  } catch (error) {
    return { error };
  } finally {
    cancelTimeout();
    stop.removeEventListener('abort', cancel);
  }
}

export interface SettleRules {
  now: number;
  classify(error: unknown): ErrorClass;
  random(): number;
  backoff?: { baseMs?: number; maxMs?: number };
}

export type Settlement =
  | { outcome: 'sent'; record: StoredRecord; result: unknown }
  | { outcome: ErrorClass; record: StoredRecord; error: OutboxError; serverWaitUntil?: number };

/** The record after an attempt: sent (kept for dependents), backing off, waiting for auth, or failed. */
export function settle(sending: StoredRecord, attempt: AttemptOutcome, rules: SettleRules): Settlement {
  const { now } = rules;
  const base: StoredRecord = { ...sending, leaseUntil: undefined, serverDelay: undefined };
  if ('result' in attempt) {
    return { outcome: 'sent', record: { ...base, sent: { at: now, result: attempt.result } }, result: attempt.result };
  }
  const errorClass = safeClassify(rules.classify, attempt.error);
  const error = toOutboxError(attempt.error, errorClass);
  const item = { ...sending.item, error, retryAt: undefined };
  if (errorClass === 'fail') return { outcome: 'fail', error, record: { ...base, item: { ...item, status: 'failed' } } };
  if (errorClass === 'auth') return { outcome: 'auth', error, record: { ...base, item: { ...item, status: 'pending' } } };
  const serverWait = retryAfterOf(attempt.error, now);
  const delay =
    serverWait !== undefined
      ? Math.min(serverWait, RETRY_AFTER_MAX_MS)
      : backoffDelay(item.attempts, rules.random, rules.backoff?.baseMs, rules.backoff?.maxMs);
  const record: StoredRecord = {
    ...base,
    serverDelay: serverWait !== undefined || undefined,
    item: { ...item, status: 'pending', retryAt: now + delay },
  };
  return { outcome: 'retry', error, record, serverWaitUntil: serverWait !== undefined ? now + delay : undefined };
}

/** A host-supplied classifier that throws or answers nonsense must not lose the item. */
function safeClassify(classify: (error: unknown) => ErrorClass, error: unknown): ErrorClass {
  try {
    const result = classify(error);
    return result === 'retry' || result === 'auth' ? result : 'fail';
  } catch {
    return classifyError(error);
  }
}
