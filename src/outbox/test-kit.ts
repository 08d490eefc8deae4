/**
 * Shared by the outbox's node and browser tests: a fake server that dedupes on idempotency keys
 * (as the real one must), and an in-process Web Locks stand-in for node.
 */
import type { LockManagerLike, OutboxItem, SendContext } from './types';

export interface FakeServer {
  /** Every attempt, in call order. */
  attempts: Array<{ id: string; key: string; attempt: number }>;
  /** Keys the server acted on (once each: a repeated key returns the first answer). */
  processed: Map<string, unknown>;
  send(item: OutboxItem, ctx: SendContext): Promise<unknown>;
}

export function fakeServer(
  behave: (item: OutboxItem, ctx: SendContext) => 'ok' | 'lost-before' | 'lost-after' | Error = () => 'ok',
  delayMs = 0,
): FakeServer {
  const server: FakeServer = {
    attempts: [],
    processed: new Map(),
    async send(item, ctx) {
      server.attempts.push({ id: item.id, key: item.idempotencyKey, attempt: ctx.attempt });
      const verdict = behave(item, ctx);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs * Math.random()));
      if (verdict instanceof Error) throw verdict;
      if (verdict === 'lost-before') throw new TypeError('Failed to fetch');
      if (!server.processed.has(item.idempotencyKey)) {
        server.processed.set(item.idempotencyKey, { serverId: `srv-${item.id}`, kind: item.kind, payload: item.payload });
      }
      // The server did the work but the answer never arrived: only the idempotency key saves us now.
      if (verdict === 'lost-after') throw new TypeError('Failed to fetch');
      return server.processed.get(item.idempotencyKey);
    },
  };
  return server;
}

/** Exclusive locks by name, granted in request order, abortable while waiting. */
export function fakeLocks(): LockManagerLike & { held: Set<string> } {
  const tails = new Map<string, Promise<void>>();
  const held = new Set<string>();
  return {
    held,
    request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      tails.set(
        name,
        previous.then(() => mine),
      );
      return new Promise<T>((resolve, reject) => {
        const { signal } = options;
        const onAbort = () => {
          reject(signal?.reason);
          release();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        void previous.then(() => {
          signal?.removeEventListener('abort', onAbort);
          if (signal?.aborted) return;
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              release();
            });
        });
      });
    },
  };
}
