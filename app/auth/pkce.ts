/**
 * The review app's sign-in with the workspace's OIDC provider (production; issue 16): the
 * authorization code flow with PKCE for a public client. `startOidcSignIn` sends the browser to the
 * provider with a fresh verifier and state kept in this tab; `finishOidcSignIn`, on the way back,
 * checks the state, trades the code for an access token at the token endpoint and cleans the
 * address. The access token then goes to `POST /auth/member-session` like the development sign-in's.
 */
import type { AppAuthConfigResponse } from '../../src/api/wire';

export { isOidcReturn } from './oidc-return';

export type OidcConfig = NonNullable<AppAuthConfigResponse['oidc']>;

const PENDING_KEY = 'pinmark-app:oidc-pending';

interface Pending {
  state: string;
  verifier: string;
  /** Where in the app the person was (path and query), restored after the round trip. */
  returnTo: string;
}

/** A sign-in that failed for a reason worth telling the person (the provider refused, the state was stale…). */
export class OidcSignInError extends Error {
  override name = 'OidcSignInError';
}

function randomBase64Url(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return base64Url(data);
}

function base64Url(data: Uint8Array): string {
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** The provider's address to send the browser to; the verifier and state stay in this tab. */
export async function oidcAuthorizationUrl(config: OidcConfig, returnTo: string, storage: Storage = sessionStorage): Promise<string> {
  const pending: Pending = { state: randomBase64Url(16), verifier: randomBase64Url(32), returnTo };
  storage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(config.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await codeChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (config.audience) url.searchParams.set('audience', config.audience);
  return url.href;
}

export async function startOidcSignIn(config: OidcConfig): Promise<void> {
  window.location.assign(await oidcAuthorizationUrl(config, window.location.pathname + window.location.search));
}

/**
 * On the way back: the access token, and where in the app to go. Throws OidcSignInError with words
 * for the person when the provider refused, the state does not match this tab's, or the token
 * endpoint answers no access token.
 */
export async function finishOidcSignIn(
  config: OidcConfig,
  location: { search: string },
  storage: Storage = sessionStorage,
  post: typeof fetch = (input, init) => fetch(input, init),
): Promise<{ accessToken: string; returnTo: string }> {
  const query = new URLSearchParams(location.search);
  const stored = storage.getItem(PENDING_KEY);
  storage.removeItem(PENDING_KEY);
  const pending = stored ? (JSON.parse(stored) as Pending) : null;
  if (!pending || pending.state !== query.get('state')) {
    throw new OidcSignInError('This sign-in was started in another tab or has expired. Please sign in again.');
  }
  const refused = query.get('error');
  if (refused) throw new OidcSignInError(`The identity provider refused the sign-in: ${query.get('error_description') || refused}`);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: query.get('code') ?? '',
    redirect_uri: config.redirectUri,
    client_id: config.clientId,
    code_verifier: pending.verifier,
  });
  let answer: { access_token?: unknown; error?: unknown; error_description?: unknown };
  try {
    const response = await post(config.tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    });
    answer = (await response.json()) as typeof answer;
  } catch {
    throw new OidcSignInError('The identity provider could not be reached to finish the sign-in. Please try again.');
  }
  if (typeof answer.access_token !== 'string' || !answer.access_token) {
    const why = typeof answer.error_description === 'string' ? answer.error_description : String(answer.error ?? 'no access token');
    throw new OidcSignInError(`The identity provider did not finish the sign-in: ${why}`);
  }
  return { accessToken: answer.access_token, returnTo: pending.returnTo.startsWith('/app') ? pending.returnTo : '/app/' };
}
