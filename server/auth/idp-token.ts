/**
 * Verification of identity-provider access tokens for POST /auth/sdk-exchange: the built-in
 * development IdP and, optionally, one configured OIDC issuer. Only *access* tokens are accepted
 * (typ at+jwt or token_use=access); ID tokens, API keys and exchange tokens are refused, so no
 * credential of ours can renew itself. `iat` and `nbf` may be ahead of our clock by the tolerance at
 * most (jwt-time.ts); how long an access token lives is the identity provider's policy, and the
 * exchange token minted from it has its own fixed lifetime.
 */
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../domain/config.ts';
import type { Clock } from '../domain/clock.ts';
import { unauthorized } from '../domain/errors.ts';
import { DEV_IDP_AUDIENCE, devIdpIssuer, type DevIdpKey } from './dev-idp-keys.ts';
import { describeJwtError } from './jwt-errors.ts';
import { CLOCK_TOLERANCE_S, timeClaimProblem } from './jwt-time.ts';
import { bearerKind } from './tokens.ts';

export interface IdpIdentity {
  issuer: string;
  subject: string;
  name: string;
  email?: string;
  emailVerified: boolean;
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const fail = (check: string) => unauthorized(`Identity-provider token refused: ${check}`);

function isAccessToken(header: { typ?: string | undefined }, payload: JWTPayload): boolean {
  const typ = header.typ?.toLowerCase();
  return typ === 'at+jwt' || typ === 'application/at+jwt' || payload.token_use === 'access';
}

function identityFrom(issuer: string, payload: JWTPayload, emailVerified: boolean): IdpIdentity {
  if (typeof payload.sub !== 'string' || payload.sub === '') throw fail('claim sub: the subject is missing');
  const email = typeof payload.email === 'string' && payload.email !== '' ? payload.email : undefined;
  const rawName = [payload.name, payload.preferred_username, email].find((v) => typeof v === 'string' && v.trim() !== '');
  const identity: IdpIdentity = {
    issuer,
    subject: payload.sub,
    name: typeof rawName === 'string' ? rawName.trim().slice(0, 100) : 'Reviewer',
    emailVerified,
  };
  if (email) identity.email = email;
  return identity;
}

export function createIdpVerifier(config: AppConfig, clock: Clock, devKey: () => Promise<DevIdpKey>) {
  const devIssuer = devIdpIssuer(config.publicUrl);
  let oidcKeys: Promise<JWTVerifyGetKey> | undefined;

  async function oidcKeySet(): Promise<JWTVerifyGetKey> {
    const oidc = config.oidc!;
    if (oidc.jwksUrl) return createRemoteJWKSet(new URL(oidc.jwksUrl));
    const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`OIDC discovery failed with status ${response.status}`);
    const discovery = (await response.json()) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new Error('OIDC discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  }

  function checkTimes(payload: JWTPayload): void {
    const problem = timeClaimProblem(payload, clock.now());
    if (problem) throw fail(problem);
  }

  return async function verifyAccessToken(token: string): Promise<IdpIdentity> {
    const kind = bearerKind(token);
    if (kind === 'exchange_token')
      throw unauthorized('An exchange token cannot be used to mint another; sign in with the identity provider');
    if (kind === 'member_session')
      throw unauthorized('A member session cannot be used to mint another; sign in with the identity provider');
    if (kind === 'api_key') throw unauthorized('An API key cannot be used here; send an identity-provider access token');
    let header: { typ?: string | undefined };
    let unverified: JWTPayload;
    try {
      header = decodeProtectedHeader(token);
      unverified = decodeJwt(token);
    } catch {
      throw fail('format: not a JWT access token');
    }
    const currentDate = new Date(clock.now());
    if (config.devIdp && unverified.iss === devIssuer) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, (await devKey()).publicKey, {
          algorithms: ['ES256'],
          issuer: devIssuer,
          audience: DEV_IDP_AUDIENCE,
          currentDate,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        throw fail(describeJwtError(error, { issuer: devIssuer, audience: DEV_IDP_AUDIENCE }));
      }
      checkTimes(payload);
      if (!isAccessToken(header, payload)) throw fail('type: an access token is required (ID tokens are refused)');
      return identityFrom(devIssuer, payload, false);
    }
    if (config.oidc && unverified.iss === config.oidc.issuer) {
      const oidc = config.oidc;
      let payload: JWTPayload;
      try {
        oidcKeys ??= oidcKeySet().catch((error: unknown) => {
          oidcKeys = undefined;
          throw error;
        });
        const keys = await oidcKeys;
        ({ payload } = await jwtVerify(token, keys, {
          algorithms: ASYMMETRIC,
          issuer: oidc.issuer,
          ...(oidc.audience ? { audience: oidc.audience } : {}),
          currentDate,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        throw fail(describeJwtError(error, { issuer: oidc.issuer, ...(oidc.audience ? { audience: oidc.audience } : {}) }));
      }
      checkTimes(payload);
      if (!isAccessToken(header, payload)) throw fail('type: an access token is required (ID tokens are refused)');
      return identityFrom(oidc.issuer, payload, payload.email_verified === true);
    }
    throw fail(`issuer: tokens from "${String(unverified.iss ?? '(none)')}" are not trusted by this server`);
  };
}

export type IdpVerifier = ReturnType<typeof createIdpVerifier>;
