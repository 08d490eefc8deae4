/**
 * Signing in as a guest (issue 18; docs/api-decisions.md, "Guest reporting"): the visitor gives a
 * name and an address, and the widget proves it is a browser with a person at it — a challenge from
 * the server, solved (guest-proof.ts) while the visitor fills in the form, sent back no sooner than
 * the server's minimum — then exchanges it for a guest's token. Prepared when the form opens, so a
 * visitor who types as fast as they can rarely waits.
 */
import type { ApiClient } from '../api/client';
import { toSession } from './host-token';
import { solveChallenge } from './guest-proof';
import { newBrowserKey, readGuestIdentity, writeGuestIdentity } from './guest-identity';
import type { StoredSession } from './session-storage';

export interface GuestProof {
  /** Resolves with the solved challenge (rejects with the reason it could not be had). */
  ready: Promise<{ challenge: string; nonce: string; submitAfter: number }>;
  cancel(): void;
}

type GuestApi = Pick<ApiClient, 'guestChallenge' | 'guestSignIn'>;

/** Asks for a challenge and starts solving it. */
export function prepareGuestProof(api: GuestApi, publicKey: string): GuestProof {
  const abort = new AbortController();
  const ready = (async () => {
    const received = Date.now();
    const { challenge, bits, minSubmitMs } = await api.guestChallenge(publicKey);
    // A little over the server's minimum: clocks are measured at both ends of the round trip.
    const submitAfter = received + minSubmitMs + 250;
    return { challenge, nonce: await solveChallenge(challenge, bits, abort.signal), submitAfter };
  })();
  // Observed here: the form may never be sent.
  ready.catch(() => undefined);
  return { ready, cancel: () => abort.abort() };
}

/** Sends the form with the solved challenge; remembers the guest in this browser on success. */
export async function signInAsGuest(
  api: GuestApi,
  proof: GuestProof,
  form: { publicKey: string; markupId: string; name: string; email: string },
): Promise<StoredSession> {
  const { challenge, nonce, submitAfter } = await proof.ready;
  const wait = submitAfter - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const browserKey = readGuestIdentity(form.publicKey)?.browserKey ?? newBrowserKey();
  const result = await api.guestSignIn({ ...form, browserKey, challenge, nonce });
  writeGuestIdentity(form.publicKey, { name: form.name, email: form.email, browserKey });
  return toSession(result, form.name);
}
