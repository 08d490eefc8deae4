/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every delivery (raw
 * body and headers, so signatures can be verified as a receiver would) and answers with whatever
 * status the test scripts, so retries, failures and timeouts are exercised over the wire.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** webhook-id */
  id: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next answers, in order; 200 once they are used up. */
  respondWith(...statuses: number[]): void;
  /** Delay before answering (ms), e.g. to hold requests in flight. */
  delay(ms: number): void;
  /** Forgets what arrived and what was scripted. */
  reset(): void;
  /** Resolves once at least `count` deliveries arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** headers as the standardwebhooks verifier takes them. */
  headersOf(received: Received): Record<string, string>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let delayMs = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        id: String(request.headers['webhook-id'] ?? ''),
      });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      const status = statuses.shift() ?? 200;
      setTimeout(() => response.writeHead(status, { 'content-type': 'text/plain' }).end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    respondWith: (...next) => statuses.push(...next),
    delay: (ms) => {
      delayMs = ms;
    },
    reset: () => {
      received.length = 0;
      statuses.length = 0;
      delayMs = 0;
    },
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} deliveries arrived`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    headersOf: (r) => ({
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
