/**
 * Two conversion workers on one PostgreSQL, each with its own connection pool (as two server
 * processes have), racing for the same markups while reads from the store are slowed down so claims
 * overlap: every markup is converted exactly once and announced once. Needs PostgreSQL's row locks,
 * so it runs in the `server-pg` project only (worker.test.ts covers the logic on PGlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres.ts';
import { insertRegistration } from '../events/registrations.ts';
import { createOrganization, createWorkspace } from '../seed.ts';
import { LocalObjectStore } from '../storage/local-store.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { createTestPostgresDatabase, manualClock, onPostgres, silentLogger } from '../testing/support.ts';
import { fileMarkup, pngOf } from '../testing/conversion-files.ts';
import { createConversionWorker } from './worker.ts';

const MARKUPS = 12;

describe('two conversion workers on one PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    `convert ${MARKUPS} markups exactly once between them (PostgreSQL only)`,
    async () => {
      const database = await createTestPostgresDatabase();
      if (!database) throw new Error('server-pg project without a PostgreSQL');
      const dir = mkdtempSync(path.join(tmpdir(), 'pinmark-conversion-two-'));
      const clock = manualClock();
      const [dbA, dbB] = [await openPostgres(database.url), await openPostgres(database.url)];
      try {
        const store = new LocalObjectStore({
          dir,
          publicUrl: 'http://localhost:8787',
          secretAccessKey: 'two-workers-secret-0123456789abcdef',
          clock,
        });
        const organizationId = await createOrganization(dbA, 'Two workers', clock.now());
        const workspace = await createWorkspace(dbA, organizationId, 'Two workers', clock.now());
        await dbA.transaction((tx) =>
          insertRegistration(
            tx,
            workspace.id,
            { url: 'https://hooks.example/x', eventTypes: ['markup_ready'], enabled: true },
            clock.now(),
          ),
        );
        const ids: string[] = [];
        for (let i = 0; i < MARKUPS; i++) {
          ids.push(
            await fileMarkup(dbA, store, {
              workspaceId: workspace.id,
              folderId: workspace.rootFolderId,
              contentType: 'image/png',
              bytes: await pngOf(20 + i, 20),
              now: clock.now(),
            }),
          );
        }
        // Slow reads keep a batch in flight while the other worker claims.
        const slow: ObjectStore = Object.assign(Object.create(store) as ObjectStore, {
          read: async (key: string) => {
            await new Promise((resolve) => setTimeout(resolve, 30));
            return store.read(key);
          },
        });
        const options = { store: slow, clock, log: silentLogger, batchSize: 3 };
        const [a, b] = [createConversionWorker({ ...options, db: dbA }), createConversionWorker({ ...options, db: dbB })];
        let byA = 0;
        let byB = 0;
        for (;;) {
          const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
          byA += na;
          byB += nb;
          if (na + nb === 0) break;
        }
        expect(byA + byB).toBe(MARKUPS);
        expect(byA).toBeGreaterThan(0);
        expect(byB).toBeGreaterThan(0);
        const rows = await dbA.query<{ status: string; attempts: number; n: number }>(
          'SELECT status, attempts, count(*)::int AS n FROM markup_conversions GROUP BY status, attempts',
        );
        expect(rows).toEqual([{ status: 'done', attempts: 1, n: MARKUPS }]);
        const events = await dbA.query<{ n: number; distinct_markups: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT payload::jsonb #>> '{data,markup,id}')::int AS distinct_markups FROM webhook_deliveries WHERE event_type = 'markup_ready'`,
        );
        expect(events).toEqual([{ n: MARKUPS, distinct_markups: MARKUPS }]);
        expect((await dbA.query('SELECT 1 FROM markups WHERE NOT is_ready')).length).toBe(0);
      } finally {
        await dbA.close();
        await dbB.close();
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
