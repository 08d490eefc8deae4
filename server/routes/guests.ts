/**
 * Guest reporting (issue 18; docs/api-decisions.md, "Guest reporting"). For the widget, with no
 * credential: `POST /auth/guest/challenge` hands out a signed challenge and `POST /auth/guest` turns
 * a solved one, a name and an e-mail address into a guest's exchange token (only on installations
 * that allow guests, from their allowed origins, within the rate limits and per-installation count,
 * never for a blocked address). For the team: `GET /guests/:userId`, and `POST`/`DELETE
 * /guests/:userId/block` to block or unblock the guest's address in the workspace.
 */
import { Hono, type Context } from 'hono';
import type { GuestChallengeResponse, GuestSignInResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { queryOne } from '../db/db.ts';
import { ApiError, forbidden, notFound } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { CHALLENGE_TTL_MS, GUEST_POW_BITS, makeChallenge, MIN_SUBMIT_MS, verifyChallenge } from '../domain/guest-challenge.ts';
import { requireWorkspaceManager, requireWorkspaceReader } from '../domain/permissions.ts';
import { ok } from '../http/envelope.ts';
import { callerOf } from '../http/caller.ts';
import { countHits } from '../http/rate-limit.ts';
import { GUEST_SIGN_INS_PER_INSTALLATION_HOUR } from '../http/rate-limit-rules.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { mintExchangeToken } from '../auth/exchange.ts';
import { findMarkup } from '../model/markups.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import {
  blockAddress,
  findGuest,
  guestBlockedError,
  guestChallengeSecret,
  isAddressBlocked,
  spendChallenge,
  unblockAddress,
  upsertGuest,
} from '../model/guests.ts';
import { guestChallengeSchema, guestSignInSchema } from '../schemas/guests.ts';
import { workspaceIdQuerySchema } from '../schemas/workspace-users.ts';
import { originOf } from './auth.ts';

interface GuestInstallationRow {
  id: string;
  workspace_id: string;
  allowed_origins: string[];
  guest_reporting: boolean;
}

/** The installation, if it lets guests report; 404 / 403 `guests_disabled` otherwise. */
async function guestInstallation(deps: AppDeps, publicKey: string): Promise<GuestInstallationRow> {
  const row = await queryOne<GuestInstallationRow>(
    deps.db,
    'SELECT id, workspace_id, allowed_origins, guest_reporting FROM installations WHERE public_key = $1',
    [publicKey],
  );
  if (!row) throw notFound('Installation (publicKey)');
  if (!row.guest_reporting)
    throw new ApiError(403, 'guests_disabled', 'This site does not take reports from guests; its team switches them on in the review app');
  return row;
}

/** A browser's request names its page's origin: it must be one the installation allows (scripts send none). */
function checkOrigin(c: Context, installation: GuestInstallationRow): void {
  const origin = c.req.header('origin');
  if (origin === undefined) return;
  const allowed = installation.allowed_origins.map(originOf);
  if (!allowed.includes(originOf(origin))) throw forbidden(`${origin} is not an allowed origin of this installation`);
}

export function guestRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  routes.use('/auth/guest/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  routes.post('/auth/guest/challenge', async (c) => {
    const { publicKey } = await readJson(c, guestChallengeSchema);
    const installation = await guestInstallation(deps, publicKey);
    checkOrigin(c, installation);
    const secret = await guestChallengeSecret(db);
    const body: GuestChallengeResponse = {
      challenge: makeChallenge(secret, installation.id, clock.now()),
      bits: GUEST_POW_BITS,
      minSubmitMs: MIN_SUBMIT_MS,
    };
    return ok(c, body);
  });

  routes.post('/auth/guest', async (c) => {
    const input = await readJson(c, guestSignInSchema);
    const installation = await guestInstallation(deps, input.publicKey);
    checkOrigin(c, installation);
    const now = clock.now();
    const verdict = verifyChallenge(await guestChallengeSecret(db), { ...input, installationId: installation.id, now });
    if (!verdict.ok) throw new ApiError(verdict.code === 'submitted_too_fast' ? 429 : 400, verdict.code, verdict.message);
    const markup = isUuid(input.markupId) ? await findMarkup(db, input.markupId.toLowerCase()) : undefined;
    if (!markup || markup.workspace_id !== installation.workspace_id) throw notFound('Markup');
    if (await isAddressBlocked(db, installation.workspace_id, input.email)) throw guestBlockedError();
    if (deps.config.rateLimits.enabled) {
      const hourStart = now - (now % 3_600_000);
      const hits = await countHits(db, [`guestSignIn:i:${installation.id}`], hourStart, hourStart + 3_600_000);
      if ([...hits.values()][0]! > GUEST_SIGN_INS_PER_INSTALLATION_HOUR)
        throw new ApiError(
          429,
          'rate_limited',
          `Too many guest sign-ins on this site this hour (at most ${GUEST_SIGN_INS_PER_INSTALLATION_HOUR}). Try again later.`,
        );
    }
    if (!(await spendChallenge(db, input.challenge, verdict.issuedAt + CHALLENGE_TTL_MS, now)))
      throw new ApiError(409, 'challenge_spent', 'This challenge was already used for a sign-in; ask for a new one');
    const response = await db.transaction(async (tx) => {
      const userId = await upsertGuest(tx, { ...input, workspaceId: installation.workspace_id, installationId: installation.id, now });
      const minted = await mintExchangeToken(tx, {
        workspaceId: installation.workspace_id,
        userId,
        markup,
        installationId: installation.id,
        source: 'guest',
        now,
      });
      const result: GuestSignInResponse = { ...minted, name: input.name };
      return result;
    });
    return ok(c, response);
  });

  routes.get('/guests/:userId', async (c) => {
    const caller = requireWorkspaceReader(callerOf(c));
    const userId = pathId(c, 'userId', 'Guest');
    const workspace = await workspaceForCaller(db, caller, readQuery(c, workspaceIdQuerySchema).workspaceId);
    const guest = await findGuest(db, workspace.id, userId);
    if (!guest) throw notFound('Guest');
    return ok(c, guest);
  });

  async function setBlocked(c: Context<AppEnv>, blocked: boolean) {
    const caller = requireWorkspaceManager(callerOf(c));
    const userId = pathId(c, 'userId', 'Guest');
    const workspace = await workspaceForCaller(db, caller, readQuery(c, workspaceIdQuerySchema).workspaceId);
    const guest = await findGuest(db, workspace.id, userId);
    if (!guest) throw notFound('Guest');
    if (blocked) {
      const by = caller.kind === 'member' ? caller.userId : null;
      await db.transaction((tx) => blockAddress(tx, workspace.id, guest.email, by, clock.now()));
    } else {
      await unblockAddress(db, workspace.id, guest.email);
    }
    return ok(c, { ...guest, blocked });
  }
  routes.post('/guests/:userId/block', (c) => setBlocked(c, true));
  routes.delete('/guests/:userId/block', (c) => setBlocked(c, false));

  return routes;
}
