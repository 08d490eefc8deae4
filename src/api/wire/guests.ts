/**
 * Wire types of guest reporting (issue 18; docs/api-decisions.md, "Guest reporting"): the signed
 * challenge and the guest sign-in the widget's sign-in panel makes, and what the review app reads
 * and changes about a guest.
 */
import type { EpochMs } from './common';
import type { ExchangeTokenResponse } from './auth';

/** `POST /auth/guest/challenge` */
export interface GuestChallengeRequest {
  publicKey: string;
}

export interface GuestChallengeResponse {
  /** Opaque; signed by the server. */
  challenge: string;
  /** Leading zero bits SHA-256(`<challenge>:<nonce>`) must have. */
  bits: number;
  /** The sign-in is refused sooner than this after the challenge was made. */
  minSubmitMs: number;
}

/** `POST /auth/guest` */
export interface GuestSignInRequest {
  publicKey: string;
  markupId: string;
  name: string;
  email: string;
  /** A random key this browser keeps (localStorage): the same key is the same guest. */
  browserKey: string;
  challenge: string;
  /** Decimal digits. */
  nonce: string;
}

export interface GuestSignInResponse extends ExchangeTokenResponse {
  name: string;
}

/** `GET /guests/:userId` (members, API keys): a guest of the workspace. */
export interface GuestResponse {
  userId: string;
  name: string;
  email: string;
  installationId: string;
  blocked: boolean;
  createdAt: EpochMs;
}

/** `PATCH /installations/:id` */
export interface UpdateInstallationRequest {
  guestReporting?: boolean;
  guestDailyThreadCap?: number;
}
