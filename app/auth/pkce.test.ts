/**
 * The review app's OIDC sign-in (authorization code + PKCE): the address it sends the browser to,
 * the verifier's challenge, and the way back — state checked, code traded,
 * the provider's refusals in readable words.
 */
import { describe, expect, it } from 'vitest';
import { codeChallenge, finishOidcSignIn, isOidcReturn, oidcAuthorizationUrl, OidcSignInError, type OidcConfig } from './pkce';

const config: OidcConfig = {
  issuer: 'https://login.example',
  authorizationEndpoint: 'https://login.example/authorize?tenant=1',
  tokenEndpoint: 'https://login.example/token',
  clientId: 'pinmark-app',
  scope: 'openid profile email',
  audience: 'pinmark-api',
  redirectUri: 'https://feedback.example/app/',
};

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('OIDC sign-in with PKCE', () => {
  it('computes the S256 challenge: base64url of SHA-256, no padding (the value Node’s own crypto gives)', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r7wAwAuQqzX1u0')).toBe('n45k3vk9yBDlyz1EKxyLhYIVEvZ77_1HDiEGgqrcFog');
  });

  it('sends the browser to the provider with client, redirect, scope, audience, state and challenge', async () => {
    const storage = memoryStorage();
    const url = new URL(await oidcAuthorizationUrl(config, '/app/inbox?q=price', storage));
    expect(url.origin + url.pathname).toBe('https://login.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      tenant: '1',
      response_type: 'code',
      client_id: 'pinmark-app',
      redirect_uri: 'https://feedback.example/app/',
      scope: 'openid profile email',
      audience: 'pinmark-api',
      code_challenge_method: 'S256',
    });
    const pending = JSON.parse(storage.getItem('pinmark-app:oidc-pending')!);
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallenge(pending.verifier));
    expect(pending.verifier.length).toBeGreaterThanOrEqual(43);
  });

  it('trades the code with the verifier for an access token and returns where the person was', async () => {
    const storage = memoryStorage();
    const state = new URL(await oidcAuthorizationUrl(config, '/app/inbox?q=price', storage)).searchParams.get('state')!;
    const verifier = JSON.parse(storage.getItem('pinmark-app:oidc-pending')!).verifier;
    let sent: URLSearchParams | undefined;
    const post = (async (_url: string, init: RequestInit) => {
      sent = init.body as URLSearchParams;
      return new Response(JSON.stringify({ access_token: 'at-123', token_type: 'Bearer' }));
    }) as typeof fetch;
    expect(isOidcReturn({ search: `?code=c-1&state=${state}` })).toBe(true);
    const done = await finishOidcSignIn(config, { search: `?code=c-1&state=${state}` }, storage, post);
    expect(done).toEqual({ accessToken: 'at-123', returnTo: '/app/inbox?q=price' });
    expect(Object.fromEntries(sent!)).toEqual({
      grant_type: 'authorization_code',
      code: 'c-1',
      redirect_uri: 'https://feedback.example/app/',
      client_id: 'pinmark-app',
      code_verifier: verifier,
    });
    expect(storage.getItem('pinmark-app:oidc-pending')).toBeNull();
  });

  it('refuses a state of another tab, a refusal of the provider and an answer without a token, in words', async () => {
    const storage = memoryStorage();
    const state = new URL(await oidcAuthorizationUrl(config, '/app/', storage)).searchParams.get('state')!;
    await expect(finishOidcSignIn(config, { search: '?code=c&state=forged' }, storage)).rejects.toThrow(/another tab or has expired/);
    await oidcAuthorizationUrl(config, '/app/', storage);
    const fresh = JSON.parse(storage.getItem('pinmark-app:oidc-pending')!).state;
    await expect(
      finishOidcSignIn(config, { search: `?error=access_denied&error_description=User+said+no&state=${fresh}` }, storage),
    ).rejects.toThrow(/refused the sign-in: User said no/);
    await oidcAuthorizationUrl(config, '/app/', storage);
    const again = JSON.parse(storage.getItem('pinmark-app:oidc-pending')!).state;
    const noToken = (async () => new Response(JSON.stringify({ error: 'invalid_grant' }))) as unknown as typeof fetch;
    const failure = finishOidcSignIn(config, { search: `?code=c&state=${again}` }, storage, noToken);
    await expect(failure).rejects.toBeInstanceOf(OidcSignInError);
    await expect(failure).rejects.toThrow(/invalid_grant/);
    expect(state).not.toBe(fresh);
  });
});
