/**
 * The demo a newcomer gets on `npm start`: one organization, workspace, installation and webpage
 * markup, an owner, and one key of each kind. Secrets exist in the database only as hashes, so the
 * returned DemoInfo (written to DATA_DIR/demo.json) is the only place they can be read again.
 * The building blocks are exported for tests that need more workspaces or markups.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { isoAt, json, queryOne, type Db } from './db/db.ts';
import { API_KEY_PREFIX, PUBLIC_KEY_PREFIX, randomToken, sha256Hex } from './auth/tokens.ts';
import type { DemoCustomerJwt } from './http/app-deps.ts';

export interface DemoInfo {
  url: string;
  apiBase: string;
  organizationId: string;
  workspaceId: string;
  installationId: string;
  publicKey: string;
  markupId: string;
  allowedOrigins: string[];
  expectedAud: string;
  expectedIss: string;
  workspaceApiKey: string;
  organizationApiKey: string;
  customerJwt: DemoCustomerJwt;
}

export interface SeedConfig {
  publicUrl: string;
  port: number;
  extraAllowedOrigins?: string[];
}

export const DEMO_EXPECTED_ISS = 'https://customer.example/pinmark-demo';

export async function createOrganization(db: Db, name: string, now: number): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO organizations (id, name, created_at, modified_at) VALUES ($1, $2, $3::timestamptz, $3::timestamptz)', [
    id,
    name,
    isoAt(now),
  ]);
  return id;
}

/** A workspace with its root and archive folders (one transaction: the folder keys are deferred). */
export async function createWorkspace(db: Db, organizationId: string, name: string, now: number) {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const rootFolderId = randomUUID();
    const archiveFolderId = randomUUID();
    const at = isoAt(now);
    await tx.query(
      `INSERT INTO workspaces (id, organization_id, name, root_folder_id, archive_folder_id, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz)`,
      [id, organizationId, name, rootFolderId, archiveFolderId, at],
    );
    await tx.query(
      `INSERT INTO folders (id, workspace_id, parent_id, kind, name, created_at, modified_at) VALUES
       ($1, $3, NULL, 'root', 'Root', $4::timestamptz, $4::timestamptz),
       ($2, $3, NULL, 'archive', 'Archive', $4::timestamptz, $4::timestamptz)`,
      [rootFolderId, archiveFolderId, id, at],
    );
    return { id, rootFolderId, archiveFolderId };
  });
}

export async function createWebpageMarkup(
  db: Db,
  args: { workspaceId: string; name: string; url: string; now: number; readOnly?: boolean },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO markups (id, workspace_id, folder_id, type, name, url, markup_url, read_only, created_at, modified_at)
     SELECT $1, w.id, w.root_folder_id, 'webpage', $3, $4, $4, $5, $6::timestamptz, $6::timestamptz FROM workspaces w WHERE w.id = $2`,
    [id, args.workspaceId, args.name, args.url, args.readOnly ?? false, isoAt(args.now)],
  );
  return id;
}

/** Creates a key and returns it in clear, the only time it is ever available. */
export async function createApiKey(
  db: Db,
  args: { kind: 'workspace' | 'organization'; organizationId: string; workspaceId?: string; name: string; now: number },
): Promise<string> {
  const key = randomToken(API_KEY_PREFIX[args.kind]);
  await db.query(
    `INSERT INTO api_keys (id, kind, organization_id, workspace_id, name, token_hash, token_prefix, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz)`,
    [
      randomUUID(),
      args.kind,
      args.organizationId,
      args.kind === 'workspace' ? args.workspaceId : null,
      args.name,
      sha256Hex(key),
      key.slice(0, 12),
      isoAt(args.now),
    ],
  );
  return key;
}

export async function createMember(
  db: Db,
  args: { workspaceId: string; name: string; email: string; role: 'owner' | 'admin' | 'contributor' | 'viewer'; now: number },
): Promise<string> {
  const id = randomUUID();
  const at = isoAt(args.now);
  await db.query(
    `INSERT INTO users (id, workspace_id, kind, name, email, email_verified, created_at, modified_at)
     VALUES ($1, $2, 'member', $3, $4, true, $5::timestamptz, $5::timestamptz)`,
    [id, args.workspaceId, args.name, args.email, at],
  );
  await db.query(
    'INSERT INTO workspace_members (workspace_id, user_id, role, created_at, modified_at) VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz)',
    [args.workspaceId, id, args.role, at],
  );
  return id;
}

export type CustomerJwtAlg = 'RS256' | 'ES256' | 'EdDSA';

/**
 * An installation verifying customer JWTs. With `customerKey` it trusts that public key (the
 * customer keeps the private half); without, it makes an ES256 pair and returns the private JWK.
 */
export async function createInstallation(
  db: Db,
  args: {
    workspaceId: string;
    allowedOrigins: string[];
    expectedIss: string;
    now: number;
    customerKey?: { alg: CustomerJwtAlg; publicJwk: JWK };
  },
) {
  const id = randomUUID();
  const publicKey = randomToken(PUBLIC_KEY_PREFIX, 18);
  const expectedAud = `pinmark:${id}`;
  let alg: CustomerJwtAlg = 'ES256';
  let publicJwk: JWK;
  let privateJwk: JWK | null = null;
  if (args.customerKey) {
    ({ alg, publicJwk } = args.customerKey);
  } else {
    const pair = await generateKeyPair('ES256', { extractable: true });
    publicJwk = await exportJWK(pair.publicKey);
    privateJwk = await exportJWK(pair.privateKey);
  }
  await db.query(
    `INSERT INTO installations (id, workspace_id, public_key, allowed_origins, expected_aud, expected_iss, jwt_alg, public_jwk, created_at, modified_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9::timestamptz, $9::timestamptz)`,
    [id, args.workspaceId, publicKey, json(args.allowedOrigins), expectedAud, args.expectedIss, alg, json(publicJwk), isoAt(args.now)],
  );
  return { id, publicKey, expectedAud, privateJwk };
}

export function demoAllowedOrigins(config: SeedConfig): string[] {
  const origins = [new URL(config.publicUrl).origin, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  for (const extra of config.extraAllowedOrigins ?? []) {
    try {
      origins.push(new URL(extra).origin);
    } catch {
      // Not a URL: ignored (main.ts warns about it).
    }
  }
  return [...new Set(origins)];
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await queryOne(db, 'SELECT 1 FROM organizations LIMIT 1'));
}

/** Arbitrary constant naming "the Pinmark demo-seed lock". */
const SEED_LOCK_KEY = 724_310_002;

/**
 * Seeds the demo only into an empty database, checked under a lock: server processes starting
 * together on one empty PostgreSQL would otherwise each seed a demo of their own. Null when the
 * database already had data.
 */
export async function seedDemoIfEmpty(db: Db, config: SeedConfig, now = Date.now()): Promise<DemoInfo | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    return (await isDatabaseEmpty(tx)) ? seedDemo(tx, config, now) : null;
  });
}

export async function seedDemo(db: Db, config: SeedConfig, now = Date.now()): Promise<DemoInfo> {
  return db.transaction(async (tx) => {
    const organizationId = await createOrganization(tx, 'Pinmark Demo', now);
    const workspace = await createWorkspace(tx, organizationId, 'Demo workspace', now);
    const allowedOrigins = demoAllowedOrigins(config);
    const installation = await createInstallation(tx, { workspaceId: workspace.id, allowedOrigins, expectedIss: DEMO_EXPECTED_ISS, now });
    const markupId = await createWebpageMarkup(tx, {
      workspaceId: workspace.id,
      name: 'Pinmark demo site',
      url: `${config.publicUrl}/`,
      now,
    });
    await createMember(tx, { workspaceId: workspace.id, name: 'Demo Owner', email: 'owner@demo.pinmark.test', role: 'owner', now });
    const workspaceApiKey = await createApiKey(tx, {
      kind: 'workspace',
      organizationId,
      workspaceId: workspace.id,
      name: 'Demo workspace key',
      now,
    });
    const organizationApiKey = await createApiKey(tx, { kind: 'organization', organizationId, name: 'Demo organization key', now });
    return {
      url: config.publicUrl,
      apiBase: config.publicUrl,
      organizationId,
      workspaceId: workspace.id,
      installationId: installation.id,
      publicKey: installation.publicKey,
      markupId,
      allowedOrigins,
      expectedAud: installation.expectedAud,
      expectedIss: DEMO_EXPECTED_ISS,
      workspaceApiKey,
      organizationApiKey,
      customerJwt: { alg: 'ES256', privateJwk: installation.privateJwk!, iss: DEMO_EXPECTED_ISS, aud: installation.expectedAud },
    };
  });
}

export function demoFilePath(dataDir: string): string {
  return path.join(dataDir, 'demo.json');
}

export function writeDemoFile(dataDir: string, demo: DemoInfo): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(demoFilePath(dataDir), `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
}

export function readDemoFile(dataDir: string): DemoInfo | null {
  const file = demoFilePath(dataDir);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as DemoInfo;
}
