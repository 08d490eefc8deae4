/**
 * Envelope and common wire types: time formats (epoch ms, ISO 8601), the API version and path
 * prefix, the `{data}` success envelope and the error body with its codes.
 */

/** Epoch milliseconds (threads, messages, users embedded in threads). */
export type EpochMs = number;
/** ISO 8601 string (markups, auth expiresAt). */
export type Iso8601 = string;

export const SERVICE_API_VERSION = '2023-02-22';
export const API_PREFIX = '/api/v2';

/** Every success response with a body. */
export interface DataEnvelope<T> {
  data: T;
}

/** Every error response. `details` lists per-field problems for validation errors. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: { path: string; message: string }[];
  };
}

export type ErrorCode =
  | 'bad_request'
  | 'malformed_json'
  | 'validation_failed'
  | 'unsupported_api_version'
  | 'unauthorized'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'already_consumed'
  | 'session_expired'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  // Uploads and object storage (docs/api-decisions.md, "Uploads, screenshots and storage").
  | 'policy_expired'
  | 'url_expired'
  | 'entity_too_large'
  | 'upload_not_found'
  | 'etag_mismatch'
  // Storage quotas (507; docs/api-decisions.md, "Storage quotas").
  | 'quota_exceeded'
  // Idempotency keys (docs/api-decisions.md, "Idempotency keys").
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  // Guest reporting (issue 18; docs/api-decisions.md, "Guest reporting").
  | 'guests_disabled'
  | 'guest_blocked'
  | 'guest_daily_cap_reached'
  | 'challenge_invalid'
  | 'challenge_expired'
  | 'challenge_spent'
  | 'submitted_too_fast'
  | 'proof_invalid';
