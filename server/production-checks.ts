/**
 * What production mode (NODE_ENV=production) refuses to start with. Each check answers one clear
 * sentence that names the variable to set, because the person reading it is at a terminal or a
 * deploy log and needs to know what to change, not a stack trace. Pure: main.ts asks the database
 * question (can anyone sign in?) and passes the answer in.
 */
import { INSECURE_DEV_SIGN_IN_VAR, type ServerConfig } from './domain/config.ts';
import { isLoopbackHost } from './net/address-rules.ts';

export interface SignInFacts {
  /** Installations in the database: each verifies its customer's signed JWTs. */
  installations: number;
}

/** The first unsafe thing about a production configuration, or null when it is safe to serve. */
export function unsafeProductionConfig(config: ServerConfig): string | null {
  if (!config.production) return null;
  if (!config.publicUrlSet) {
    return 'PUBLIC_URL must be set in production: the https address browsers reach this server at (e.g. PUBLIC_URL=https://feedback.example.com).';
  }
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    return `PUBLIC_URL must use https in production (got ${config.publicUrl}): sign-in tokens and API keys would cross the network in clear; terminate TLS at a reverse proxy and set PUBLIC_URL=https://….`;
  }
  if (config.storage.driver === 'local' && !config.storage.secret) {
    return 'PINMARK_STORAGE_SECRET must be set in production (at least 16 random characters): it signs upload forms and file links, and a generated one would differ between server processes.';
  }
  if (config.webhooks.allowedPrivateHosts.length > 0) {
    return `PINMARK_WEBHOOK_ALLOWED_HOSTS must be empty in production (got ${config.webhooks.allowedPrivateHosts.join(', ')}): webhooks to private, loopback or metadata addresses let anyone with an API key reach your internal network.`;
  }
  return null;
}

/** Checked once the database is open: with no way to sign in, every reviewer would hit a wall. */
export function noSignInMethod(config: ServerConfig, facts: SignInFacts): string | null {
  if (!config.production || config.oidc || config.devIdp || facts.installations > 0) return null;
  return 'No way for a reviewer to sign in: set OIDC_ISSUER to your identity provider, or create an installation whose customer-JWT key your site signs with (npm run admin -- init).';
}

/** Printed on every start while the development sign-in is forced on in production. */
export function insecureDevSignInWarning(config: ServerConfig): string | null {
  if (!config.production || !config.devIdp) return null;
  return `WARNING: ${INSECURE_DEV_SIGN_IN_VAR} is on in production. Anyone can sign in with any name and e-mail address through ${config.publicUrl}/sign-in. Turn it off before real people use this server.`;
}
