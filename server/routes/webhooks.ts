/**
 * §4.10 webhook registrations: create, read, list, update, rotate the signing key, delete. Admin
 * endpoints (§5 rule 1): API keys only — a workspace key for its own workspace, an organization key
 * for its organization's workspaces; exchange tokens get 403. Registrations and workspaces outside
 * the key's reach are answered 404, as everywhere else. A receiver URL must reach a public address
 * (server/net/): its host, or every address its name resolves to, is checked here, and again by
 * the delivery worker before every attempt.
 */
import { Hono } from 'hono';
import type { ListWebhookRegistrationsResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { queryOne, type Db } from '../db/db.ts';
import { ApiError, notFound, validationFailed } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { isUuid } from '../domain/ids.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import type { ApiKeyCaller } from '../domain/viewer.ts';
import { apiKeyReaches, requireApiKey } from '../domain/permissions.ts';
import { callerOf } from '../http/caller.ts';
import {
  deleteRegistration,
  findRegistration,
  insertRegistration,
  listRegistrations,
  MAX_REGISTRATIONS_PER_WORKSPACE,
  rotateSigningKey,
  toRegistrationResponse,
  updateRegistration,
  type RegistrationRow,
} from '../events/registrations.ts';
import {
  createWebhookRegistrationSchema,
  listWebhookRegistrationsQuerySchema,
  updateWebhookRegistrationSchema,
} from '../schemas/webhooks.ts';
import { checkTarget, PUBLIC_ONLY, targetPolicy, type TargetPolicy } from '../net/target-check.ts';

/** The live workspace `id`, if this key reaches it; 404 otherwise (malformed ids included). */
async function workspaceForKey(db: Db, caller: ApiKeyCaller, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound('Workspace');
  const row = await queryOne<{ id: string; organization_id: string }>(
    db,
    'SELECT id, organization_id FROM workspaces WHERE id = $1 AND deleted_at IS NULL',
    [id.toLowerCase()],
  );
  if (!row || !apiKeyReaches(caller, { workspace_id: row.id, organization_id: row.organization_id })) throw notFound('Workspace');
  return row.id;
}

async function registrationForKey(db: Db, caller: ApiKeyCaller, id: string): Promise<RegistrationRow> {
  const row = await findRegistration(db, id);
  if (!row || !apiKeyReaches(caller, row)) throw notFound('Webhook registration');
  return row;
}

/**
 * 422 on `url` when its target is refused. A name that does not resolve now is accepted (the
 * receiver may not be in DNS yet; each delivery checks again). The message gives the kind of
 * address a name resolves to, never the address: API keys must not map the internal network.
 */
async function assertPublicTarget(policy: TargetPolicy, url: string): Promise<void> {
  const target = await checkTarget(new URL(url), policy, { resolveAllowedNames: false });
  if (target.outcome !== 'refused') return;
  const message = `${target.publicReason}; ${PUBLIC_ONLY}`;
  throw validationFailed(`url: ${message}`, [{ path: 'url', message }]);
}

async function reload(db: Db, id: string): Promise<RegistrationRow> {
  const row = await findRegistration(db, id);
  if (!row) throw notFound('Webhook registration');
  return row;
}

export function webhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const targets = targetPolicy(deps.config.webhooks, deps.lookup);

  routes.post('/webhook-registrations', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const input = await readJson(c, createWebhookRegistrationSchema);
    const workspaceId = await workspaceForKey(db, caller, input.workspaceId);
    await assertPublicTarget(targets, input.url);
    const id = await db.transaction((tx) => insertRegistration(tx, workspaceId, input, clock.now()));
    if (!id)
      throw new ApiError(
        409,
        'conflict',
        `This workspace already has ${MAX_REGISTRATIONS_PER_WORKSPACE} webhook registrations; delete one first`,
      );
    return ok(c, toRegistrationResponse(await reload(db, id)));
  });

  routes.get('/webhook-registrations', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const query = readQuery(c, listWebhookRegistrationsQuerySchema);
    const workspaceId = await workspaceForKey(db, caller, query.workspaceId);
    const body: ListWebhookRegistrationsResponse = { data: (await listRegistrations(db, workspaceId)).map(toRegistrationResponse) };
    return ok(c, body);
  });

  routes.get('/webhook-registrations/:id', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const row = await registrationForKey(db, caller, pathId(c, 'id', 'Webhook registration'));
    return ok(c, toRegistrationResponse(row));
  });

  routes.post('/webhook-registrations/:id', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const row = await registrationForKey(db, caller, pathId(c, 'id', 'Webhook registration'));
    const input = await readJson(c, updateWebhookRegistrationSchema);
    await assertPublicTarget(targets, input.url);
    await db.transaction((tx) => updateRegistration(tx, row.id, input, clock.now()));
    return ok(c, toRegistrationResponse(await reload(db, row.id)));
  });

  routes.post('/webhook-registrations/:id/refresh-signing-key', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const row = await registrationForKey(db, caller, pathId(c, 'id', 'Webhook registration'));
    await db.transaction((tx) => rotateSigningKey(tx, row.id, clock.now()));
    return ok(c, toRegistrationResponse(await reload(db, row.id)));
  });

  routes.delete('/webhook-registrations/:id', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const row = await registrationForKey(db, caller, pathId(c, 'id', 'Webhook registration'));
    await db.transaction((tx) => deleteRegistration(tx, row.id, clock.now()));
    return noContent(c);
  });

  return routes;
}
