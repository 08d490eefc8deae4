/**
 * Integration secrets (tokens, Slack webhook URLs, inbound signing secrets) are stored sealed with
 * AES-256-GCM: a fresh 96-bit nonce per seal, the integration's id as additional data (a sealed
 * value copied onto another row does not open), `v1.<nonce>.<ciphertext+tag>` in base64url.
 * The key: PINMARK_SECRET_KEY (32 bytes as 64 hex digits or base64, or any passphrase of 32+
 * characters, stretched with HKDF-SHA256); outside production without it, a key generated once
 * and kept in the database (`integration_state`), so the demo works out of the box. In production
 * without it integrations are off (integrationsKey answers null).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { isoAt, queryOne, type Db } from '../db/db.ts';

export const SECRET_KEY_VAR = 'PINMARK_SECRET_KEY';
const VERSION = 'v1';

/** The 32-byte key a PINMARK_SECRET_KEY value stands for; throws with a clear sentence when it is too weak. */
export function parseSecretKey(raw: string): Buffer {
  const value = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const decoded = /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, 'base64url') : undefined;
  if (decoded?.length === 32) return decoded;
  if (value.length < 32)
    throw new Error(`${SECRET_KEY_VAR} must be 32 random bytes (64 hex digits or base64) or a passphrase of at least 32 characters`);
  return Buffer.from(hkdfSync('sha256', value, 'pinmark', 'integration secrets', 32));
}

/**
 * The sealing key for this server: from the environment, else (not in production) the database's
 * generated one; null in production without PINMARK_SECRET_KEY.
 */
export async function integrationsKey(
  db: Db,
  options: { production: boolean; env?: NodeJS.ProcessEnv; now: number },
): Promise<Buffer | null> {
  const raw = (options.env ?? process.env)[SECRET_KEY_VAR];
  if (raw) return parseSecretKey(raw);
  if (options.production) return null;
  const row = await queryOne<{ demo_key: string }>(
    db,
    `INSERT INTO integration_state (singleton, demo_key, created_at) VALUES (true, $1, $2::timestamptz)
     ON CONFLICT (singleton) DO UPDATE SET singleton = true RETURNING demo_key`,
    [randomBytes(32).toString('base64url'), isoAt(options.now)],
  );
  return Buffer.from(row!.demo_key, 'base64url');
}

export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
}

/** The plaintext, or a thrown error when the value was altered, moved or sealed with another key. */
export function open(key: Buffer, sealed: string, boundTo: string): string {
  const [version, nonce, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !body) throw new Error('not a sealed integration secret');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the integration secret does not open with this server key (was PINMARK_SECRET_KEY changed?)');
  }
}

/** What an API answer shows of a secret: its last four characters at most. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`;
}
