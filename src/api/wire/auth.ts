/**
 * Wire types of authentication: token exchange, the SDK sign-in (with its popup's messages) and
 * the auth configuration.
 */
import type { Iso8601 } from './common';
import type { WorkspaceRole } from './workspace';

export interface FeedbackMarkupRole {
  slug: 'reviewer' | 'admin' | string;
  name: string;
  /** Markup scopes this role grants (see MarkupScope). */
  scopes: string[];
}

export interface ExchangeRequest {
  token: string;
}

export interface ExchangeTokenResponse {
  exchangeToken: string;
  expiresAt: Iso8601;
  workspaceId: string;
  userId: string;
  markupRole: FeedbackMarkupRole;
}

export interface SdkExchangeRequest {
  publicKey: string;
  markupId: string;
  sdkOrigin: string;
  state?: string;
}

export interface SdkExchangeResponse extends ExchangeTokenResponse {
  validatedSdkOrigin: string;
  name: string;
}

export interface SdkExchangeResultQuery {
  state: string;
  publicKey: string;
  markupId: string;
}

export interface AuthConfigResponse {
  installationId: string;
  expectedAud: string;
  expectedIss: string;
  /** Decided extras. */
  signingAlgorithms?: string[];
  rateLimits?: { exchangePerMinute: number };
  /** With `?origin=`: whether the installation allows a widget on that origin (sign-in is refused otherwise). */
  originAllowed?: boolean;
  /** Issue 18: present when visitors may report as guests (POST /auth/guest/challenge, /auth/guest). */
  guests?: { enabled: true };
}

/**
 * The message the sign-in popup posts to its opener once the SDK session is minted.
 * It carries no token: the widget reads the result once through GET /auth/sdk-exchange/result.
 */
export interface SignInDoneMessage {
  type: 'pinmark:sdk-signed-in';
  state: string;
}

export interface SignInFailedMessage {
  type: 'pinmark:sdk-sign-in-failed';
  state: string;
  message: string;
}

/** Decided (issue 16): a member's session for the review app, `POST /auth/member-session`. */
export interface MemberSessionRequest {
  /** The workspace to open; the member's oldest membership when absent. */
  workspaceId?: string;
}

export interface MemberSessionResponse {
  /** `pmm_…`: sent as `Authorization: Bearer` like an exchange token; reaches the whole workspace. */
  memberToken: string;
  expiresAt: Iso8601;
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  name: string;
  email?: string;
  /** Every workspace this person is a member of, to switch between them. */
  workspaces: { id: string; name: string; role: WorkspaceRole }[];
}

/**
 * Decided (issue 16): how the review app signs members in, `GET /auth/app-config` (no credential).
 * `oidc` is the identity provider's authorization code flow with PKCE for a public client; the
 * access token it yields goes to `POST /auth/member-session` as the development sign-in's does.
 */
export interface AppAuthConfigResponse {
  /** The built-in development sign-in (POST /idp/token from this origin) is on. */
  devSignIn: boolean;
  oidc: {
    issuer: string;
    authorizationEndpoint: string;
    tokenEndpoint: string;
    clientId: string;
    scope: string;
    /** Sent as `audience` where the provider needs it to issue an access token for this API. */
    audience?: string;
    /** Where the provider sends the browser back: the app's own address. */
    redirectUri: string;
  } | null;
}
