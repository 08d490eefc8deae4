/**
 * Checks of what a host passes to the public methods (`identify`, `setViewMode`, the `viewMode`
 * option). Host code is not typed for us (plain JS, a stale version, a typo), so every value is
 * checked and a mistake becomes a readable HostInputError — reported as an `error` event with its
 * `code` and one console.warn by createPinmark, never thrown into the page.
 */
import type { HostTokenSource } from './auth/auth';
import type { PinmarkEventName } from './types';
import { VIEW_MODE_SETTINGS, type ViewModeSetting } from './state/model/view-mode';

export class HostInputError extends Error {
  /** `invalid_options` (init), `invalid_argument` (a method's argument), `not_initialized`. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'HostInputError';
    this.code = code;
  }
}

const IDENTITY_KEYS = ['customerToken', 'getCustomerToken', 'identityToken', 'getIdentityToken'] as const;

/** `identify()`'s argument → where silent sign-ins get the token; exactly one of the four keys. */
export function tokenSourceOf(identity: unknown): HostTokenSource {
  const bad = (why: string) => new HostInputError('invalid_argument', `identify() needs one of ${IDENTITY_KEYS.join(', ')}: ${why}.`);
  if (typeof identity !== 'object' || identity === null) throw bad('got no object');
  const given = IDENTITY_KEYS.filter((key) => (identity as Record<string, unknown>)[key] !== undefined);
  if (given.length !== 1) throw bad(given.length ? `got ${given.join(' and ')}` : 'got none of them');
  const key = given[0]!;
  const value: unknown = (identity as Record<string, unknown>)[key];
  const method = key === 'customerToken' || key === 'getCustomerToken' ? 'customer-token' : 'identity-token';
  if (key.startsWith('get')) {
    if (typeof value !== 'function') throw bad(`"${key}" must be a function returning a Promise of the token`);
    const get = value as () => unknown;
    // Called again at every renewal; whatever it returns is checked where the token is used.
    return { method, get: async () => (await get()) as string };
  }
  if (typeof value !== 'string' || !value.trim()) throw bad(`"${key}" must be a non-empty string`);
  const token = value.trim();
  return { method, get: () => Promise.resolve(token) };
}

// Every event, checked against the map by the type: a host's typo ('threadcreated') is told, not ignored.
const EVENTS: Record<PinmarkEventName, true> = {
  ready: true,
  signedIn: true,
  signedOut: true,
  threadCreated: true,
  messageCreated: true,
  messageUpdated: true,
  messageDeleted: true,
  threadResolved: true,
  threadReopened: true,
  threadDeleted: true,
  threadMoved: true,
  error: true,
};

/** `on(event, handler)`'s arguments. */
export function checkSubscription(event: unknown, handler: unknown): void {
  if (typeof event !== 'string' || !Object.prototype.hasOwnProperty.call(EVENTS, event)) {
    throw new HostInputError('invalid_argument', `on(): unknown event ${describe(event)}; known: ${Object.keys(EVENTS).join(', ')}.`);
  }
  if (typeof handler !== 'function')
    throw new HostInputError('invalid_argument', `on("${event}") needs a function, got ${describe(handler)}.`);
}

/** A view mode from the host (`setViewMode`, option `viewMode`). */
export function viewModeOf(value: unknown, where: string, code = 'invalid_argument'): ViewModeSetting {
  if (typeof value === 'string' && (VIEW_MODE_SETTINGS as readonly string[]).includes(value)) return value as ViewModeSetting;
  const allowed = VIEW_MODE_SETTINGS.map((mode) => `"${mode}"`).join(', ');
  throw new HostInputError(code, `${where} must be one of ${allowed}, got ${describe(value)}.`);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
