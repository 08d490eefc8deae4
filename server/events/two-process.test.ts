/**
 * Several delivery workers on one database deliver every event exactly once (when nothing fails).
 * Two workers in this process run everywhere: on PGlite, which serializes everything, that proves
 * the claim logic; in the `server-pg` project the same test runs on PostgreSQL. The real proof needs
 * PostgreSQL's row locks and two processes: two `server/main.ts` processes on one database and one
 * receiver — skipped unless the run provides a PostgreSQL (`npx vitest run --project server-pg`).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/postgres.ts';
import { createOrganization, createWorkspace } from '../seed.ts';
import { systemClock } from '../domain/clock.ts';
import { createTestPostgresDatabase, createTestServer, onPostgres, silentLogger } from '../testing/support.ts';
import { findRegistration, insertRegistration } from './registrations.ts';
import { recordEvent } from './record.ts';
import { startReceiver, type Receiver } from '../testing/webhook-receiver.ts';
import { createDeliveryWorker } from './worker.ts';
import { startServerProcess, stopServerProcess } from '../testing/server-process.ts';

const EVENTS = 40;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** A registration for the receiver in a fresh workspace; returns it and its signing key. */
async function setUp(db: Db, now: number): Promise<{ workspaceId: string; signingKey: string }> {
  const organizationId = await createOrganization(db, 'Two processes', now);
  const workspace = await createWorkspace(db, organizationId, 'Two processes', now);
  const id = await db.transaction((tx) => insertRegistration(tx, workspace.id, { url: receiver.url, enabled: true }, now));
  const registration = await findRegistration(db, id!);
  return { workspaceId: workspace.id, signingKey: registration!.signing_key };
}

async function recordEvents(db: Db, workspaceId: string, count: number, now: () => number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db.transaction((tx) => recordEvent(tx, { type: 'markup_ready', workspaceId, occurredAt: now(), data: { n: i } }));
  }
}

/** Each event arrived exactly once, signed with the registration's key. */
function expectExactlyOnce(signingKey: string, count: number): void {
  const ids = receiver.received.map((r) => r.id);
  expect(new Set(ids).size).toBe(count);
  expect(ids).toHaveLength(count);
  const numbers = receiver.received.map(
    (r) => (new Webhook(signingKey).verify(r.body, receiver.headersOf(r)) as { data: { n: number } }).data.n,
  );
  expect(numbers.sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
}

describe('two delivery workers on one database', () => {
  it(`deliver ${EVENTS} events exactly once between them`, async () => {
    receiver.reset();
    const s = await createTestServer();
    try {
      const { workspaceId, signingKey } = await setUp(s.db, s.clock.now());
      await recordEvents(s.db, workspaceId, EVENTS, () => s.clock.now());
      // Slow answers keep a batch in flight while the other worker claims.
      receiver.delay(20);
      const options = { db: s.db, clock: systemClock, log: silentLogger, batchSize: 5, targets: { allowedPrivateHosts: ['127.0.0.1'] } };
      const [a, b] = [createDeliveryWorker(options), createDeliveryWorker(options)];
      const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
      expect(byA + byB).toBe(EVENTS);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      expectExactlyOnce(signingKey, EVENTS);
      const statuses = await s.db.query<{ status: string; attempts: number }>('SELECT DISTINCT status, attempts FROM webhook_deliveries');
      expect(statuses).toEqual([{ status: 'delivered', attempts: 1 }]);
    } finally {
      await s.close();
    }
  });
});

/** `server/main.ts` on the database, with a data folder of its own. */
const startServer = (databaseUrl: string, dataDir: string): Promise<ChildProcess> =>
  startServerProcess({ DATABASE_URL: databaseUrl, PORT: '0', DATA_DIR: dataDir, PINMARK_DEV_IDP: '0' });

describe('two server processes on one PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    `deliver ${EVENTS} events exactly once (needs PostgreSQL: skipped outside the server-pg project)`,
    async () => {
      receiver.reset();
      const database = await createTestPostgresDatabase();
      if (!database) throw new Error('server-pg project without a PostgreSQL');
      const db = await openPostgres(database.url);
      const dirs = [mkdtempSync(path.join(tmpdir(), 'pinmark-two-a-')), mkdtempSync(path.join(tmpdir(), 'pinmark-two-b-'))];
      const servers: ChildProcess[] = [];
      try {
        const { workspaceId, signingKey } = await setUp(db, Date.now());
        // Both processes are polling before the events exist, so they compete for them.
        servers.push(...(await Promise.all(dirs.map((dir) => startServer(database.url, dir)))));
        receiver.delay(50);
        await recordEvents(db, workspaceId, EVENTS, () => Date.now());
        await receiver.waitFor(EVENTS, 60_000);
        // Two more poll intervals: a double claim would show up as a late repeat.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expectExactlyOnce(signingKey, EVENTS);
        const rows = await db.query<{ status: string; attempts: number; n: number }>(
          'SELECT status, attempts, count(*)::int AS n FROM webhook_deliveries GROUP BY status, attempts',
        );
        expect(rows).toEqual([{ status: 'delivered', attempts: 1, n: EVENTS }]);
      } finally {
        await Promise.all(servers.map(stopServerProcess));
        await db.close();
        await database.drop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
