/**
 * A whole server for tests: a fresh migrated database (PGlite in memory, or PostgreSQL in the
 * `server-pg` project — see database.ts), the demo seed and the app, with a clock
 * the test moves by hand (expiry tests never sleep) and small helpers to call the API and mint
 * credentials. One instance per test file keeps the suite fast; tests create what they need.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import type { CreateThreadRequest, MovePinRequest, PresignedPost } from '../../src/api/wire.ts';
import { createApp } from '../app.ts';
import { type AppConfig, DEFAULT_DEV_WEBHOOK_HOSTS, DEFAULT_QUOTA_USER_MB, DEFAULT_QUOTA_WORKSPACE_MB } from '../domain/config.ts';
import type { AppDeps } from '../http/app-deps.ts';
import type { Logger } from '../domain/logger.ts';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
export { createTestPostgresDatabase, onPostgres, testPostgresAvailable, type TestPostgresDatabase } from './database.ts';
import { seedDemo, type DemoInfo } from '../seed.ts';
import { LocalObjectStore } from '../storage/local-store.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { HostLookup } from '../net/lookup.ts';
import { fakeDns } from './fake-dns.ts';

export const TEST_PUBLIC_URL = 'http://localhost:8787';
/** The local object store's secret in tests (tests sign forms and URLs of their own with it). */
export const TEST_STORAGE_SECRET = 'test-storage-secret-0123456789abcdef';
export const TEST_SDK_ORIGIN = 'http://localhost:8787';
export const API = '/api/v2';

export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's socket address (app.request has no socket; rate limits then count one shared "unknown" address). */
  address?: string;
}

/** The bindings @hono/node-server passes for a request from `address` (what getConnInfo reads). */
export function socketEnv(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } } };
}

export const silentLogger: Logger = { error: () => undefined, info: () => undefined };

export interface TestServerOverrides {
  config?: Partial<AppConfig>;
  log?: Logger;
  dataDir?: string;
  /** Another object store for the API (the local one is still created, at `storage`). */
  objectStore?: (clock: TestClock) => ObjectStore;
  /** DNS for webhook targets (server/testing/fake-dns.ts); by default every name is unknown. */
  lookup?: HostLookup;
}

async function pgliteIn(dataDir: string): Promise<TestDatabase> {
  const db = await openPglite(dataDir);
  return { db, close: () => db.close() };
}

export async function createTestServer(overrides: TestServerOverrides = {}) {
  const database: TestDatabase = overrides.dataDir ? await pgliteIn(overrides.dataDir) : await openTestDatabase();
  const db = database.db;
  await migrate(db);
  const clock = manualClock();
  const seed: DemoInfo = await seedDemo(db, { publicUrl: TEST_PUBLIC_URL, port: 8787 }, clock.now());
  const config: AppConfig = {
    publicUrl: TEST_PUBLIC_URL,
    widgetDir: '/nonexistent/widget',
    demoDir: '/nonexistent/demo',
    devIdp: true,
    production: false,
    demo: true,
    webhooks: { allowedPrivateHosts: DEFAULT_DEV_WEBHOOK_HOSTS },
    rateLimits: { enabled: true },
    trustProxy: 0,
    quotas: { userBytes: DEFAULT_QUOTA_USER_MB * 1024 * 1024, workspaceBytes: DEFAULT_QUOTA_WORKSPACE_MB * 1024 * 1024 },
    ...overrides.config,
  };
  // Objects in a temporary folder, removed by close().
  const objectsDir = mkdtempSync(path.join(tmpdir(), 'pinmark-test-objects-'));
  const storage = new LocalObjectStore({ dir: objectsDir, publicUrl: config.publicUrl, secretAccessKey: TEST_STORAGE_SECRET, clock });
  const deps: AppDeps = {
    db,
    config,
    clock,
    log: overrides.log ?? silentLogger,
    demo: { publicKey: seed.publicKey, markupId: seed.markupId, customerJwt: seed.customerJwt },
    storage: overrides.objectStore?.(clock) ?? storage,
    // No test asks a real resolver: every name is unknown unless the test says otherwise.
    lookup: overrides.lookup ?? fakeDns().lookup,
  };
  const app = createApp(deps);

  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
    const response = await app.request(
      path,
      { method, headers, ...(body !== undefined ? { body } : {}) },
      options.address ? socketEnv(options.address) : undefined,
    );
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** A customer JWT signed with the demo installation's key; claims override the defaults. */
  async function customerJwt(
    claims: JWTPayload = {},
    options: { key?: DemoInfo['customerJwt']['privateJwk']; omit?: string[] } = {},
  ): Promise<string> {
    const key = await importJWK(options.key ?? seed.customerJwt.privateJwk, 'ES256');
    const iat = Math.floor(clock.now() / 1000);
    const payload: JWTPayload = {
      iss: seed.expectedIss,
      aud: seed.expectedAud,
      sub: 'customer-user-1',
      name: 'Casey Customer',
      email: 'casey@customer.example',
      markupId: seed.markupId,
      iat,
      exp: iat + 600,
      ...claims,
    };
    for (const claim of options.omit ?? []) delete payload[claim];
    return new SignJWT(payload).setProtectedHeader({ alg: 'ES256' }).sign(key);
  }

  /** An exchange token for a customer user (default: the demo markup). */
  async function exchangeToken(claims: JWTPayload = {}): Promise<{ token: string; userId: string }> {
    const res = await request('POST', `${API}/auth/exchange`, { body: { token: await customerJwt(claims) } });
    if (res.status !== 200) throw new Error(`exchange failed: ${res.status} ${res.text}`);
    return { token: res.body.data.exchangeToken, userId: res.body.data.userId };
  }

  /** A dev-IdP access token. */
  async function idpAccessToken(name = 'Dana Developer', email = 'dana@example.com'): Promise<string> {
    const res = await request('POST', '/idp/token', { body: { name, email } });
    if (res.status !== 200) throw new Error(`idp token failed: ${res.status} ${res.text}`);
    return res.body.accessToken;
  }

  const close = async () => {
    await database.close();
    rmSync(objectsDir, { recursive: true, force: true });
  };
  return { app, db, deps, seed, clock, storage, objectsDir, request, customerJwt, exchangeToken, idpAccessToken, close };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/** A valid CreateThreadRequest for the demo page; override any field. */
export function threadBody(overrides: Partial<CreateThreadRequest> & Record<string, unknown> = {}): CreateThreadRequest {
  return {
    isImageThread: false,
    url: `${TEST_PUBLIC_URL}/pricing.html?utm_source=x`,
    canonicalUrl: `${TEST_PUBLIC_URL}/pricing.html`,
    elements: [{ elementPath: 'main > section:nth-of-type(2) > h2', offsetXPercentage: 12.5, offsetYPercentage: 40 }],
    offsetXPercentage: 33.3,
    offsetYPercentage: 51,
    message: { ops: [{ insert: 'The price looks wrong ' }, { insert: { mention: { id: 'u-1', value: 'Demo Owner' } } }, { insert: '\n' }] },
    browserContext: {
      browserName: 'Chrome',
      browserVersion: '131',
      os: 'Linux',
      osVersion: '6.1',
      osVersionName: '',
      platform: 'desktop',
      screenWidth: 1920,
      screenHeight: 1080,
      viewportWidth: 1280,
      viewportHeight: 800,
      devicePixelRatio: 1,
    },
    elementParents: [
      {
        url: `${TEST_PUBLIC_URL}/pricing.html`,
        canonicalUrl: `${TEST_PUBLIC_URL}/pricing.html`,
        path: 'main > section:nth-of-type(2)',
        depth: 1,
      },
    ],
    viewModeId: 'desktop',
    ...overrides,
  } as CreateThreadRequest;
}

/** A valid MovePinRequest: the pin goes to the third FAQ item of the pricing page. */
export function movePinBody(): MovePinRequest {
  return {
    url: 'http://localhost:8787/pricing.html?plan=pro#faq',
    canonicalUrl: 'http://localhost:8787/pricing.html',
    elements: [{ elementPath: '#faq > li:nth-child(3)', offsetXPercentage: 5, offsetYPercentage: 95 }],
    browserContext: threadBody().browserContext,
    elementParents: [],
    viewportXPercentage: 10,
    viewportYPercentage: 20,
  };
}

export interface FormFile {
  bytes: Uint8Array | string;
  type?: string;
  name?: string;
}

/**
 * Posts a presigned POST form the way a browser does (every field in order, then `file`); `edit`
 * may change the fields first (tests of refusals). Returns the raw Response.
 */
export async function postForm(
  app: { request: (input: string, init: RequestInit) => Response | Promise<Response> },
  post: PresignedPost,
  file: FormFile,
  edit: (fields: Record<string, string>) => Record<string, string> = (f) => f,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(edit({ ...post.fields }))) form.append(name, value);
  const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : new Uint8Array(file.bytes);
  form.append('file', new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'file');
  return app.request(post.url, { method: 'POST', body: form });
}

/** The MD5 hex of some bytes: what the store's ETag must be. */
export function md5Hex(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** A tiny valid PNG (1×1), for screenshot and image tests. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface ReviewersWithThread {
  s: TestServer;
  alice: { token: string; userId: string };
  bob: { token: string; userId: string };
  /** A thread Alice created. */
  threadId: string;
}

/** The upload suites' common start: a server, two reviewers signed in, and a thread by the first. */
export async function twoReviewersAndAThread(): Promise<ReviewersWithThread> {
  const s = await createTestServer();
  const alice = await s.exchangeToken({ sub: 'alice', name: 'Alice' });
  const bob = await s.exchangeToken({ sub: 'bob', name: 'Bob' });
  const threadId = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
  return { s, alice, bob, threadId };
}
