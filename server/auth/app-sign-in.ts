/**
 * How the review app signs members in (issue 16), answered by `GET /auth/app-config`: the built-in
 * development sign-in where it is on, and in production the configured OIDC provider's
 * authorization code flow with PKCE (endpoints from its discovery document, read once and kept
 * for ten minutes). The app itself runs the flow; the server only says where to go.
 */
import type { AppAuthConfigResponse } from '../../src/api/wire.ts';
import type { AppConfig } from '../domain/config.ts';
import type { Clock } from '../domain/clock.ts';
import { ApiError } from '../domain/errors.ts';

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const DEFAULT_SCOPE = 'openid profile email';

interface Discovery {
  authorization_endpoint?: string;
  token_endpoint?: string;
}

const isHttps = (value: unknown, allowHttp: boolean): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
  } catch {
    return false;
  }
};

export function appSignInConfig(config: AppConfig, clock: Clock, fetchJson: typeof fetch = fetch) {
  let cached: { at: number; value: Promise<Discovery> } | undefined;

  async function discovery(issuer: string): Promise<Discovery> {
    const response = await fetchJson(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return (await response.json()) as Discovery;
  }

  return async function appAuthConfig(): Promise<AppAuthConfigResponse> {
    const oidc = config.oidc;
    if (!oidc?.clientId) return { devSignIn: config.devIdp, oidc: null };
    if (!cached || clock.now() - cached.at > DISCOVERY_TTL_MS) {
      const value = discovery(oidc.issuer);
      cached = { at: clock.now(), value };
      // A failed read is not kept: the next request tries again.
      value.catch(() => (cached = undefined));
    }
    let found: Discovery;
    try {
      found = await cached.value;
    } catch (error) {
      throw new ApiError(
        503,
        'internal_error',
        `The identity provider's discovery document could not be read (${(error as Error).message})`,
      );
    }
    // Plain http only outside production (a provider on this machine while developing).
    const allowHttp = !config.production;
    if (!isHttps(found.authorization_endpoint, allowHttp) || !isHttps(found.token_endpoint, allowHttp)) {
      throw new ApiError(
        503,
        'internal_error',
        "The identity provider's discovery document names no usable authorization and token endpoints",
      );
    }
    return {
      devSignIn: config.devIdp,
      oidc: {
        issuer: oidc.issuer,
        authorizationEndpoint: found.authorization_endpoint,
        tokenEndpoint: found.token_endpoint,
        clientId: oidc.clientId,
        scope: oidc.scope ?? DEFAULT_SCOPE,
        ...(oidc.audience ? { audience: oidc.audience } : {}),
        redirectUri: `${config.publicUrl}/app/`,
      },
    };
  };
}
