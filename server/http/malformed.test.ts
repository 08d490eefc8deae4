/**
 * Issue 7's malformed-input suite: for every /api/v2 route in malformed-cases.ts, broken variants
 * of a valid baseline (required fields removed, fields of the wrong type, bad JSON, a 2 MB body,
 * malformed and unknown path ids, missing query parameters, no or the wrong kind of bearer) must
 * each answer a 4xx JSON error — never a 5xx — and a refused mutation must leave every table as
 * it was. The baselines are replayed last, proving the variants fail for the reason they test.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { isUuid } from '../domain/ids.ts';
import { MAX_BODY_BYTES } from './validate.ts';
import { buildCases } from '../testing/malformed-cases.ts';
import { label, urlOf, type QueryKind, type RouteCase } from '../testing/malformed-route-case.ts';

interface Variant {
  name: string;
  url: string;
  token?: string | undefined;
  body?: unknown;
  rawBody?: string;
  /** The exact status when the refusal has one obvious answer; otherwise any 4xx. */
  status?: number;
}

// Top-level await: the table needs a live server (fixture ids), and it.each needs the table.
// Without rate limits: the suite sends each route dozens of refused requests in one frozen minute,
// and a 429 would hide the refusal each variant is there to test (limits: attacks/rate-limits.test.ts).
const s: TestServer = await createTestServer({ config: { rateLimits: { enabled: false } } });
const cases: RouteCase[] = await buildCases(s);
const reviewerToken = (await s.exchangeToken({ sub: 'malformed-wrong-kind' })).token;
let tables: string[] = [];

beforeAll(async () => {
  const rows = await s.db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  tables = rows.map((r) => r.name);
});
afterAll(async () => {
  await s.close();
});

/** A fingerprint of every row of every table: cheap at test sizes, and blind to no column. */
async function snapshot(): Promise<string> {
  const parts = tables.map((t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`);
  const rows = await s.db.query<{ t: string; h: string }>(parts.join(' UNION ALL '));
  return [...rows.map((r) => `${r.t}:${r.h}`), ...storedObjects()].join('\n');
}

/** The object store's files too: a refused upload must not leave bytes behind either. */
function storedObjects(): string[] {
  return readdirSync(s.objectsDir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stat = statSync(path.join(s.objectsDir, name));
      return stat.isFile() ? `object:${name}:${stat.size}` : `dir:${name}`;
    });
}

/** Values of another JSON type than `value` (null included: no baseline field is nullable). */
function wrongTypes(value: unknown): Array<[string, unknown]> {
  const all: Array<[string, unknown]> = [
    ['number', 12345],
    ['string', 'not-the-right-type'],
    ['boolean', true],
    ['object', { nested: 1 }],
    ['array', [1, 2]],
    ['null', null],
  ];
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return all.filter(([name]) => name !== kind);
}

/** Values no parameter of that kind may take; `id` values may be refused as 400 or 404. */
const wrongQueryValues: Record<QueryKind, string[]> = {
  // The last one is past Number.MAX_SAFE_INTEGER: it once reached SQL as "1e+30".
  int: ['abc', '-1', '1.5', '1e3', '0x10', `1${'0'.repeat(30)}`],
  date: ['notadate', '2026-13-45', '2026-02-30'],
  enum: ['bogus'],
  bool: ['maybe', '2'],
  id: ['not-a-uuid'],
};

function inferredKind(value: string): QueryKind | undefined {
  if (isUuid(value)) return 'id';
  if (/^\d+$/.test(value)) return 'int';
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return 'date';
  if (['true', 'false'].includes(value)) return 'bool';
  return undefined;
}

function queryVariants(r: RouteCase, base: Omit<Variant, 'name'>): Variant[] {
  const kinds: Record<string, QueryKind> = {};
  for (const [name, value] of Object.entries(r.query ?? {})) {
    const kind = inferredKind(value);
    if (kind) kinds[name] = kind;
  }
  Object.assign(kinds, r.queryKinds);
  return Object.entries(kinds).flatMap(([name, kind]) =>
    wrongQueryValues[kind].map((value) => ({
      ...base,
      name: `query ${name}=${value}`,
      url: urlOf(r, r.ids, { ...r.query, [name]: value }),
      ...(kind === 'id' ? {} : { status: 400 }),
    })),
  );
}

/** U+0000 in any text (PostgreSQL cannot store it; it used to surface as a 500). */
function nulVariants(r: RouteCase, base: Omit<Variant, 'name'>): Variant[] {
  const out: Variant[] = [];
  for (const name of Object.keys(r.query ?? {})) {
    out.push({ ...base, name: `query ${name} with U+0000`, url: urlOf(r, r.ids, { ...r.query, [name]: 'a\u0000b' }), status: 400 });
  }
  for (const id of r.freeformIds ?? []) out.push({ ...base, name: `${id} with U+0000`, url: urlOf(r, { ...r.ids, [id]: 'a\u0000b' }) });
  for (const [field, value] of Object.entries(r.body ?? {})) {
    if (typeof value === 'string')
      out.push({ ...base, name: `${field} with U+0000`, body: { ...r.body, [field]: `${value}\u0000` }, status: 422 });
  }
  return out;
}

function variantsOf(r: RouteCase): Variant[] {
  const out: Variant[] = [];
  const base = { url: urlOf(r), token: r.token, body: r.body };
  if (r.auth !== 'none') out.push({ ...base, name: 'no Authorization', token: undefined, status: 401 });
  if (r.auth === 'api_key') out.push({ ...base, name: 'exchange token where an API key is needed', token: reviewerToken, status: 403 });
  if (r.auth === 'idp') out.push({ ...base, name: 'API key where an IdP token is needed', token: s.seed.workspaceApiKey, status: 401 });
  if (r.auth === 'any') out.push({ ...base, name: 'unknown exchange token', token: `pmx_${randomUUID()}`, status: 401 });
  for (const id of Object.keys(r.ids ?? {})) {
    const bad = r.freeformIds?.includes(id) ? [`unknown-${randomUUID()}`] : ['not-a-uuid', randomUUID()];
    for (const value of bad) out.push({ ...base, name: `${id} = ${value}`, url: urlOf(r, { ...r.ids, [id]: value }), status: 404 });
  }
  for (const q of r.requiredQuery ?? []) {
    const query = { ...r.query };
    delete query[q];
    out.push({ ...base, name: `query ${q} missing`, url: urlOf(r, r.ids, query) });
  }
  out.push(...queryVariants(r, base), ...nulVariants(r, base));
  if (r.method !== 'GET') {
    const pad = 'x'.repeat(2 * MAX_BODY_BYTES);
    out.push({ ...base, name: '2 MB body', body: undefined, rawBody: JSON.stringify({ ...r.body, pad }), status: 413 });
  }
  if (!r.body) return out;
  out.push({ ...base, name: 'bad JSON', body: undefined, rawBody: '{', status: 400 });
  out.push({ ...base, name: 'body is an array', body: [r.body] });
  out.push({ ...base, name: 'body is a string', body: 'hello' });
  for (const [field, value] of Object.entries(r.body)) {
    if (!r.optional?.includes(field)) {
      const body = { ...r.body };
      delete body[field];
      out.push({ ...base, name: `${field} missing`, body });
    }
    if (isUuid(value)) {
      for (const id of ['not-a-uuid', randomUUID()]) out.push({ ...base, name: `${field} = ${id}`, body: { ...r.body, [field]: id } });
    }
    for (const [type, wrong] of wrongTypes(value)) out.push({ ...base, name: `${field} as ${type}`, body: { ...r.body, [field]: wrong } });
  }
  return out;
}

async function expectRefused(r: RouteCase, v: Variant): Promise<void> {
  const mutation = r.method !== 'GET';
  const before = mutation ? await snapshot() : '';
  const res = await s.request(r.method, v.url, {
    ...(v.token ? { token: v.token } : {}),
    ...(v.rawBody !== undefined ? { rawBody: v.rawBody } : v.body !== undefined ? { body: v.body } : {}),
  });
  const where = `${label(r)} [${v.name}] → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  if (v.status !== undefined) expect(res.status, where).toBe(v.status);
  expect(res.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
  expect(typeof res.body?.error?.code, where).toBe('string');
  expect(typeof res.body?.error?.message, where).toBe('string');
  if (mutation) expect(await snapshot(), `${where}: something was stored`).toBe(before);
}

describe('malformed input is refused with a 4xx JSON error and stores nothing', () => {
  it('has a row for every /api/v2 route of the app, and none for a route it lacks', () => {
    // Middleware is registered as ALL; a `{regex}` constraint on a parameter is not part of its name.
    const served = new Set(
      s.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API}/`))
        .map((r) => `${r.method} ${r.path.slice(API.length).replace(/(:\w+)\{[^/]*\}/g, '$1')}`),
    );
    // Variant rows (malformed-cases-file-markups.ts) probe a route a main row already covers.
    const rows = cases.filter((r) => !r.variant).map(label);
    expect(
      [...served].filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((row) => !served.has(row)),
      'rows without a route',
    ).toEqual([]);
    expect(new Set(rows).size, 'one row per route').toBe(rows.length);
    console.info(`malformed-input suite: ${cases.length} routes, ${cases.reduce((n, r) => n + variantsOf(r).length, 0)} cases`);
  });

  it('fingerprints every table, the markup, upload and folder ones included', () => {
    expect(tables).toEqual(
      expect.arrayContaining([
        'markups',
        'markup_conversions',
        'markup_assets',
        'markup_reviews',
        'markup_notes',
        'folders',
        'uploads',
        'activity_events',
        'threads',
        'messages',
      ]),
    );
  });

  it.each(cases.map((r) => [label(r), r] as const))('%s', async (_, r) => {
    for (const v of variantsOf(r)) await expectRefused(r, v);
  });

  // Last, in table order: each destructive route has a fixture of its own.
  it('accepts every baseline, so the variants fail for the reason they test', async () => {
    for (const r of cases) {
      if (r.noBaseline) continue;
      const res = await s.request(r.method, urlOf(r), { ...(r.token ? { token: r.token } : {}), ...(r.body ? { body: r.body } : {}) });
      expect.soft(res.status, `${label(r)} baseline → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(300);
    }
  });
});
