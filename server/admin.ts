/**
 * `npm run admin -- <command>`: what an operator does to a production database before and beside
 * the server, since production has no demo seed and the API cannot create its own first key.
 *
 *   init --workspace NAME --site https://www.example.com [--issuer ISS] [--customer-jwk FILE]
 *       An organization, workspace, installation (allowed origin = the site) and webpage markup,
 *       and a workspace API key, printed in full this once. Without --customer-jwk an ES256 key
 *       pair is made and its private half written to DATA_DIR (0600) for the site's backend.
 *   keys create (--workspace ID | --organization ID) [--name NAME]   a key, printed in full once
 *   keys list                                                          every key, masked
 *   origins add --public-key PK URL…    let a site's widget sign reviewers in (its origin)
 *   origins list                        every installation with its allowed origins
 *
 * It reads the same environment as the server (DATABASE_URL, DATA_DIR) and runs migrations.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { JWK } from 'jose';
import { loadConfig, type ServerConfig } from './domain/config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { queryOne, type Db } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { createApiKey, createInstallation, createOrganization, createWebpageMarkup, createWorkspace, type CustomerJwtAlg } from './seed.ts';

class UsageError extends Error {}

/** The algorithm a public JWK is for: the installation accepts exactly one. */
function algorithmOf(jwk: JWK): CustomerJwtAlg {
  if (jwk.d) throw new UsageError('--customer-jwk holds a private key; give the public half only');
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new UsageError('--customer-jwk must be an RSA, P-256 or Ed25519 public key in JWK form');
}

function siteOrigin(site: string | undefined): URL {
  if (!site) throw new UsageError('--site is required: the address of the site the widget runs on');
  try {
    return new URL(site);
  } catch {
    throw new UsageError(`--site is not a URL: "${site}"`);
  }
}

async function init(db: Db, config: ServerConfig, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { workspace: { type: 'string' }, site: { type: 'string' }, issuer: { type: 'string' }, 'customer-jwk': { type: 'string' } },
  });
  if (!values.workspace) throw new UsageError('--workspace NAME is required');
  const site = siteOrigin(values.site);
  const customerJwk = values['customer-jwk'] ? (JSON.parse(readFileSync(values['customer-jwk'], 'utf8')) as JWK) : undefined;
  const customerKey = customerJwk ? { alg: algorithmOf(customerJwk), publicJwk: customerJwk } : undefined;
  const issuer = values.issuer ?? site.origin;
  const now = Date.now();
  const created = await db.transaction(async (tx) => {
    const organizationId = await createOrganization(tx, values.workspace!, now);
    const workspace = await createWorkspace(tx, organizationId, values.workspace!, now);
    const installation = await createInstallation(tx, {
      workspaceId: workspace.id,
      allowedOrigins: [site.origin],
      expectedIss: issuer,
      now,
      ...(customerKey ? { customerKey } : {}),
    });
    const markupId = await createWebpageMarkup(tx, { workspaceId: workspace.id, name: site.host, url: site.href, now });
    const apiKey = await createApiKey(tx, {
      kind: 'workspace',
      organizationId,
      workspaceId: workspace.id,
      name: 'Created by npm run admin',
      now,
    });
    return { organizationId, workspaceId: workspace.id, installation, markupId, apiKey };
  });
  const lines = [
    `Created workspace "${values.workspace}" (${created.workspaceId}) in organization ${created.organizationId}.`,
    `  publicKey         ${created.installation.publicKey}`,
    `  markupId          ${created.markupId}`,
    `  allowed origin    ${site.origin}`,
    `  customer JWT      iss "${issuer}", aud "${created.installation.expectedAud}", alg ${customerKey?.alg ?? 'ES256'}`,
    `  API key           ${created.apiKey}`,
    '                    (shown this once: store it in your secret manager now)',
  ];
  if (created.installation.privateJwk) {
    const file = path.resolve(config.dataDir, `customer-jwt-${created.installation.id}.private.json`);
    writeFileSync(file, `${JSON.stringify({ alg: 'ES256', privateJwk: created.installation.privateJwk }, null, 2)}\n`, { mode: 0o600 });
    lines.push(`  customer JWT key  ${file} (private: move it to your site's backend, then delete it here)`);
  }
  lines.push(
    '',
    'On the site:',
    `  <script async src="${config.publicUrl}/widget/pinmark.js" data-public-key="${created.installation.publicKey}" data-markup-id="${created.markupId}" data-api-base="${config.publicUrl}"></script>`,
  );
  console.log(lines.join('\n'));
}

async function keys(db: Db, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const rows = await db.query<{
      kind: string;
      name: string;
      token_prefix: string;
      workspace_id: string | null;
      organization_id: string;
      revoked_at: Date | null;
    }>('SELECT kind, name, token_prefix, workspace_id, organization_id, revoked_at FROM api_keys ORDER BY created_at');
    for (const row of rows) {
      const owner = row.workspace_id ? `workspace ${row.workspace_id}` : `organization ${row.organization_id}`;
      console.log(
        `${`${row.token_prefix}…`.padEnd(16)} ${row.kind.padEnd(12)} ${owner}  ${row.name}${row.revoked_at ? '  (revoked)' : ''}`,
      );
    }
    return;
  }
  if (sub !== 'create') throw new UsageError('keys: create or list');
  const { values } = parseArgs({
    args: rest,
    options: { workspace: { type: 'string' }, organization: { type: 'string' }, name: { type: 'string' } },
  });
  const now = Date.now();
  const name = values.name ?? 'Created by npm run admin';
  let key: string;
  if (values.workspace) {
    const row = await queryOne<{ organization_id: string }>(
      db,
      'SELECT organization_id FROM workspaces WHERE id::text = $1 AND deleted_at IS NULL',
      [values.workspace],
    );
    if (!row) throw new UsageError(`No workspace ${values.workspace}`);
    key = await createApiKey(db, { kind: 'workspace', organizationId: row.organization_id, workspaceId: values.workspace, name, now });
  } else if (values.organization) {
    const row = await queryOne(db, 'SELECT 1 FROM organizations WHERE id::text = $1', [values.organization]);
    if (!row) throw new UsageError(`No organization ${values.organization}`);
    key = await createApiKey(db, { kind: 'organization', organizationId: values.organization, name, now });
  } else {
    throw new UsageError('keys create needs --workspace ID or --organization ID');
  }
  console.log(`${key}\n(shown this once: store it in your secret manager now)`);
}

async function origins(db: Db, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const rows = await db.query<{ public_key: string; workspace_id: string; allowed_origins: string[] }>(
      'SELECT public_key, workspace_id, allowed_origins FROM installations ORDER BY created_at',
    );
    for (const row of rows) console.log(`${row.public_key}  workspace ${row.workspace_id}  ${row.allowed_origins.join(', ') || '(none)'}`);
    return;
  }
  if (sub !== 'add') throw new UsageError('origins: add or list');
  const { values, positionals } = parseArgs({ args: rest, options: { 'public-key': { type: 'string' } }, allowPositionals: true });
  if (!values['public-key'] || positionals.length === 0) throw new UsageError('origins add --public-key PK https://site.example [more…]');
  const added = positionals.map((site) => siteOrigin(site).origin);
  const row = await queryOne<{ allowed_origins: string[] }>(
    db,
    `UPDATE installations SET allowed_origins = (SELECT jsonb_agg(DISTINCT o) FROM jsonb_array_elements_text(allowed_origins || $2::jsonb) o), modified_at = now()
     WHERE public_key = $1 RETURNING allowed_origins`,
    [values['public-key'], JSON.stringify(added)],
  );
  if (!row) throw new UsageError(`No installation with public key ${values['public-key']}`);
  console.log(`Allowed origins: ${row.allowed_origins.join(', ')}`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'init' && command !== 'keys' && command !== 'origins') {
    console.error(
      'Usage: npm run admin -- init --workspace NAME --site URL [--issuer ISS] [--customer-jwk FILE]\n       npm run admin -- keys create (--workspace ID | --organization ID) [--name NAME]\n       npm run admin -- keys list\n       npm run admin -- origins add --public-key PK URL…\n       npm run admin -- origins list',
    );
    return 2;
  }
  const config = loadConfig();
  // PGlite is one process at a time: a running server holds the lock and this says so.
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const { db } = await openDatabase(config);
  try {
    if (command === 'init') await init(db, config, args);
    else if (command === 'keys') await keys(db, args);
    else await origins(db, args);
    return 0;
  } finally {
    await db.close();
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError || error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
