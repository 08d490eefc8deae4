/**
 * What this browser remembers of its guest (issue 18): the name and address the visitor gave, so the
 * form is filled in next time, and the random browser key that makes them the same guest to the
 * server (the same key, the same threads). In localStorage per installation, guarded like the
 * session's storage: without storage the guest lives in memory for this page only.
 */
import { natives } from '../util/natives';

export interface GuestIdentity {
  name: string;
  email: string;
  browserKey: string;
}

const keyOf = (publicKey: string) => `pinmark:guest:${publicKey}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** 24 random bytes as base64url. */
export function newBrowserKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function readGuestIdentity(publicKey: string): GuestIdentity | null {
  try {
    const raw = storage()?.getItem(keyOf(publicKey));
    if (!raw) return null;
    const value = natives().parse(raw) as Partial<GuestIdentity> | null;
    if (!value || typeof value.name !== 'string' || typeof value.email !== 'string' || typeof value.browserKey !== 'string') return null;
    if (!/^[A-Za-z0-9_-]{22,128}$/.test(value.browserKey)) return null;
    return { name: value.name, email: value.email, browserKey: value.browserKey };
  } catch {
    return null;
  }
}

export function writeGuestIdentity(publicKey: string, identity: GuestIdentity): void {
  try {
    storage()?.setItem(keyOf(publicKey), natives().stringify(identity));
  } catch {
    // Quota or privacy mode: the guest is remembered for this page only.
  }
}
