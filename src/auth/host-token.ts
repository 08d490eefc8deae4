/**
 * A host's token for its own user → a Pinmark session: a customer JWT its backend signed
 * (POST /auth/exchange) or an identity-provider access token (POST /auth/sdk-exchange). The token
 * comes from a function (the `getCustomerToken`/`getIdentityToken` options, or `identify()`), asked
 * again at every renewal; what it returns is checked here, since host code is not typed for us.
 */
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { ExchangeTokenResponse, SdkExchangeResponse } from '../api/wire';
import { jwtDisplayName } from './nonce';
import type { StoredSession } from './session-storage';

/** A host's way to get a token for its user. */
export interface HostTokenSource {
  method: 'customer-token' | 'identity-token';
  get: () => Promise<string>;
}

export async function exchangeHostToken(
  source: HostTokenSource,
  options: { api: ApiClient; publicKey: string; markupId: string },
): Promise<StoredSession> {
  if (source.method === 'customer-token') {
    const token = await hostToken(source.get, 'getCustomerToken');
    return toSession(await options.api.exchange(token), jwtDisplayName(token));
  }
  const token = await hostToken(source.get, 'getIdentityToken');
  const result = await options.api.sdkExchange(token, {
    publicKey: options.publicKey,
    markupId: options.markupId,
    sdkOrigin: window.location.origin,
  });
  return toSession(result, jwtDisplayName(token));
}

export function toSession(result: ExchangeTokenResponse | SdkExchangeResponse, fallbackName: string): StoredSession {
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

async function hostToken(get: () => Promise<string>, label: string): Promise<string> {
  const token = await get();
  if (typeof token !== 'string' || !token) throw new ApiError(0, 'bad_request', `${label}() did not return a token.`);
  return token;
}
