/**
 * Reporting as a guest (issue 18): when the installation allows it (its public config, read by the
 * origin check as the sign-in panel opens), the panel offers a name-and-address form. Opening the form
 * starts the challenge's proof (auth/guest-sign-in.ts) so it is ready when the visitor sends; sending
 * signs the guest in, and what follows is any sign-in's (afterSignIn: comment mode, the threads).
 */
import type { ApiClient } from '../../api/client';
import type { Auth } from '../../auth/auth';
import type { GuestProof } from '../../auth/guest-sign-in';
import { readGuestIdentity } from '../../auth/guest-identity';
import { lazyModule } from '../../util/lazy-module';
import type { Store, WidgetError } from '../model/store';

/** The proof of work and the sign-in: a chunk of its own, fetched when the guest form opens. */
const guestSignIn = lazyModule(() => import('../../auth/guest-sign-in'));

export interface GuestDeps {
  store: Store;
  /** The client without a session: the guest's calls carry no bearer. */
  api: Pick<ApiClient, 'guestChallenge' | 'guestSignIn'>;
  auth: Pick<Auth, 'signedInAsGuest'>;
  publicKey: string;
  markupId: string;
  report: (error: unknown, context: string) => WidgetError;
  afterSignIn(): Promise<void>;
  isDestroyed(): boolean;
}

export function createGuestActions({ store, api, auth, publicKey, markupId, report, afterSignIn, isDestroyed }: GuestDeps) {
  let proof: Promise<GuestProof> | null = null;
  const prepare = () => guestSignIn.load().then((m) => m.prepareGuestProof(api, publicKey));
  const patch = (change: Partial<Store['guests']['value']>) => (store.guests.value = { ...store.guests.peek(), ...change });

  return {
    /** The installation's public config told whether guests may report. */
    guestsAllowed(allowed: boolean): void {
      patch({ allowed });
    },

    /** What this browser remembers of its guest, to fill the form in. */
    rememberedGuest(): { name: string; email: string } | null {
      const known = readGuestIdentity(publicKey);
      return known && { name: known.name, email: known.email };
    },

    /** The form opened: start the proof now, while the visitor types. */
    prepareGuest(): void {
      proof ??= prepare();
      // A failed download is tried again when the visitor sends the form.
      proof.catch(() => (proof = null));
    },

    async reportAsGuest(name: string, email: string): Promise<void> {
      if (store.guests.peek().sending) return;
      patch({ sending: true, error: null });
      const using = proof ?? prepare();
      // A challenge is spent by one sign-in (or refused): the next attempt asks for a new one.
      proof = null;
      try {
        const { signInAsGuest } = await guestSignIn.load();
        const session = await signInAsGuest(api, await using, { publicKey, markupId, name: name.trim(), email: email.trim() });
        if (isDestroyed()) return;
        auth.signedInAsGuest(session);
        patch({ sending: false });
        await afterSignIn();
      } catch (error) {
        if (!isDestroyed()) patch({ sending: false, error: report(error, 'sign-in') });
      }
    },

    /** The panel closed: stop any proof under way. */
    dropGuestProof(): void {
      proof?.then((p) => p.cancel()).catch(() => undefined);
      proof = null;
    },
  };
}
