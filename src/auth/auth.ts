/**
 * Who the reviewer is, and keeping their exchange token alive.
 *
 * Three ways to get an exchange token:
 *  1. popup — the reviewer signs in on the service's page (see popup-sign-in.ts);
 *  2. `getCustomerToken()` — the host signs a JWT for its own user → POST /auth/exchange;
 *  3. `getIdentityToken()` — the host hands us an identity-provider access token → POST /auth/sdk-exchange.
 * (2) and (3) are silent: done at start and renewed ~60 s before `expiresAt`. A popup session
 * cannot be renewed without the reviewer, so at expiry we sign out and the UI asks again.
 *
 * The token lives in memory and is mirrored in sessionStorage under
 * `pinmark:session:<publicKey>:<markupId>` ({exchangeToken, expiresAt, userId, name}) so a reload in
 * the same tab stays signed in; expired entries are discarded (see session-storage.ts).
 */
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { ExchangeTokenResponse, SdkExchangeResponse } from '../api/wire';
import type { ListenerCollection } from '../util/listener-collection';
import { jwtDisplayName } from './nonce';
import { startPopupSignIn, type PopupSignInOptions } from './popup-sign-in';
import {
  clearStoredSession,
  expiresAtMs,
  readStoredSession,
  sessionStorageKey,
  writeStoredSession,
  type StoredSession,
} from './session-storage';

export type SignInMethod = 'popup' | 'customer-token' | 'identity-token';

export type AuthState =
  | { status: 'signed-out'; expired?: boolean }
  | { status: 'signing-in'; method: SignInMethod }
  | { status: 'signed-in'; session: StoredSession; method: SignInMethod };

export interface AuthOptions {
  api: ApiClient;
  apiBase: string;
  publicKey: string;
  markupId: string;
  signInUrl?: string;
  getCustomerToken?: () => Promise<string>;
  getIdentityToken?: () => Promise<string>;
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
  const silentMethod: SignInMethod | null = options.getCustomerToken
    ? 'customer-token'
    : options.getIdentityToken
      ? 'identity-token'
      : null;
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
    if (method === 'popup') {
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
    if (!silentMethod) return Promise.resolve(false);
    if (silentInFlight) return silentInFlight;
    const wasSignedIn = state.status === 'signed-in' ? state : null;
    if (!wasSignedIn) setState({ status: 'signing-in', method: silentMethod });
    silentInFlight = (async () => {
      try {
        const session = silentMethod === 'customer-token' ? await exchangeCustomerToken() : await exchangeIdentityToken();
        if (options.owner.isDestroyed) return false;
        signedIn(session, silentMethod);
        return true;
      } catch (error) {
        if (options.owner.isDestroyed) return false;
        if (!wasSignedIn || expiresAtMs(wasSignedIn.session) <= Date.now()) {
          clearStoredSession(key);
          setState({ status: 'signed-out', expired: !!wasSignedIn });
        }
        throw error;
      } finally {
        silentInFlight = null;
      }
    })();
    return silentInFlight;
  }

  async function exchangeCustomerToken(): Promise<StoredSession> {
    const token = await hostToken(options.getCustomerToken, 'getCustomerToken');
    const result = await options.api.exchange(token);
    return toSession(result, jwtDisplayName(token));
  }

  async function exchangeIdentityToken(): Promise<StoredSession> {
    const token = await hostToken(options.getIdentityToken, 'getIdentityToken');
    const result = await options.api.sdkExchange(token, {
      publicKey: options.publicKey,
      markupId: options.markupId,
      sdkOrigin: window.location.origin,
    });
    return toSession(result, jwtDisplayName(token));
  }

  return {
    get state(): AuthState {
      return state;
    },
    get canRenewSilently(): boolean {
      return silentMethod !== null;
    },
    token(): string | null {
      return state.status === 'signed-in' ? state.session.exchangeToken : null;
    },

    /** Signs in from this tab's stored session, if one is still valid. */
    restore(): boolean {
      const minValidity = silentMethod ? RENEW_BEFORE_MS : 0;
      const session = readStoredSession(key, Date.now(), minValidity);
      if (!session) return false;
      setState({ status: 'signed-in', session, method: silentMethod ?? 'popup' });
      scheduleExpiry(session, silentMethod ?? 'popup');
      return true;
    },

    /** Silent sign-in with the host's token; rejects with the reason when it fails. */
    signInSilently,

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
      cancelPopup = flow.cancel;
      setState({ status: 'signing-in', method: 'popup' });
      return flow.result.then(
        (result) => {
          cancelPopup = null;
          signedIn(toSession(result, result.name), 'popup');
        },
        (error: unknown) => {
          cancelPopup = null;
          if (!options.owner.isDestroyed) setState(previous.status === 'signed-in' ? previous : { status: 'signed-out' });
          throw error;
        },
      );
    },

    cancelSignIn(): void {
      cancelPopup?.();
    },

    /**
     * Called when the server refused our token (401). Silent sessions are renewed (true = retry
     * the request); popup sessions end and the reviewer is asked to sign in again.
     */
    async handleUnauthorized(): Promise<boolean> {
      if (silentMethod) {
        clearStoredSession(key);
        if (state.status === 'signed-in') setState({ status: 'signing-in', method: silentMethod });
        try {
          return await signInSilently();
        } catch {
          return false;
        }
      }
      expire();
      return false;
    },

    signOut(): void {
      clearExpiryTimer();
      cancelPopup?.();
      clearStoredSession(key);
      setState({ status: 'signed-out' });
    },
  };
}

function toSession(result: ExchangeTokenResponse | SdkExchangeResponse, fallbackName: string): StoredSession {
  if (!result || typeof result.exchangeToken !== 'string' || !result.exchangeToken) {
    throw new ApiError(200, 'invalid_response', 'The sign-in answer had no exchange token.');
  }
  const name = 'name' in result && typeof result.name === 'string' && result.name ? result.name : fallbackName;
  return {
    exchangeToken: result.exchangeToken,
    expiresAt: typeof result.expiresAt === 'string' ? result.expiresAt : new Date(Date.now() + 3_600_000).toISOString(),
    userId: typeof result.userId === 'string' ? result.userId : '',
    name,
  };
}

async function hostToken(get: (() => Promise<string>) | undefined, label: string): Promise<string> {
  const token = await get?.();
  if (typeof token !== 'string' || !token) throw new ApiError(0, 'bad_request', `${label}() did not return a token.`);
  return token;
}

function clamp(ms: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}
