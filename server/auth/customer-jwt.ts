/**
 * Verification of the customer-signed JWT behind POST /auth/exchange. The installation is found
 * by the token's audience; the signature is checked with that installation's public key and its
 * one algorithm (never HMAC or `none`); then issuer, expiry, subject and markupId. The time claims
 * are held to our clock (jwt-time.ts): a customer's token lives at most a day from when it is used.
 */
import { decodeJwt, importJWK, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/db.ts';
import { unauthorized } from '../domain/errors.ts';
import { describeJwtError } from './jwt-errors.ts';
import { CLOCK_TOLERANCE_S, timeClaimProblem } from './jwt-time.ts';

export const MAX_CUSTOMER_JWT_LIFETIME_S = 24 * 3600;

export interface InstallationRow {
  id: string;
  workspace_id: string;
  public_key: string;
  allowed_origins: string[];
  expected_aud: string;
  expected_iss: string;
  jwt_alg: 'RS256' | 'ES256' | 'EdDSA';
  public_jwk: JWK;
}

export const INSTALLATION_COLUMNS = 'id, workspace_id, public_key, allowed_origins, expected_aud, expected_iss, jwt_alg, public_jwk';

export interface CustomerClaims {
  sub: string;
  markupId: string;
  name?: string;
  email?: string;
}

const fail = (check: string) => unauthorized(`Customer token refused: ${check}`);

function stringClaim(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

export async function verifyCustomerJwt(
  db: Db,
  token: string,
  nowMs: number,
): Promise<{ installation: InstallationRow; claims: CustomerClaims }> {
  let audiences: string[];
  try {
    const payload = decodeJwt(token);
    audiences = typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
  } catch {
    throw fail('format: the token is not a JWT');
  }
  if (audiences.length === 0) throw fail('audience: the token has no aud claim');
  const [installation] = await db.query<InstallationRow>(
    `SELECT ${INSTALLATION_COLUMNS} FROM installations WHERE expected_aud = ANY($1::text[]) LIMIT 1`,
    [audiences],
  );
  if (!installation) throw fail(`audience: no installation expects the audience ${audiences.map((a) => `"${a}"`).join(', ')}`);

  const expected = { audience: installation.expected_aud, issuer: installation.expected_iss };
  let payload;
  try {
    const key = await importJWK(installation.public_jwk, installation.jwt_alg);
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [installation.jwt_alg],
      audience: installation.expected_aud,
      issuer: installation.expected_iss,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    throw fail(describeJwtError(error, expected));
  }
  const timeProblem = timeClaimProblem(payload, nowMs, MAX_CUSTOMER_JWT_LIFETIME_S);
  if (timeProblem) throw fail(timeProblem);
  const sub = stringClaim(payload.sub, 200);
  if (!sub) throw fail('claim sub: the customer user id (sub) is missing');
  const markupId = stringClaim(payload.markupId, 100);
  if (!markupId) throw fail('claim markupId: the markupId claim is missing');
  const claims: CustomerClaims = { sub, markupId };
  const name = stringClaim(payload.name, 100);
  const email = stringClaim(payload.email, 320);
  if (name) claims.name = name;
  if (email) claims.email = email;
  return { installation, claims };
}
