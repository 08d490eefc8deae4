/**
 * How this server lets members sign in (`GET /auth/app-config`): the development sign-in, the
 * workspace's OIDC provider, or both. On the way back from the provider the code is traded for a
 * member session here, once, before the app shows anything, and the address is cleaned.
 */
import { signal } from '@preact/signals';
import type { AppAuthConfigResponse } from '../../src/api/wire';
import { isOidcReturn } from '../auth/oidc-return';
import { t } from '../i18n';
import { describeFailure } from './errors';
import { signInWithAccessToken } from './session';

export const signInConfig = signal<AppAuthConfigResponse | null>(null);
/** Why the last sign-in through the provider failed, in words for the person. */
export const providerError = signal('');

/** Why a member session was refused, in words for the person (a 403 is "not a member here"). */
export function describeSignInFailure(failure: unknown): string {
  const status = (failure as { status?: number } | null)?.status;
  return status === 403 ? t().errors.notMember : status === 404 ? t().errors.noSignIn : describeFailure(failure);
}

async function loadConfig(): Promise<AppAuthConfigResponse> {
  const response = await fetch('/api/v2/auth/app-config', { headers: { 'Service-API-Version': '2023-02-22', Accept: 'application/json' } });
  const body = (await response.json()) as { data?: AppAuthConfigResponse; error?: { message?: string } };
  if (!response.ok || !body.data) throw Object.assign(new Error(body.error?.message ?? response.statusText), { status: response.status });
  return body.data;
}

/** Reads the configuration and, when the provider sent the browser back here, finishes that sign-in. */
export async function prepareSignIn(): Promise<void> {
  try {
    const config = await loadConfig();
    signInConfig.value = config;
    if (!config.oidc || !isOidcReturn(window.location)) return;
    try {
      // The flow's code loads only here and when someone starts a sign-in with the provider.
      const { finishOidcSignIn } = await import('../auth/pkce');
      const { accessToken, returnTo } = await finishOidcSignIn(config.oidc, window.location);
      history.replaceState(null, '', returnTo);
      await signInWithAccessToken(accessToken);
    } catch (failure) {
      history.replaceState(null, '', '/app/');
      providerError.value =
        failure instanceof Error && failure.name === 'OidcSignInError' ? failure.message : describeSignInFailure(failure);
    }
  } catch (failure) {
    // Without the configuration the development form still shows; the reason is kept for the page.
    signInConfig.value = { devSignIn: true, oidc: null };
    providerError.value = describeFailure(failure);
  }
}
