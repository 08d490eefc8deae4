/**
 * Mirror of the signed-in session in `sessionStorage`, so a reload in the same tab stays signed in
 * without another popup. sessionStorage is per tab and per origin, and the exchange token is
 * short-lived and bound to one markup; expired entries are discarded on read. Storage can be
 * unavailable (sandboxed iframes, privacy modes), so every access is guarded: without it the
 * session simply lives in memory only.
 */
import { natives } from '../util/natives';

export interface StoredSession {
  exchangeToken: string;
  /** ISO 8601. */
  expiresAt: string;
  userId: string;
  name: string;
}

export function sessionStorageKey(publicKey: string, markupId: string): string {
  return `pinmark:session:${publicKey}:${markupId}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function expiresAtMs(session: Pick<StoredSession, 'expiresAt'>): number {
  const ms = Date.parse(session.expiresAt);
  return Number.isFinite(ms) ? ms : 0;
}

/** The stored session if present, well-formed and not expiring within `minValidityMs`. */
export function readStoredSession(key: string, now = Date.now(), minValidityMs = 0): StoredSession | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value: unknown = natives().parse(raw);
    if (!isStoredSession(value) || expiresAtMs(value) - now <= minValidityMs) {
      if (!isStoredSession(value) || expiresAtMs(value) <= now) clearStoredSession(key);
      return null;
    }
    return { exchangeToken: value.exchangeToken, expiresAt: value.expiresAt, userId: value.userId, name: value.name ?? '' };
  } catch {
    clearStoredSession(key);
    return null;
  }
}

export function writeStoredSession(key: string, session: StoredSession): void {
  try {
    const { exchangeToken, expiresAt, userId, name } = session;
    storage()?.setItem(key, natives().stringify({ exchangeToken, expiresAt, userId, name }));
  } catch {
    // Quota or privacy mode: the session still lives in memory.
  }
}

export function clearStoredSession(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function isStoredSession(value: unknown): value is Omit<StoredSession, 'name'> & { name?: string } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.exchangeToken === 'string' &&
    v.exchangeToken.length > 0 &&
    typeof v.expiresAt === 'string' &&
    typeof v.userId === 'string' &&
    (typeof v.name === 'string' || v.name === undefined)
  );
}
