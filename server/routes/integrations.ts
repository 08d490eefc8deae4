/**
 * Integrations of a workspace (issue 18; docs/api-decisions.md, "Integrations"): list, create,
 * change and delete them, send a test, retry what gave up, and the public endpoint a tracker's
 * webhook posts to (`POST /integration-webhooks/:id`, verified by the service's signature, not by a
 * credential). Members see their workspace's integrations; owners and admins (and workspace API
 * keys) change them. Secrets go in and never come out: answers show them masked.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { ApiError, forbidden, notFound, validationFailed } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { pathId, readJson, zodDetails } from '../http/validate.ts';
import { callerOf } from '../http/caller.ts';
import { isoAt, type Db } from '../db/db.ts';
import { targetPolicy } from '../net/target-check.ts';
import { connectors } from '../integrations/connectors.ts';
import { integrationsKey, SECRET_KEY_VAR } from '../integrations/crypto.ts';
import { vettedSender } from '../integrations/http.ts';
import { sampleThread } from '../integrations/content.ts';
import { applyInbound } from '../integrations/inbound.ts';
import { parseJson } from '../integrations/signatures.ts';
import { createIntegrationSchema, DEFAULT_NAMES, kindInput, updateIntegrationSchema } from '../integrations/schemas.ts';
import {
  createIntegration,
  deleteIntegration,
  findIntegration,
  integrationById,
  openSecrets,
  summaries,
  updateIntegration,
  type IntegrationRow,
} from '../integrations/store.ts';
import type { IntegrationTestResult } from '../integrations/wire.ts';
import { isUuid } from '../domain/ids.ts';

/** The workspace a caller's integrations belong to; writes need an owner, an admin or a workspace API key. */
function workspaceOf(c: Context<AppEnv>, write: boolean): string {
  const caller = callerOf(c);
  if (caller.kind === 'exchange') throw forbidden('Integrations belong to workspace members and API keys, not to reviewers');
  if (caller.kind === 'api_key') {
    if (!caller.workspaceId) throw forbidden('Integrations belong to one workspace: use a workspace API key');
    return caller.workspaceId;
  }
  if (write && caller.role !== 'owner' && caller.role !== 'admin')
    throw forbidden('Only owners and admins of the workspace change its integrations');
  return caller.workspaceId;
}

export function integrationRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const send = vettedSender(targetPolicy(deps.config.webhooks, deps.lookup));
  let key: Promise<Buffer | null> | undefined;

  async function sealingKey(required: boolean): Promise<Buffer | null> {
    key ??= integrationsKey(db, { production: deps.config.production, now: clock.now() });
    const found = await key.catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    if (!found && required)
      throw new ApiError(409, 'conflict', `Integrations are off: this server has no ${SECRET_KEY_VAR} to seal their tokens with`);
    return found;
  }

  async function integrationOf(c: Context<AppEnv>, write: boolean): Promise<IntegrationRow> {
    const workspaceId = workspaceOf(c, write);
    const row = await findIntegration(db, workspaceId, pathId(c, 'id', 'Integration'));
    if (!row) throw notFound('Integration');
    return row;
  }

  const summaryOf = async (row: IntegrationRow) =>
    (await summaries(db, await sealingKey(false), row.workspace_id, deps.config.publicUrl, row.id))[0]!;

  routes.get('/integrations', async (c) => {
    const workspaceId = workspaceOf(c, false);
    return ok(c, { integrations: await summaries(db, await sealingKey(false), workspaceId, deps.config.publicUrl) });
  });

  routes.post('/integrations', async (c) => {
    const workspaceId = workspaceOf(c, true);
    const input = await readJson(c, createIntegrationSchema);
    const checked = kindInput(input.kind, input);
    if (!checked.ok) throw validationFailed(`${checked.issues[0]!.path}: ${checked.issues[0]!.message}`, checked.issues);
    const sealing = (await sealingKey(true))!;
    const row = await createIntegration(db, sealing, {
      workspaceId,
      kind: input.kind,
      name: input.name ?? DEFAULT_NAMES[input.kind],
      settings: checked.settings,
      secrets: checked.secrets,
      now: clock.now(),
    });
    return ok(c, await summaryOf(row), 201);
  });

  routes.get('/integrations/:id', async (c) => ok(c, await summaryOf(await integrationOf(c, false))));

  routes.patch('/integrations/:id', async (c) => {
    const row = await integrationOf(c, true);
    const input = await readJson(c, updateIntegrationSchema);
    const sealing = (await sealingKey(true))!;
    const connector = connectors[row.kind];
    const settings = input.settings ? connector.settingsSchema.safeParse(input.settings) : undefined;
    if (settings && !settings.success) throw validationFailed('settings: not valid for this kind', zodDetails(settings.error));
    let secrets: object | undefined;
    if (input.secrets) {
      const merged = connector.secretsSchema.safeParse({ ...openSecrets(sealing, row), ...input.secrets });
      if (!merged.success) throw validationFailed('secrets: not valid for this kind', zodDetails(merged.error));
      secrets = merged.data as object;
    }
    const updated = await updateIntegration(db, sealing, row, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(settings ? { settings: settings.data as object } : {}),
      ...(secrets ? { secrets } : {}),
      now: clock.now(),
    });
    return ok(c, await summaryOf(updated));
  });

  routes.delete('/integrations/:id', async (c) => {
    await deleteIntegration(db, await integrationOf(c, true), clock.now());
    return noContent(c);
  });

  routes.post('/integrations/:id/test', async (c) => {
    const row = await integrationOf(c, true);
    const connector = connectors[row.kind];
    const sealing = (await sealingKey(true))!;
    let result: IntegrationTestResult;
    try {
      const done = await connector.run({
        kind: 'test',
        settings: connector.settingsSchema.parse(row.settings),
        secrets: connector.secretsSchema.parse(openSecrets(sealing, row)),
        thread: sampleThread(deps.config.publicUrl),
        send,
      });
      result = { ok: true, message: done.outcome };
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    return ok(c, result);
  });

  // What gave up is tried again from now, on the same schedule.
  routes.post('/integrations/:id/retry', async (c) => {
    const row = await integrationOf(c, true);
    await retryFailed(db, row.id, clock.now());
    return ok(c, await summaryOf(row));
  });

  routes.post('/integration-webhooks/:id', async (c) => {
    const id = c.req.param('id');
    const row = isUuid(id) ? await integrationById(db, id.toLowerCase()) : undefined;
    const connector = row ? connectors[row.kind] : undefined;
    if (!row || !connector?.inbound) throw notFound('Integration');
    const sealing = await sealingKey(false);
    if (!sealing) throw new ApiError(409, 'conflict', `Integrations are off: this server has no ${SECRET_KEY_VAR}`);
    const rawBody = await c.req.text();
    if (parseJson(rawBody) === undefined) throw new ApiError(400, 'malformed_json', 'The webhook body is not JSON');
    const secrets = connector.secretsSchema.parse(openSecrets(sealing, row));
    const read = connector.inbound(
      { header: (name) => c.req.header(name), rawBody },
      secrets,
      connector.settingsSchema.parse(row.settings),
      clock.now(),
    );
    if (!read.verified) throw new ApiError(401, 'unauthorized', `Webhook refused: ${read.reason}`);
    const outcome = await applyInbound(db, row, read, clock.now());
    if (!outcome.applied && outcome.reason === 'replayed')
      throw new ApiError(409, 'conflict', `Delivery ${read.deliveryId} was already received: nothing changed`);
    return ok(c, outcome);
  });

  return routes;
}

async function retryFailed(db: Db, integrationId: string, now: number): Promise<void> {
  await db.query(
    `UPDATE integration_jobs SET status = 'pending', attempts = 0, next_attempt_at = $2::timestamptz, created_at = $2::timestamptz,
       finished_at = NULL, outcome = NULL WHERE integration_id = $1 AND status = 'failed'`,
    [integrationId, isoAt(now)],
  );
}
