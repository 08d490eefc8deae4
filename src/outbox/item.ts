/**
 * A new outbox item as enqueue() makes it (outbox.ts): pending, never tried, with its own
 * idempotency key (reused on every attempt, so the server acts on it once), its lane (its own id
 * unless it names one) and the ids it depends on (strings only).
 */
import type { EnqueueOptions, OutboxItem } from './types';
import { uuid } from './uuid';

export function newItem<K extends string, P>(kind: K, payload: P, options: EnqueueOptions, now: () => number): OutboxItem<K, P> {
  const id = uuid();
  const dependsOn = ([] as unknown[]).concat(options.dependsOn ?? []).filter((d) => typeof d === 'string');
  return {
    id,
    kind,
    payload,
    idempotencyKey: uuid(),
    lane: options.lane ?? id,
    dependsOn,
    status: 'pending',
    attempts: 0,
    createdAt: now(),
  };
}
