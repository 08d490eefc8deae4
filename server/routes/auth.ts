/**
 * §4.1 authentication endpoints: installation configuration, the customer-JWT exchange, the SDK
 * (identity-provider) exchange and the one-time read of the SDK sign-in result. None of them take
 * an API key or exchange token as their credential.
 */
import { Hono, type Context } from 'hono';
import type { AuthConfigResponse, SdkExchangeResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { queryOne } from '../db/db.ts';
import { forbidden, notFound, unauthorized } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import { EXCHANGES_PER_MINUTE } from '../http/rate-limit-rules.ts';
import { isUuid } from '../domain/ids.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { INSTALLATION_COLUMNS, verifyCustomerJwt, type InstallationRow } from '../auth/customer-jwt.ts';
import { consumeSdkSession, mintExchangeToken, storeSdkSession } from '../auth/exchange.ts';
import type { IdpVerifier } from '../auth/idp-token.ts';
import { readBearer } from '../auth/tokens.ts';
import { findMarkup } from '../model/markups.ts';
import { upsertExternalUser, upsertIdpUser } from '../model/users.ts';
import { authConfigQuerySchema, exchangeSchema, sdkExchangeResultQuerySchema, sdkExchangeSchema } from '../schemas/auth.ts';

/** `scheme://host:port` of a URL-ish string, or undefined. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

async function installationByPublicKey(deps: AppDeps, publicKey: string): Promise<InstallationRow> {
  const installation = await queryOne<InstallationRow>(deps.db, `SELECT ${INSTALLATION_COLUMNS} FROM installations WHERE public_key = $1`, [
    publicKey,
  ]);
  if (!installation) throw notFound('Installation (publicKey)');
  return installation;
}

async function markupOfWorkspace(deps: AppDeps, markupId: string, workspaceId: string) {
  const markup = isUuid(markupId) ? await findMarkup(deps.db, markupId.toLowerCase()) : undefined;
  if (!markup || markup.workspace_id !== workspaceId) return undefined;
  return markup;
}

/** Whether the installation lets a widget on `origin` sign reviewers in. */
function isAllowedOrigin(installation: InstallationRow, origin: string): boolean {
  const wanted = originOf(origin);
  return wanted !== undefined && installation.allowed_origins.map(originOf).includes(wanted);
}

/** The sign-in popup runs on this server; the widget on the customer's origin. */
function isOwnOrigin(c: Context, deps: AppDeps, origin: string): boolean {
  return origin === originOf(deps.config.publicUrl) || origin === new URL(c.req.url).origin;
}

export function authRoutes(deps: AppDeps, verifyIdpToken: IdpVerifier): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Responses carry live credentials: never cache them anywhere.
  routes.use('/auth/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  routes.get('/auth/config', async (c) => {
    const { publicKey, origin } = readQuery(c, authConfigQuerySchema);
    const installation = await installationByPublicKey(deps, publicKey);
    const config: AuthConfigResponse = {
      installationId: installation.id,
      expectedAud: installation.expected_aud,
      expectedIss: installation.expected_iss,
      signingAlgorithms: [installation.jwt_alg],
    };
    // Advertised only where enforced; the number is the limit rate-limit-rules.ts enforces.
    if (deps.config.rateLimits.enabled) config.rateLimits = { exchangePerMinute: EXCHANGES_PER_MINUTE };
    // The same rule the SDK exchange applies, asked before anyone fills in a sign-in form.
    if (origin !== undefined) config.originAllowed = isAllowedOrigin(installation, origin);
    // Issue 18: the widget's sign-in panel offers "Report as a guest" (routes/guests.ts).
    const guests = await queryOne(deps.db, 'SELECT 1 FROM installations WHERE id = $1 AND guest_reporting', [installation.id]);
    if (guests) config.guests = { enabled: true };
    return ok(c, config);
  });

  routes.post('/auth/exchange', async (c) => {
    const { token } = await readJson(c, exchangeSchema);
    const now = deps.clock.now();
    const { installation, claims } = await verifyCustomerJwt(deps.db, token, now);
    const markup = await markupOfWorkspace(deps, claims.markupId, installation.workspace_id);
    if (!markup) throw unauthorized("Customer token refused: claim markupId: no such markup in this installation's workspace");
    const response = await deps.db.transaction(async (tx) => {
      const userId = await upsertExternalUser(
        tx,
        installation.workspace_id,
        claims.sub,
        { name: claims.name ?? claims.email ?? claims.sub, email: claims.email },
        now,
      );
      return mintExchangeToken(tx, {
        workspaceId: installation.workspace_id,
        userId,
        markup,
        installationId: installation.id,
        source: 'customer_jwt',
        now,
      });
    });
    return ok(c, response);
  });

  routes.post('/auth/sdk-exchange', async (c) => {
    const token = readBearer(c.req.header('authorization'));
    if (!token) throw unauthorized('Missing credentials: send Authorization: Bearer <identity-provider access token>');
    const identity = await verifyIdpToken(token);
    const body = await readJson(c, sdkExchangeSchema);
    const installation = await installationByPublicKey(deps, body.publicKey);
    const markup = await markupOfWorkspace(deps, body.markupId, installation.workspace_id);
    if (!markup) throw notFound('Markup');
    const sdkOrigin = originOf(body.sdkOrigin);
    if (!sdkOrigin || !isAllowedOrigin(installation, sdkOrigin)) {
      throw forbidden(
        `sdkOrigin ${body.sdkOrigin} is not an allowed origin of this installation: its owner adds it with npm run admin -- origins add (or ALLOWED_ORIGINS for the demo)`,
      );
    }
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && requestOrigin !== sdkOrigin && !isOwnOrigin(c, deps, requestOrigin)) {
      throw forbidden(`The request comes from ${requestOrigin}, which is neither sdkOrigin nor this server`);
    }
    const now = deps.clock.now();
    const response = await deps.db.transaction(async (tx) => {
      const userId = await upsertIdpUser(tx, installation.workspace_id, identity.issuer, identity.subject, identity, now);
      const minted = await mintExchangeToken(tx, {
        workspaceId: installation.workspace_id,
        userId,
        markup,
        installationId: installation.id,
        source: 'sdk',
        now,
      });
      const result: SdkExchangeResponse = { ...minted, validatedSdkOrigin: sdkOrigin, name: identity.name };
      if (body.state) {
        await storeSdkSession(tx, {
          state: body.state,
          installationId: installation.id,
          publicKey: installation.public_key,
          markupId: markup.id,
          sdkOrigin,
          userId,
          response: result,
          now,
        });
      }
      return result;
    });
    return ok(c, response);
  });

  routes.get('/auth/sdk-exchange/result', async (c) => {
    const query = readQuery(c, sdkExchangeResultQuerySchema);
    const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
    const response = await consumeSdkSession(deps.db, { ...query, origin, now: deps.clock.now() });
    return ok(c, response);
  });

  return routes;
}
