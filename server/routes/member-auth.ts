/**
 * The review app's sign-in (issue 16): `GET /auth/app-config` says how members sign in (development
 * sign-in, the OIDC provider's code flow), `POST /auth/member-session` trades an identity-provider
 * access token for a member session (server/auth/member-session.ts), and `DELETE` signs it out.
 * Answered only to this server's own pages: the app is served here, and no other site needs a
 * token that reaches a whole workspace.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { unauthorized } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { readJson } from '../http/validate.ts';
import { refuseOtherOrigins } from '../http/same-browser.ts';
import { devIdpIssuer } from '../auth/dev-idp-keys.ts';
import type { IdpVerifier } from '../auth/idp-token.ts';
import { appSignInConfig } from '../auth/app-sign-in.ts';
import { resolveMemberSession, revokeMemberSession, signInMember } from '../auth/member-session.ts';
import { bearerKind, readBearer, sha256Hex } from '../auth/tokens.ts';
import { findMarkup } from '../model/markups.ts';
import { memberSessionSchema } from '../schemas/auth.ts';

export function memberAuthRoutes(deps: AppDeps, verifyIdpToken: IdpVerifier): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** The demo's workspace (the one its seeded markup belongs to), or null outside the demo. */
  const demoWorkspaceId = async (): Promise<string | null> => {
    if (!deps.config.demo || !deps.demo) return null;
    return (await findMarkup(deps.db, deps.demo.markupId))?.workspace_id ?? null;
  };

  const appAuthConfig = appSignInConfig(deps.config, deps.clock);
  routes.get('/auth/app-config', async (c) => ok(c, await appAuthConfig()));

  routes.post('/auth/member-session', async (c) => {
    refuseOtherOrigins(c, deps.config.publicUrl, 'The review app sign-in');
    const token = readBearer(c.req.header('authorization'));
    if (!token) throw unauthorized('Missing credentials: send Authorization: Bearer <identity-provider access token>');
    const identity = await verifyIdpToken(token);
    const body = await readJson(c, memberSessionSchema);
    const session = await signInMember(deps.db, {
      identity,
      workspaceId: body.workspaceId,
      demoWorkspaceId: await demoWorkspaceId(),
      devIdentity: identity.issuer === devIdpIssuer(deps.config.publicUrl),
      now: deps.clock.now(),
    });
    return ok(c, session);
  });

  routes.delete('/auth/member-session', async (c) => {
    const token = readBearer(c.req.header('authorization'));
    if (!token || bearerKind(token) !== 'member_session')
      throw unauthorized('Send the member session to sign out: Authorization: Bearer pmm_…');
    const caller = await resolveMemberSession(deps, sha256Hex(token)).catch(() => null);
    if (caller) await revokeMemberSession(deps.db, caller.tokenId, deps.clock.now());
    return noContent(c);
  });

  return routes;
}
