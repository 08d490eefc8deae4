/**
 * The time claims of the JWTs we accept from outside (customer JWTs, identity-provider access
 * tokens), checked against our clock rather than against each other. jose compares `exp` and
 * `nbf` with the clock but checks only the type of `iat`: a token claiming to be issued a year from
 * now passes, and a cap written as `exp − iat` then lets it live for a year. Here `iat` and `nbf`
 * may be ahead of us by the clock tolerance at most, and a lifetime cap also holds from now.
 */
import type { JWTPayload } from 'jose';

/** How far the issuer's clock may run ahead of ours (seconds), for iat, nbf and exp alike. */
export const CLOCK_TOLERANCE_S = 30;

/** A claim as a date for the message; a number beyond what a Date holds is shown as it is. */
function at(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? `${seconds} s since 1970` : date.toISOString();
}

/**
 * The failed check as `<check>: <why>` (the caller adds which token was refused), or undefined when
 * the time claims are acceptable. `maxLifetimeS` caps both `exp − iat` and `exp − now`.
 */
export function timeClaimProblem(payload: JWTPayload, nowMs: number, maxLifetimeS?: number): string | undefined {
  const now = nowMs / 1000;
  const { iat, nbf, exp } = payload;
  // jose has refused non-numeric iat, nbf and exp already; it compares only exp and nbf with now.
  if (typeof iat === 'number' && iat > now + CLOCK_TOLERANCE_S) {
    return `issued at: iat is in the future (${at(iat)}, ${Math.round(iat - now)} s ahead of the server clock; at most ${CLOCK_TOLERANCE_S} s of clock skew is tolerated)`;
  }
  if (typeof nbf === 'number' && nbf > now + CLOCK_TOLERANCE_S) {
    return `not before: nbf is in the future (${at(nbf)}, ${Math.round(nbf - now)} s ahead of the server clock; at most ${CLOCK_TOLERANCE_S} s of clock skew is tolerated)`;
  }
  if (maxLifetimeS !== undefined && typeof exp === 'number') {
    const hours = maxLifetimeS / 3600;
    if (typeof iat === 'number' && exp - iat > maxLifetimeS + CLOCK_TOLERANCE_S) return `expiry: exp is more than ${hours} hours after iat`;
    // Whatever iat says, the token must not outlive the cap counted from now.
    if (exp - now > maxLifetimeS + CLOCK_TOLERANCE_S) return `expiry: exp is more than ${hours} hours from now (${at(exp)})`;
  }
  return undefined;
}
