/**
 * Who the reviewer is, and keeping their exchange token alive.
 *
 * Three ways to get an exchange token:
 *  1. popup — the reviewer signs in on the service's page (see popup-sign-in.ts);
 *  2. `getCustomerToken()` — the host signs a JWT for its own user → POST /auth/exchange;
 *  3. `getIdentityToken()` — the host hands us an identity-provider access token → POST /auth/sdk-exchange.
 * (2) and (3) are silent: done at start (or when the host calls `identify()`, see host-token.ts)
 * and renewed ~60 s before `expiresAt`. A popup session
 * cannot be renewed without the reviewer, so at expiry we sign out and the UI asks again.
 *
 * The token lives in memory and is mirrored in sessionStorage under
 * `pinmark:session:<publicKey>:<markupId>` ({exchangeToken, expiresAt, userId, name}) so a reload in
 * the same tab stays signed in; expired entries are discarded (see session-storage.ts).
 */
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { PinmarkOptions } from '../types';
import type { ListenerCollection } from '../util/listener-collection';
import { exchangeHostToken, toSession, type HostTokenSource } from './host-token';
import { startPopupSignIn, type PopupSignInOptions } from './popup-sign-in';
import {
  clearStoredSession,
  expiresAtMs,
  readStoredSession,
  sessionStorageKey,
  writeStoredSession,
  type StoredSession,
} from './session-storage';

export type { HostTokenSource };

export type SignInMethod = 'popup' | 'customer-token' | 'identity-token' | 'guest';

export type AuthState =
  | { status: 'signed-out'; expired?: boolean }
  | { status: 'signing-in'; method: SignInMethod }
  | { status: 'signed-in'; session: StoredSession; method: SignInMethod };

/** The host's sign-in options (src/types.ts, not declared again) and what auth is built with. */
export interface AuthOptions extends Pick<
  PinmarkOptions,
  'apiBase' | 'publicKey' | 'markupId' | 'signInUrl' | 'getCustomerToken' | 'getIdentityToken'
> {
  /** A client without a session: the exchanges send their own bearer. */
  api: ApiClient;
  owner: ListenerCollection;
  onChange: (state: AuthState) => void;
  /** Test seams. */
  openWindow?: PopupSignInOptions['openWindow'];
  pollIntervalMs?: number;
}

/** Renew silent sessions this long before they expire. */
export const RENEW_BEFORE_MS = 60_000;
const RETRY_RENEW_MS = 15_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(options: AuthOptions) {
  const key = sessionStorageKey(options.publicKey, options.markupId);
  /** Where silent sign-ins get the host's token: the options, or what the host passed to `identify()` since. */
  const configured: HostTokenSource | null = options.getCustomerToken
    ? { method: 'customer-token', get: options.getCustomerToken }
    : options.getIdentityToken
      ? { method: 'identity-token', get: options.getIdentityToken }
      : null;
  let source = configured;
  /** Bumped by identify() and signOut(): a silent sign-in started before must not change the session. */
  let epoch = 0;
  let state: AuthState = { status: 'signed-out' };
  let clearExpiryTimer: () => void = () => {};
  let silentInFlight: Promise<boolean> | null = null;
  let cancelPopup: (() => void) | null = null;

  function setState(next: AuthState) {
    state = next;
    options.onChange(next);
  }

  function signedIn(session: StoredSession, method: SignInMethod) {
    writeStoredSession(key, session);
    setState({ status: 'signed-in', session, method });
    scheduleExpiry(session, method);
  }

  function scheduleExpiry(session: StoredSession, method: SignInMethod) {
    clearExpiryTimer();
    const left = expiresAtMs(session) - Date.now();
    // Neither a popup's nor a guest's session renews without the person: it ends at expiry.
    if (method === 'popup' || method === 'guest') {
      clearExpiryTimer = options.owner.setTimeout(() => expire(), clamp(left));
    } else {
      clearExpiryTimer = options.owner.setTimeout(() => void renewSilently(), clamp(left - RENEW_BEFORE_MS));
    }
  }

  function expire() {
    clearExpiryTimer();
    clearStoredSession(key);
    setState({ status: 'signed-out', expired: true });
  }

  async function renewSilently(): Promise<void> {
    try {
      await signInSilently();
    } catch {
      // Still signed in means the old token is valid a little longer: a network blip should not
      // sign anyone out, so try again shortly. Otherwise signInSilently already signed out.
      if (state.status === 'signed-in') {
        clearExpiryTimer = options.owner.setTimeout(() => void renewSilently(), RETRY_RENEW_MS);
      }
    }
  }

  /** Exchanges the host's token; rejects with the reason when that fails (and signs out if the old token is gone). */
  function signInSilently(): Promise<boolean> {
    const from = source;
    if (!from) return Promise.resolve(false);
    if (silentInFlight) return silentInFlight;
    const wasSignedIn = state.status === 'signed-in' ? state : null;
    if (!wasSignedIn) setState({ status: 'signing-in', method: from.method });
    const started = epoch;
    const flight: Promise<boolean> = (async () => {
      try {
        const session = await exchangeHostToken(from, options);
        if (options.owner.isDestroyed) return false;
        // identify() or signOut() came meanwhile: what they started decides, not this one.
        if (epoch !== started) return superseded();
        signedIn(session, from.method);
        return true;
      } catch (error) {
        if (options.owner.isDestroyed) return false;
        if (epoch !== started) return superseded();
        if (!wasSignedIn || expiresAtMs(wasSignedIn.session) <= Date.now()) {
          clearStoredSession(key);
          setState({ status: 'signed-out', expired: !!wasSignedIn });
        }
        throw error;
      }
    })().finally(() => {
      if (silentInFlight === flight) silentInFlight = null;
    });
    silentInFlight = flight;
    return flight;
  }

  /** The outcome of the sign-in that replaced a superseded one (its failure is reported by its own caller). */
  function superseded(): Promise<boolean> {
    return (silentInFlight ?? Promise.resolve(state.status === 'signed-in')).catch(() => false);
  }

  return {
    get state(): AuthState {
      return state;
    },
    get canRenewSilently(): boolean {
      return source !== null;
    },
    token(): string | null {
      return state.status === 'signed-in' ? state.session.exchangeToken : null;
    },

    /** Signs in from this tab's stored session, if one is still valid. */
    restore(): boolean {
      const minValidity = source ? RENEW_BEFORE_MS : 0;
      const session = readStoredSession(key, Date.now(), minValidity);
      if (!session) return false;
      const method = source?.method ?? 'popup';
      setState({ status: 'signed-in', session, method });
      scheduleExpiry(session, method);
      return true;
    },

    /** Silent sign-in with the host's token; rejects with the reason when it fails. */
    signInSilently,

    /**
     * The host names the reviewer after start (`Pinmark.identify`): from now on silent sign-ins and
     * renewals use this token source. Signs in at once, replacing any session (another user's
     * included); rejects with the reason, and then nobody stays signed in — the widget must never
     * keep the previous user once the host said who it is now.
     */
    async identify(next: HostTokenSource): Promise<void> {
      cancelPopupFlow();
      source = next;
      silentInFlight = null;
      const mine = ++epoch;
      try {
        if ((await signInSilently()) && epoch === mine) return;
      } catch (error) {
        if (epoch === mine && !options.owner.isDestroyed && state.status !== 'signed-out') endSession();
        throw error;
      }
      throw new ApiError(0, 'cancelled', 'A later identify(), signOut() or destroy() replaced this sign-in.');
    },

    /**
     * Starts the popup flow; call it synchronously from the click. Returns 'blocked' when the
     * browser refused the popup, otherwise a promise of the outcome (rejects with the reason).
     */
    signInWithPopup(): 'blocked' | Promise<void> {
      cancelPopup?.();
      const flow = startPopupSignIn({
        api: options.api,
        apiBase: options.apiBase,
        publicKey: options.publicKey,
        markupId: options.markupId,
        signInUrl: options.signInUrl,
        owner: options.owner,
        openWindow: options.openWindow,
        pollIntervalMs: options.pollIntervalMs,
      });
      if (flow.status === 'blocked') return 'blocked';
      const previous = state;
      const cancel = flow.cancel;
      cancelPopup = cancel;
      setState({ status: 'signing-in', method: 'popup' });
      // Only the current popup may change the state: one cancelled by signOut()/identify() must not
      // restore the session that replaced it.
      return flow.result.then(
        (result) => {
          if (cancelPopup !== cancel) return;
          cancelPopup = null;
          signedIn(toSession(result, result.name), 'popup');
        },
        (error: unknown) => {
          if (cancelPopup === cancel) {
            cancelPopup = null;
            if (!options.owner.isDestroyed) setState(previous.status === 'signed-in' ? previous : { status: 'signed-out' });
          }
          throw error;
        },
      );
    },

    cancelSignIn(): void {
      cancelPopup?.();
    },

    /** A guest's session (guest-sign-in.ts), replacing any popup flow under way. */
    signedInAsGuest(session: StoredSession): void {
      cancelPopupFlow();
      signedIn(session, 'guest');
    },

    /**
     * Called when the server refused our token (401). Silent sessions are renewed (true = retry
     * the request); popup sessions end and the reviewer is asked to sign in again.
     */
    async handleUnauthorized(): Promise<boolean> {
      if (source) {
        clearStoredSession(key);
        if (state.status === 'signed-in') setState({ status: 'signing-in', method: source.method });
        try {
          return await signInSilently();
        } catch {
          return false;
        }
      }
      expire();
      return false;
    },

    /** Ends the session (storage included); a token source from identify() is forgotten, the options' stays. */
    signOut(): void {
      cancelPopupFlow();
      source = configured;
      silentInFlight = null;
      epoch++;
      endSession();
    },
  };

  function endSession() {
    clearExpiryTimer();
    clearStoredSession(key);
    setState({ status: 'signed-out' });
  }

  function cancelPopupFlow() {
    const cancel = cancelPopup;
    cancelPopup = null;
    cancel?.();
  }
}

function clamp(ms: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}
