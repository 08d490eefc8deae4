/**
 * The built-in development identity provider's signing key (ES256). Generated at first use and
 * kept in `server_keys`, so access tokens survive restarts and two processes on one database
 * agree on one key (the first insert wins). Kept with authentication, beside the verifier that
 * trusts it (idp-token.ts), rather than with the provider's pages in server/idp/.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import type { Clock } from '../domain/clock.ts';
import { browserBoundId } from './tokens.ts';

export const DEV_IDP_KEY_ID = 'dev-idp';
export const DEV_IDP_AUDIENCE = 'pinmark';
export const DEV_ACCESS_TOKEN_TTL_S = 600;

export interface DevIdpKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export function devIdpIssuer(publicUrl: string): string {
  return `${publicUrl}/idp`;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
}

async function loadOrCreate(db: Db, clock: Clock): Promise<DevIdpKey> {
  let row = await queryOne<KeyRow>(db, 'SELECT kid, private_jwk, public_jwk FROM server_keys WHERE id = $1', [DEV_IDP_KEY_ID]);
  if (!row) {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const privateJwk = await exportJWK(pair.privateKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db.query(
      `INSERT INTO server_keys (id, alg, kid, private_jwk, public_jwk, created_at)
       VALUES ($1, 'ES256', $2, $3::jsonb, $4::jsonb, $5::timestamptz) ON CONFLICT (id) DO NOTHING`,
      [DEV_IDP_KEY_ID, kid, json(privateJwk), json({ ...publicJwk, kid, alg: 'ES256', use: 'sig' }), isoAt(clock.now())],
    );
    row = await queryOne<KeyRow>(db, 'SELECT kid, private_jwk, public_jwk FROM server_keys WHERE id = $1', [DEV_IDP_KEY_ID]);
    if (!row) throw new Error('could not store the development IdP key');
  }
  return {
    kid: row.kid,
    privateKey: (await importJWK(row.private_jwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(row.public_jwk, 'ES256')) as CryptoKey,
    publicJwk: row.public_jwk,
  };
}

/** A lazily loaded, cached key; a failed load is retried on the next call. */
export function devIdpKeyStore(db: Db, clock: Clock): () => Promise<DevIdpKey> {
  let pending: Promise<DevIdpKey> | undefined;
  return () => {
    pending ??= loadOrCreate(db, clock).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * The subject for an address typed in one browser (`browserSecret`: its pinmark_dev_id cookie). The
 * same browser gets the same user on every sign-in; another browser typing the same address gets
 * another user, since nothing proves it owns the address. (Subjects before issue 13 were
 * `dev_` + sha256(address): those users stay, but no sign-in reaches them any more.)
 */
export function devSubjectFor(browserSecret: string, email: string): string {
  return 'dev_' + browserBoundId(browserSecret, `dev-sign-in:${email.trim().toLowerCase()}`);
}

export async function issueDevAccessToken(
  key: DevIdpKey,
  args: { issuer: string; name: string; email: string; browserSecret: string; nowMs: number },
): Promise<string> {
  const iat = Math.floor(args.nowMs / 1000);
  // email_verified false: nobody checked the address, so it must never count as its owner's.
  return new SignJWT({ name: args.name, email: args.email, email_verified: false, token_use: 'access', scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
    .setIssuer(args.issuer)
    .setAudience(DEV_IDP_AUDIENCE)
    .setSubject(devSubjectFor(args.browserSecret, args.email))
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEV_ACCESS_TOKEN_TTL_S)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
}
