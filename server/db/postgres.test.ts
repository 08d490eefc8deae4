/**
 * What only a real PostgreSQL can show: several server processes (here: several pools) on one
 * database migrating and seeding at the same moment, transactions on a pool, and rows of every
 * column type we use coming back as the same JavaScript values PGlite gives. Runs in the
 * `server-pg` project; elsewhere no PostgreSQL is provided and it skips.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, isoAt, json } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { seedDemoIfEmpty } from '../seed.ts';
import {
  createTestPostgresDatabase,
  openPgliteTestDatabase,
  testPostgresAvailable,
  type TestPostgresDatabase,
} from '../testing/database.ts';

const databases: TestPostgresDatabase[] = [];
const pools: Db[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await Promise.all(databases.map((database) => database.drop()));
});

async function database(options: { empty?: boolean } = {}): Promise<TestPostgresDatabase> {
  const created = await createTestPostgresDatabase(options);
  if (!created) throw new Error('no PostgreSQL');
  databases.push(created);
  return created;
}

async function processes(url: string, count: number): Promise<Db[]> {
  const opened = await Promise.all(Array.from({ length: count }, () => openPostgres(url)));
  pools.push(...opened);
  return opened;
}

describe.skipIf(!testPostgresAvailable())('PostgreSQL', () => {
  it('applies the migrations once when several processes start together', async () => {
    const { url } = await database({ empty: true });
    const results = await Promise.all((await processes(url, 3)).map((db) => migrate(db)));
    const names = loadMigrations().map((m) => m.name);
    expect(results.filter((applied) => applied.length > 0)).toEqual([names]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(2);
  });

  it('seeds the demo once when several processes start on an empty database together', async () => {
    const { url } = await database();
    const dbs = await processes(url, 3);
    const demos = await Promise.all(dbs.map((db) => seedDemoIfEmpty(db, { publicUrl: 'http://localhost:9999', port: 9999 })));
    expect(demos.filter((demo) => demo !== null)).toHaveLength(1);
    expect(await dbs[0]!.query('SELECT id FROM organizations')).toHaveLength(1);
  });

  it('rolls a failed transaction back, and a nested transaction joins the outer one', async () => {
    const [db] = await processes((await database()).url, 1);
    const insert = (tx: Db, name: string) =>
      tx.query('INSERT INTO organizations (id, name, created_at, modified_at) VALUES (gen_random_uuid(), $1, now(), now())', [name]);
    await expect(
      db!.transaction(async (tx) => {
        await insert(tx, 'outer');
        await tx.transaction((inner) => insert(inner, 'inner'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db!.query('SELECT name FROM organizations')).toEqual([]);
    await db!.transaction(async (tx) => {
      await insert(tx, 'outer');
      await tx.transaction((inner) => insert(inner, 'inner'));
    });
    expect(await db!.query('SELECT name FROM organizations ORDER BY name')).toEqual([{ name: 'inner' }, { name: 'outer' }]);
  });

  it('returns the same JavaScript values as PGlite for every column type the schema uses', async () => {
    const sql = `SELECT 42::int4 AS int4, 9007199254740991::int8 AS int8, 12.5::numeric AS numeric, 0.25::float8 AS float8,
        true AS bool, 'Ünïcode'::text AS text, NULL::text AS nothing,
        '0f0e0d0c-0b0a-4908-8706-050403020100'::uuid AS uuid, (SELECT count(*) FROM (VALUES (1), (2)) v (x)) AS count,
        $1::timestamptz AS timestamptz, $2::jsonb AS jsonb, $3::jsonb AS jsonb_array, lower('ÉCOLE') AS lower,
        ARRAY['0f0e0d0c-0b0a-4908-8706-050403020100']::uuid[] @> $4::uuid[] AS contains`;
    const params = [
      isoAt(Date.UTC(2024, 1, 29, 12, 34, 56, 789)),
      json({ a: [1, 'b', null], n: 1.5 }),
      json(['x', 'y']),
      ['0f0e0d0c-0b0a-4908-8706-050403020100'],
    ];
    const [db] = await processes((await database()).url, 1);
    const pglite = await openPgliteTestDatabase();
    try {
      const [onPostgres] = await db!.query(sql, params);
      const [onPglite] = await pglite.db.query(sql, params);
      expect(onPostgres).toEqual(onPglite);
      expect(onPostgres).toEqual({
        int4: 42,
        int8: 9007199254740991,
        numeric: 12.5,
        float8: 0.25,
        bool: true,
        text: 'Ünïcode',
        nothing: null,
        uuid: '0f0e0d0c-0b0a-4908-8706-050403020100',
        count: 2,
        timestamptz: new Date(Date.UTC(2024, 1, 29, 12, 34, 56, 789)),
        jsonb: { a: [1, 'b', null], n: 1.5 },
        jsonb_array: ['x', 'y'],
        lower: 'école',
        contains: true,
      });
    } finally {
      await pglite.close();
    }
  });
});
