/**
 * The embedded database keeps its data across a clean close and reopen of its directory, and the
 * migrations are recorded so a restart applies nothing twice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from './pglite.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { isDatabaseEmpty, seedDemo } from '../seed.ts';
import { onPostgres } from '../testing/database.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'pinmark-pgdata-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// PGlite's own data directory; on PostgreSQL (project server-pg) there is none to test.
describe.skipIf(onPostgres)('PGlite data directory', () => {
  it('persists across close and reopen', async () => {
    const first = await openPglite(dir);
    expect(await migrate(first)).toEqual(loadMigrations().map((m) => m.name));
    expect(await isDatabaseEmpty(first)).toBe(true);
    const demo = await seedDemo(first, { publicUrl: 'http://localhost:9999', port: 9999 });
    await first.close();

    const second = await openPglite(dir);
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await isDatabaseEmpty(second)).toBe(false);
      const rows = await second.query<{ id: string; name: string }>('SELECT id, name FROM markups');
      expect(rows).toEqual([{ id: demo.markupId, name: 'Pinmark demo site' }]);
      const versions = await second.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.map((v) => v.version)).toEqual(loadMigrations().map((m) => m.version));
    } finally {
      await second.close();
    }
  });

  it('rolls a failed transaction back', async () => {
    const db = await openPglite(dir);
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("UPDATE markups SET name = 'changed'");
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect((await db.query<{ name: string }>('SELECT name FROM markups'))[0]!.name).toBe('Pinmark demo site');
    } finally {
      await db.close();
    }
  });
});
